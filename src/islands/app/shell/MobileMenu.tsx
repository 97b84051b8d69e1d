import { useStore } from '@nanostores/react';
import type { AuthStatus } from './viewer.store.ts';
import { openLogin } from '../../../stores/login.store.ts';
import { logout } from '../../../stores/session.store.ts';
import { $unreadCount } from '../../../stores/notifications.store.ts';
import { DropdownMenu, menuItemClass } from './DropdownMenu.tsx';
import { MenuIcon } from './icons.tsx';
import { DataSaverToggle } from './DataSaverToggle.tsx';
import { useT } from '../../i18n/use-t.tsx';
import { AppPreferences } from './AppPreferences.tsx';
import { NAV_ITEMS } from '../../../components/app/nav-items.ts';

/**
 * The one menu on a phone (below md): everything the desktop has — the side menu's places, Create +, Notifications
 * with the unread count, Profile, language, theme, data saver and Logout; Login for a visitor.
 */
export function MobileMenu({ status }: { status: AuthStatus }) {
  const t = useT();
  const unread = useStore($unreadCount);
  const places = NAV_ITEMS.filter((item) => item.href && (status === 'signed-in' || item.key !== 'create-channel'));
  return (
    <DropdownMenu
      label={unread > 0 && status === 'signed-in' ? t('app.headerMenuUnread', { count: unread }) : t('app.headerMenu')}
      className="md:hidden"
      button={
        <span className="relative">
          <MenuIcon />
          {status === 'signed-in' && unread > 0 && (
            <span className="absolute -top-1 -right-1 size-2.5 rounded-full bg-red-600" aria-hidden="true" />
          )}
        </span>
      }
      buttonClass="flex size-10 items-center justify-center rounded-lg text-ink hover:bg-brand-50"
      panelWidth="w-60 max-h-[calc(100vh-5rem)] overflow-y-auto"
    >
      {(close) => (
        <nav aria-label={t('app.appMenu')}>
          {places.map((item) => (
            <a key={item.label} href={item.href} className={menuItemClass}>
              {t(item.label)}
            </a>
          ))}
          <hr className="my-2 border-line" />
          {status === 'signed-in' ? (
            <>
              <a href="/home/create" className={menuItemClass}>
                {t('app.create')}
              </a>
              <a href="/home/notifications" className={`${menuItemClass} flex items-center justify-between`}>
                <span>{t('app.notifications')}</span>
                {unread > 0 && (
                  <span
                    className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white"
                    aria-label={t('app.unreadCount', { count: unread })}
                  >
                    {unread > 99 ? '99+' : unread}
                  </span>
                )}
              </a>
              <a href="/profile" className={menuItemClass}>
                {t('app.profile')}
              </a>
              <hr className="my-2 border-line" />
              <AppPreferences />
              <DataSaverToggle />
              <hr className="my-2 border-line" />
              <button
                type="button"
                className={menuItemClass}
                onClick={() => {
                  close();
                  void logout();
                }}
              >
                {t('app.logout')}
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className={menuItemClass}
                onClick={() => {
                  close();
                  openLogin();
                }}
              >
                {t('common.login')}
              </button>
              <AppPreferences />
              <DataSaverToggle />
            </>
          )}
        </nav>
      )}
    </DropdownMenu>
  );
}
