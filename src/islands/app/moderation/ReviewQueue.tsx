/**
 * The review queue: each reported or held item with its reports grouped by reason, the author's recent history,
 * and the decisions the reviewer may take. Staff see every channel and may suspend site-wide; a channel's owner
 * sees that channel's queue.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { relativeTime } from '../../../lib/format.ts';
import { SUSPENSION_DURATIONS, type ModerationAction, type SuspensionDuration, type SuspensionScope } from '../../../lib/moderation-rules.ts';
import { createQueueStore, type QueueScope, type ReviewCase } from './review.store.ts';

type Decide = ReturnType<typeof createQueueStore>['decide'];

function CaseCard({ item: c, decide, moderator }: { item: ReviewCase; decide: Decide; moderator: boolean }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<SuspensionDuration>('1d');
  const [scope, setScope] = useState<SuspensionScope>('circle');
  const [busy, setBusy] = useState(false);
  const { item, author } = c;
  const hidden = item.moderation_status !== 'visible';

  const run = async (action: ModerationAction) => {
    setBusy(true);
    const done = await decide(item, { action, reason: reason.trim(), ...(action === 'suspend' ? { duration, scope } : {}) });
    setBusy(false);
    if (done) setReason('');
  };

  return (
    <li className="rounded-xl border border-line bg-surface p-4" aria-labelledby={`${id}-title`} data-testid="review-case">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">
        {item.kind === 'post' ? 'Post' : 'Comment'} in b/{item.circle.name} by {item.author} · {relativeTime(item.created_at)}
      </p>
      <h3 id={`${id}-title`} className="mt-1 font-bold break-words">
        <a href={item.url} className="hover:underline">{item.title || '(no text)'}</a>
      </h3>
      {item.excerpt && item.kind === 'post' && <p className="mt-1 text-sm break-words text-muted">{item.excerpt}</p>}
      {hidden && <p className="mt-2 inline-block rounded bg-amber-50 px-2 py-0.5 text-sm font-semibold text-amber-800">{item.moderation_label ?? 'Held for review'}</p>}

      <div className="mt-3 flex flex-wrap gap-2" aria-label="Reports by reason">
        {c.reasons.map((r) => (
          <span key={r.reason} className="rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-red-800">{r.label} × {r.count}</span>
        ))}
        {c.reports_count === 0 && <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-sm font-semibold text-amber-800">Held by the scam shield</span>}
      </div>
      {c.notes.length > 0 && (
        <ul className="mt-2 grid gap-1 text-sm">
          {c.notes.map((n, i) => <li key={i} className="border-l-2 border-line pl-2 break-words">“{n.note}”</li>)}
        </ul>
      )}

      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold">
          {author.username}: {author.warnings} warnings · {author.removals} removals · {author.suspensions} suspensions
          {author.suspended_site_wide && ' · suspended now'}
        </summary>
        <ul className="mt-2 grid gap-1">
          {author.recent.map((r) => (
            <li key={`${r.kind}-${r.id}`}>
              <a href={`/home/comments/${r.post_id}`} className="hover:underline">{r.kind === 'post' ? 'Post' : 'Comment'}: {r.excerpt || '(media)'}</a>
              {r.moderation_status !== 'visible' && <span className="ml-1 text-muted">({r.moderation_status})</span>}
            </li>
          ))}
        </ul>
      </details>

      <div className="mt-4 grid gap-2">
        <label htmlFor={`${id}-reason`} className="text-sm font-semibold">Reason (shown in place of removed content and in the moderation log)</label>
        <input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} className="field-input" />
        <div className="flex flex-wrap gap-2">
          {c.reports_count > 0 && <button type="button" className="btn" disabled={busy} onClick={() => run('dismiss')}>Dismiss</button>}
          {item.moderation_status !== 'removed' && <button type="button" className="btn btn-primary" disabled={busy || !reason.trim()} onClick={() => run('remove')}>Remove</button>}
          {hidden && <button type="button" className="btn" disabled={busy} onClick={() => run('restore')}>{item.moderation_status === 'held' ? 'Release' : 'Restore'}</button>}
          <button type="button" className="btn" disabled={busy || !reason.trim()} onClick={() => run('warn')}>Warn author</button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="text-sm" htmlFor={`${id}-duration`}>Suspend author for</label>
          <select id={`${id}-duration`} value={duration} onChange={(e) => setDuration(e.target.value as SuspensionDuration)} className="field-input w-auto">
            {(Object.entries(SUSPENSION_DURATIONS) as [SuspensionDuration, { label: string }][]).map(([value, d]) => (
              <option key={value} value={value}>{d.label}</option>
            ))}
          </select>
          {moderator && (
            <select aria-label="Where" value={scope} onChange={(e) => setScope(e.target.value as SuspensionScope)} className="field-input w-auto">
              <option value="circle">from b/{item.circle.name}</option>
              <option value="site">from the whole site</option>
            </select>
          )}
          <button type="button" className="btn" disabled={busy} onClick={() => run('suspend')}>Suspend</button>
        </div>
      </div>
    </li>
  );
}

export default function ReviewQueue({ scope, moderator = scope.kind === 'staff' }: { scope: QueueScope; moderator?: boolean }) {
  const circleId = scope.kind === 'circle' ? scope.circleId : null;
  const store = useMemo(() => createQueueStore(circleId === null ? { kind: 'staff' } : { kind: 'circle', circleId }), [circleId]);
  const { items: cases, count, hasMore, loading, error } = useStore(store.$queue);
  useEffect(() => void store.load(true), [store]);

  if (error && cases.length === 0) return <p role="alert" className="text-sm text-red-700">{error}</p>;
  if (!loading && cases.length === 0) return <p className="rounded-xl border border-line bg-surface p-6 text-center text-sm text-muted">Nothing to review.</p>;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted" aria-live="polite">{count} to review</p>
      <ul className="grid gap-3">
        {cases.map((c) => <CaseCard key={c.id} item={c} decide={store.decide} moderator={moderator} />)}
      </ul>
      {hasMore && cases.length > 0 && (
        <button type="button" className="btn self-start" disabled={loading} onClick={() => void store.load()}>{loading ? 'Loading...' : 'Show more'}</button>
      )}
    </div>
  );
}

export const StaffReviewQueue = () => <ReviewQueue scope={{ kind: 'staff' }} />;
