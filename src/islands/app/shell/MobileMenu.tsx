import { useId } from 'react';
import type { AuthStatus } from './viewer.store.ts';
import { openLogin } from '../../../stores/login.store.ts';
import { MenuIcon } from './icons.tsx';
import { logNotifications, logProfile } from './notifications.ts';
import { useDisclosure } from './use-disclosure.ts';

const itemClass = 'block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-brand-50 focus-visible:bg-brand-50';

/** The header's hamburger menu on small screens: Create +, Notifications and Profile when signed in, else Login. */
export function MobileMenu({ status }: { status: AuthStatus }) {
  const { open, toggle, close, rootRef, buttonRef } = useDisclosure();
  const panelId = useId();
  return (
    <div ref={rootRef} className="relative md:hidden">
      <button
        ref={buttonRef}
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Open header menu"
        className="flex size-10 items-center justify-center rounded-lg text-ink hover:bg-brand-50"
      >
        <MenuIcon />
      </button>
      <div id={panelId} hidden={!open} className="absolute right-0 z-30 mt-2 w-52 rounded-xl border border-line bg-surface p-2 shadow-lg">
        {status === 'signed-in' ? (
          <>
            <a href="/home/create" className={itemClass}>Create +</a>
            <button type="button" className={itemClass} onClick={() => { logNotifications(); close(); }}>Notifications</button>
            <button type="button" className={itemClass} onClick={() => { logProfile(); close(); }}>Profile</button>
          </>
        ) : (
          <button type="button" className={itemClass} onClick={() => { close(); openLogin(); }}>Login</button>
        )}
      </div>
    </div>
  );
}
