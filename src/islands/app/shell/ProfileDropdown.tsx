import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { $profile, $user, logout } from '../../../stores/session.store.ts';
import { Avatar } from './Avatar.tsx';
import { useDisclosure } from './use-disclosure.ts';

const itemClass = 'block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-brand-50 focus-visible:bg-brand-50';

/** The signed-in user's menu: profile row and Settings (both to /profile), and Logout. */
export function ProfileDropdown() {
  const user = useStore($user);
  const profile = useStore($profile);
  const { open, toggle, rootRef, buttonRef } = useDisclosure();
  const panelId = useId();
  const name = user.username || 'Your profile';

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Profile menu"
        className="flex items-center rounded-full p-0.5 hover:ring-2 hover:ring-brand-100"
      >
        <Avatar name={name} color={profile?.color} />
      </button>
      <div id={panelId} hidden={!open} className="absolute right-0 z-30 mt-2 w-60 rounded-xl border border-line bg-surface p-2 shadow-lg">
        <a href="/profile" className={`${itemClass} flex items-center gap-3`}>
          <Avatar name={name} color={profile?.color} size="md" />
          <span className="min-w-0">
            <span className="block truncate font-semibold text-ink">{name}</span>
            <span className="block text-xs text-muted">View profile</span>
          </span>
        </a>
        <hr className="my-2 border-line" />
        <a href="/profile" className={itemClass}>Settings</a>
        <button type="button" onClick={() => void logout()} className={itemClass}>Logout</button>
      </div>
    </div>
  );
}
