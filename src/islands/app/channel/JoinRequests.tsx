import { useStore } from '@nanostores/react';
import { relativeTime } from '../../../lib/format.ts';
import { useLang, useT } from '../../i18n/use-t.tsx';
import { $requests, decideRequest, loadRequests } from './channel.store.ts';

/** For the owner of a private channel: who asked to join, with Approve and Reject. */
export default function JoinRequests() {
  const t = useT();
  const lang = useLang();
  const { items, hasMore, loading, busy } = useStore($requests);
  return (
    <section aria-labelledby="join-requests" className="rounded-xl border border-line bg-surface p-4">
      <h2 id="join-requests" className="mb-2 font-bold">
        {t('channelPage.requests')}
      </h2>
      {items.length === 0 && !loading && <p className="text-sm text-muted">{t('channelPage.noRequests')}</p>}
      <ul className="divide-y divide-line">
        {items.map((request) => (
          <li key={request.id} className="flex flex-wrap items-center gap-2 py-2" data-testid="join-request">
            <span className="font-semibold">{request.user}</span>
            <time dateTime={request.created_at} className="text-sm text-muted">
              {relativeTime(request.created_at, new Date(), lang)}
            </time>
            <span className="ml-auto flex gap-2">
              <button
                type="button"
                disabled={busy.includes(request.id)}
                onClick={() => void decideRequest(request, 'approve')}
                aria-label={t('channelPage.approveUser', { user: request.user })}
                className="rounded-full bg-brand-600 px-3 py-1 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
              >
                {t('channelPage.approve')}
              </button>
              <button
                type="button"
                disabled={busy.includes(request.id)}
                onClick={() => void decideRequest(request, 'reject')}
                aria-label={t('channelPage.rejectUser', { user: request.user })}
                className="rounded-full border border-line px-3 py-1 text-sm font-semibold hover:bg-canvas disabled:opacity-60"
              >
                {t('channelPage.reject')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      {hasMore && items.length > 0 && (
        <button
          type="button"
          onClick={() => void loadRequests()}
          disabled={loading}
          className="mt-2 text-sm font-semibold text-brand-700 hover:underline"
        >
          {t('channelPage.moreRequests')}
        </button>
      )}
    </section>
  );
}
