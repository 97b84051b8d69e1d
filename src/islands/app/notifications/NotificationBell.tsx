import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  $notifications,
  $unreadCount,
  loadNotifications,
  markRead,
  refreshUnreadCount,
  startLiveNotifications,
  stopLiveNotifications,
} from '../../../stores/notifications.store.ts';
import { BellIcon } from '../shell/icons.tsx';
import { NotificationItem } from './NotificationItem.tsx';
import { useT } from '../../i18n/use-t.tsx';

/** The header bell: the unread count, live; a click opens the newest notifications with "Mark all read" and "See all". */
export default function NotificationBell() {
  const count = useStore($unreadCount);
  const list = useStore($notifications);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    refreshUnreadCount().catch((error: unknown) => console.error('Failed to count notifications', error));
    void startLiveNotifications();
    return () => stopLiveNotifications();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onClick);
    return () => document.removeEventListener('mousedown', onClick);
  }, [open]);

  const toggle = () => {
    if (!open) loadNotifications().catch((error: unknown) => console.error('Failed to load notifications', error));
    setOpen(!open);
  };

  const t = useT();
  return (
    <div className="relative" ref={box} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        onClick={toggle}
        aria-label={count > 0 ? t('app.notificationsUnread', { count }) : t('app.notifications')}
        aria-expanded={open}
        className="relative flex size-10 items-center justify-center rounded-full text-ink hover:bg-brand-50"
      >
        <BellIcon />
        {count > 0 && (
          <span
            data-testid="unread-count"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div
          role="dialog"
          aria-label={t('app.notifications')}
          className="absolute right-0 z-30 mt-2 w-80 rounded-lg border border-line bg-surface shadow-lg"
        >
          <div className="flex items-center justify-between border-b border-line px-3 py-2">
            <span className="font-semibold">{t('app.notifications')}</span>
            <button
              type="button"
              disabled={count === 0}
              onClick={() => void markRead()}
              className="text-sm font-semibold text-brand-700 disabled:text-muted"
            >
              {t('app.markAllRead')}
            </button>
          </div>
          {list.items.length === 0 ? (
            <p className="px-3 py-4 text-sm text-muted">{list.loading ? t('common.loading') : t('app.noNotifications')}</p>
          ) : (
            <ul className="max-h-96 divide-y divide-line overflow-y-auto text-sm">
              {list.items.slice(0, 10).map((n) => (
                <NotificationItem key={n.id} notification={n} />
              ))}
            </ul>
          )}
          <a
            href="/home/notifications"
            className="block border-t border-line px-3 py-2 text-center text-sm font-semibold text-brand-700 hover:underline"
          >
            {t('app.seeAllNotifications')}
          </a>
        </div>
      )}
    </div>
  );
}
