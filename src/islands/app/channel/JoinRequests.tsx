import { useStore } from '@nanostores/react';
import { relativeTime } from '../../../lib/format.ts';
import { $requests, decideRequest, loadRequests } from './channel.store.ts';

/** For the owner of a private channel: who asked to join, with Approve and Reject. */
export default function JoinRequests() {
  const { items, hasMore, loading, busy } = useStore($requests);
  return (
    <section aria-labelledby="join-requests" className="rounded-xl border border-line bg-surface p-4">
      <h2 id="join-requests" className="mb-2 font-bold">
        Requests to join
      </h2>
      {items.length === 0 && !loading && <p className="text-sm text-muted">No pending requests.</p>}
      <ul className="divide-y divide-line">
        {items.map((request) => (
          <li key={request.id} className="flex flex-wrap items-center gap-2 py-2" data-testid="join-request">
            <span className="font-semibold">{request.user}</span>
            <time dateTime={request.created_at} className="text-sm text-muted">
              {relativeTime(request.created_at)}
            </time>
            <span className="ml-auto flex gap-2">
              <button type="button" disabled={busy.includes(request.id)} onClick={() => void decideRequest(request, 'approve')} aria-label={`Approve ${request.user}`} className="rounded-full bg-brand-600 px-3 py-1 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
                Approve
              </button>
              <button type="button" disabled={busy.includes(request.id)} onClick={() => void decideRequest(request, 'reject')} aria-label={`Reject ${request.user}`} className="rounded-full border border-line px-3 py-1 text-sm font-semibold hover:bg-canvas disabled:opacity-60">
                Reject
              </button>
            </span>
          </li>
        ))}
      </ul>
      {hasMore && items.length > 0 && (
        <button type="button" onClick={() => void loadRequests()} disabled={loading} className="mt-2 text-sm font-semibold text-brand-700 hover:underline">
          Show more requests
        </button>
      )}
    </section>
  );
}
