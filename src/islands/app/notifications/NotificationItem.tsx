import type { Notification } from '../../../lib/api-types.ts';
import { relativeTime } from '../../../lib/format.ts';
import { markRead, notificationHref } from '../../../stores/notifications.store.ts';
import { useLang, useT } from '../../i18n/use-t.tsx';
import { notificationText } from './notification-text.ts';

/** One notification: its line, when, and a link to what it is about; opening it marks it read. */
export function NotificationItem({ notification }: { notification: Notification }) {
  const t = useT();
  const lang = useLang();
  const href = notificationHref(notification);
  const body = (
    <>
      <span className={notification.read ? '' : 'font-semibold'}>{notificationText(notification, t)}</span>
      <span className="block text-xs text-muted">
        <time dateTime={notification.created_at}>{relativeTime(notification.created_at, new Date(), lang)}</time>
        {!notification.read && <span className="ml-2 text-brand-700">{t('notifications.unread')}</span>}
      </span>
    </>
  );
  return (
    <li data-testid="notification" className={`px-3 py-2 ${notification.read ? '' : 'bg-brand-50'}`}>
      {href ? (
        <a
          href={href}
          className="block hover:underline"
          onClick={() => {
            if (!notification.read) void markRead([notification.id]);
          }}
        >
          {body}
        </a>
      ) : (
        <button type="button" className="block w-full text-left" onClick={() => !notification.read && void markRead([notification.id])}>
          {body}
        </button>
      )}
    </li>
  );
}
