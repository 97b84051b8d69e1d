import { useStore } from '@nanostores/react';
import { $profile, $user, logout } from '../../../stores/session.store.ts';
import { Avatar } from './Avatar.tsx';
import { DropdownMenu, menuItemClass } from './DropdownMenu.tsx';
import { DataSaverToggle } from './DataSaverToggle.tsx';

/** The signed-in user's menu: profile row and Settings (both to /profile), the data saver switch, and Logout. */
export function ProfileDropdown() {
  const user = useStore($user);
  const profile = useStore($profile);
  const name = user.username || 'Your profile';

  return (
    <DropdownMenu
      label="Profile menu"
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
              <span className="block text-xs text-muted">View profile</span>
            </span>
          </a>
          <hr className="my-2 border-line" />
          <a href="/profile" className={menuItemClass}>Settings</a>
          <DataSaverToggle />
          <button type="button" onClick={() => void logout()} className={menuItemClass}>Logout</button>
        </>
      )}
    </DropdownMenu>
  );
}
