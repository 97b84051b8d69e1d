import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $notifications, $unreadCount, loadNotifications, markRead } from '../../../stores/notifications.store.ts';
import SignInPrompt, { useHasToken } from '../create-post/SignInPrompt.tsx';
import { NotificationItem } from './NotificationItem.tsx';
import { useT, withLang } from '../../i18n/use-t.tsx';

/** /home/notifications: every notification, newest first, paged with "Show more"; live through the header bell's stream. */
function NotificationsPage() {
  const t = useT();
  const list = useStore($notifications);
  const unread = useStore($unreadCount);
  const signedIn = useHasToken();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (signedIn) loadNotifications().catch(() => setFailed(true));
  }, [signedIn]);

  if (signedIn === false) return <SignInPrompt message={t('notifications.signIn')} />;
  return (
    <section aria-labelledby="notifications-title" className="mx-auto max-w-2xl rounded-xl border border-line bg-surface">
      <header className="flex items-center justify-between border-b border-line p-4">
        <h1 id="notifications-title" className="text-xl font-bold">
          {t('notifications.title')}
        </h1>
        <button
          type="button"
          disabled={unread === 0}
          onClick={() => void markRead()}
          className="rounded-full border border-line px-4 py-1.5 text-sm font-semibold disabled:opacity-60"
        >
          {t('notifications.markAllRead')}
        </button>
      </header>
      {failed && (
        <p role="alert" className="p-4 text-muted">
          {t('notifications.loadFailed')}
        </p>
      )}
      {list.items.length === 0 && !list.loading && !failed ? (
        <p className="p-4 text-muted">{t('notifications.empty')}</p>
      ) : (
        <ul className="divide-y divide-line">
          {list.items.map((n) => (
            <NotificationItem key={n.id} notification={n} />
          ))}
        </ul>
      )}
      {list.hasMore && list.items.length > 0 && (
        <button
          type="button"
          disabled={list.loading}
          onClick={() => loadNotifications(false).catch(() => setFailed(true))}
          className="m-4 rounded-full border border-line px-4 py-2 text-sm font-semibold"
        >
          {list.loading ? t('common.loading') : t('notifications.showMore')}
        </button>
      )}
    </section>
  );
}

export default withLang(NotificationsPage);
