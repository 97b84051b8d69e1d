import { useStore } from '@nanostores/react';
import { $profile, $user, logout } from '../../../stores/session.store.ts';
import { Avatar } from './Avatar.tsx';
import { DropdownMenu, menuItemClass } from './DropdownMenu.tsx';
import { DataSaverToggle } from './DataSaverToggle.tsx';
import { useT } from '../../i18n/use-t.tsx';
import { AppPreferences } from './AppPreferences.tsx';

/** The signed-in user's menu: profile row and Settings (both to /profile), the data saver switch, and Logout. */
export function ProfileDropdown() {
  const user = useStore($user);
  const profile = useStore($profile);
  const t = useT();
  const name = user.username || t('app.yourProfile');

  return (
    <DropdownMenu
      label={t('app.profileMenu')}
      button={<Avatar name={name} color={profile?.color} />}
      buttonClass="flex items-center rounded-full p-0.5 hover:ring-2 hover:ring-brand-100"
      panelWidth="w-60"
    >
      {() => (
        <>
          <a href="/profile" className={`${menuItemClass} flex items-center gap-3`}>
            <Avatar name={name} color={profile?.color} size="md" />
            <span className="min-w-0">
              <span className="block truncate font-semibold text-ink">{name}</span>
              <span className="block text-xs text-muted">{t('app.viewProfile')}</span>
            </span>
          </a>
          <hr className="my-2 border-line" />
          <a href="/profile" className={menuItemClass}>
            {t('app.settings')}
          </a>
          <AppPreferences />
          <DataSaverToggle />
          <hr className="my-2 border-line" />
          <button type="button" onClick={() => void logout()} className={menuItemClass}>
            {t('app.logout')}
          </button>
        </>
      )}
    </DropdownMenu>
  );
}
