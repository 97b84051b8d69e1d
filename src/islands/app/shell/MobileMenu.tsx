import type { AuthStatus } from './viewer.store.ts';
import { openLogin } from '../../../stores/login.store.ts';
import { DropdownMenu, menuItemClass } from './DropdownMenu.tsx';
import { MenuIcon } from './icons.tsx';
import { logProfile } from './menu-actions.ts';
import { DataSaverToggle } from './DataSaverToggle.tsx';
import { useT } from '../../i18n/use-t.tsx';
import { AppPreferences } from './AppPreferences.tsx';

/** The header's hamburger menu on small screens: Create +, Notifications and Profile when signed in, else Login; and the data saver switch. */
export function MobileMenu({ status }: { status: AuthStatus }) {
  const t = useT();
  return (
    <DropdownMenu
      label={t('app.headerMenu')}
      className="md:hidden"
      button={<MenuIcon />}
      buttonClass="flex size-10 items-center justify-center rounded-lg text-ink hover:bg-brand-50"
      panelWidth="w-52"
    >
      {(close) =>
        status === 'signed-in' ? (
          <>
            <a href="/home/create" className={menuItemClass}>{t('app.create')}</a>
            <a href="/home/notifications" className={menuItemClass}>{t('app.notifications')}</a>
            <button type="button" className={menuItemClass} onClick={() => { logProfile(); close(); }}>{t('app.profile')}</button>
            <AppPreferences />
            <DataSaverToggle />
          </>
        ) : (
          <>
            <button type="button" className={menuItemClass} onClick={() => { close(); openLogin(); }}>{t('common.login')}</button>
            <AppPreferences />
            <DataSaverToggle />
          </>
        )
      }
    </DropdownMenu>
  );
}
