/**
 * The review queue: each reported or held item with its reports grouped by reason, the author's recent history,
 * and the decisions the reviewer may take. Staff see every channel and may suspend site-wide; a channel's owner
 * sees that channel's queue.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { relativeTime } from '../../../lib/format.ts';
import type { Translate } from '../../../lib/i18n.ts';
import {
  HIDDEN_PENDING_REVIEW,
  REMOVED_PREFIX,
  REPORT_REASONS,
  SUSPENSION_DURATIONS,
  type ModeratedItem,
  type ModerationAction,
  type ReportReason,
  type SuspensionDuration,
  type SuspensionScope,
} from '../../../lib/moderation-rules.ts';
import { useLang, useT } from '../../i18n/use-t.tsx';
import { createQueueStore, type QueueScope, type ReviewCase } from './review.store.ts';
import { removalReasonsOf } from '../channel/team.store.ts';
import type { RemovalReason } from '../../../lib/api-types.ts';

/** The words a reader sees in a held or removed item's place, in the screen's language (the API words them in English). */
function moderationLabel(item: ModeratedItem, t: Translate): string {
  const label = item.moderation_label;
  if (label === HIDDEN_PENDING_REVIEW) return t('moderation.hiddenPendingReview');
  if (label?.startsWith(REMOVED_PREFIX)) return t('post.removedBy', { reason: label.slice(REMOVED_PREFIX.length) });
  return label ?? t('post.heldForReview');
}

type Decide = ReturnType<typeof createQueueStore>['decide'];

function CaseCard({ item: c, decide, moderator }: { item: ReviewCase; decide: Decide; moderator: boolean }) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<SuspensionDuration>('1d');
  const [scope, setScope] = useState<SuspensionScope>('circle');
  // What the removed item was: the reason most reports gave, or a scam for what the shield held.
  const [category, setCategory] = useState<ReportReason>(c.reasons[0]?.reason ?? (c.reports_count === 0 ? 'scam' : 'other'));
  const [busy, setBusy] = useState(false);
  // The channel's canned removal reasons, the reviewer's language first; one chosen is the removal's reason.
  const [canned, setCanned] = useState<RemovalReason[]>([]);
  const [cannedId, setCannedId] = useState<number | null>(null);
  const { item, author } = c;
  const hidden = item.moderation_status !== 'visible';
  useEffect(() => {
    let current = true;
    void removalReasonsOf(item.circle.id).then((reasons) => {
      if (current) setCanned([...reasons].sort((a, b) => Number(b.language === lang) - Number(a.language === lang)));
    });
    return () => {
      current = false;
    };
  }, [item.circle.id, lang]);

  const run = async (action: ModerationAction) => {
    setBusy(true);
    const done = await decide(item, {
      action,
      reason: reason.trim(),
      ...(action === 'suspend' ? { duration, scope } : {}),
      ...(action === 'remove' ? { category, ...(cannedId === null ? {} : { removal_reason_id: cannedId }) } : {}),
    });
    setBusy(false);
    if (done) {
      setReason('');
      setCannedId(null);
    }
  };

  return (
    <li className="rounded-xl border border-line bg-surface p-4" aria-labelledby={`${id}-title`} data-testid="review-case">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">
        {t(item.kind === 'post' ? 'moderation.postIn' : 'moderation.commentIn', { channel: item.circle.name, author: item.author })} ·{' '}
        {relativeTime(item.created_at, new Date(), lang)}
      </p>
      <h3 id={`${id}-title`} className="mt-1 font-bold break-words">
        <a href={item.url} className="hover:underline">
          {item.title || t('moderation.noText')}
        </a>
      </h3>
      {item.excerpt && item.kind === 'post' && <p className="mt-1 text-sm break-words text-muted">{item.excerpt}</p>}
      {hidden && (
        <p className="mt-2 inline-block rounded bg-amber-50 px-2 py-0.5 text-sm font-semibold text-amber-800">{moderationLabel(item, t)}</p>
      )}

      <div className="mt-3 flex flex-wrap gap-2" aria-label={t('moderation.reportsByReason')}>
        {c.reasons.map((r) => (
          <span key={r.reason} className="rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-red-800">
            {t(`report.reasons.${r.reason}`)} × {r.count}
          </span>
        ))}
        {c.reports_count === 0 && (
          <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-sm font-semibold text-amber-800">
            {t('moderation.heldByShield')}
          </span>
        )}
      </div>
      {c.held_by && c.held_by.length > 0 && (
        <p className="mt-2 text-sm" data-testid="held-by">
          {t('moderation.heldByIdentifier')}{' '}
          <span className="font-mono break-all">{c.held_by.map((entry) => entry.replace(/^(registry|suspected):/, '')).join(', ')}</span>
        </p>
      )}
      {c.notes.length > 0 && (
        <ul className="mt-2 grid gap-1 text-sm">
          {c.notes.map((n, i) => (
            <li key={i} className="border-l-2 border-line pl-2 break-words">
              “{n.note}”
            </li>
          ))}
        </ul>
      )}

      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold">
          {author.username}: {t('moderation.warnings', { count: author.warnings })} · {t('moderation.removals', { count: author.removals })}{' '}
          · {t('moderation.suspensions', { count: author.suspensions })}
          {author.suspended_site_wide && ` · ${t('moderation.suspendedNow')}`}
        </summary>
        <ul className="mt-2 grid gap-1">
          {author.recent.map((r) => (
            <li key={`${r.kind}-${r.id}`}>
              <a href={`/home/comments/${r.post_id}`} className="hover:underline">
                {t(r.kind === 'post' ? 'moderation.post' : 'moderation.comment')}: {r.excerpt || t('moderation.media')}
              </a>
              {r.moderation_status !== 'visible' && (
                <span className="ml-1 text-muted">({t(`moderation.status.${r.moderation_status}`)})</span>
              )}
            </li>
          ))}
        </ul>
      </details>

      <div className="mt-4 grid gap-2">
        {canned.length > 0 && item.moderation_status !== 'removed' && (
          <>
            <label htmlFor={`${id}-canned`} className="text-sm font-semibold">
              {t('moderation.cannedReason')}
            </label>
            <select
              id={`${id}-canned`}
              value={cannedId ?? ''}
              onChange={(e) => setCannedId(e.target.value === '' ? null : Number(e.target.value))}
              className="field-input"
            >
              <option value="">{t('moderation.noCannedReason')}</option>
              {canned.map((each) => (
                <option key={each.id} value={each.id} lang={each.language}>
                  {each.text}
                </option>
              ))}
            </select>
          </>
        )}
        <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
          {t('moderation.reasonLabel')}
        </label>
        <input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} className="field-input" />
        <div className="flex flex-wrap gap-2">
          {c.reports_count > 0 && (
            <button type="button" className="btn" disabled={busy} onClick={() => run('dismiss')}>
              {t('moderation.dismiss')}
            </button>
          )}
          {item.moderation_status !== 'removed' && (
            <>
              <select
                aria-label={t('moderation.removeAs')}
                value={category}
                onChange={(e) => setCategory(e.target.value as ReportReason)}
                className="field-input w-auto"
              >
                {(Object.keys(REPORT_REASONS) as ReportReason[]).map((value) => (
                  <option key={value} value={value}>
                    {t(`report.reasons.${value}`)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy || (!reason.trim() && cannedId === null)}
                onClick={() => run('remove')}
              >
                {t('moderation.remove')}
              </button>
            </>
          )}
          {hidden && (
            <button type="button" className="btn" disabled={busy} onClick={() => run('restore')}>
              {t(item.moderation_status === 'held' ? 'moderation.release' : 'moderation.restore')}
            </button>
          )}
          <button type="button" className="btn" disabled={busy || !reason.trim()} onClick={() => run('warn')}>
            {t('moderation.warn')}
          </button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="text-sm" htmlFor={`${id}-duration`}>
            {t('moderation.suspendFor')}
          </label>
          <select
            id={`${id}-duration`}
            value={duration}
            onChange={(e) => setDuration(e.target.value as SuspensionDuration)}
            className="field-input w-auto"
          >
            {(Object.keys(SUSPENSION_DURATIONS) as SuspensionDuration[]).map((value) => (
              <option key={value} value={value}>
                {t(`moderation.durations.${value}`)}
              </option>
            ))}
          </select>
          {moderator && (
            <select
              aria-label={t('moderation.where')}
              value={scope}
              onChange={(e) => setScope(e.target.value as SuspensionScope)}
              className="field-input w-auto"
            >
              <option value="circle">{t('moderation.fromChannel', { channel: item.circle.name })}</option>
              <option value="site">{t('moderation.fromSite')}</option>
            </select>
          )}
          <button type="button" className="btn" disabled={busy} onClick={() => run('suspend')}>
            {t('moderation.suspend')}
          </button>
        </div>
      </div>
    </li>
  );
}

export default function ReviewQueue({ scope, moderator = scope.kind === 'staff' }: { scope: QueueScope; moderator?: boolean }) {
  const t = useT();
  const circleId = scope.kind === 'circle' ? scope.circleId : null;
  const store = useMemo(() => createQueueStore(circleId === null ? { kind: 'staff' } : { kind: 'circle', circleId }), [circleId]);
  const { items: cases, count, hasMore, loading, error } = useStore(store.$queue);
  useEffect(() => void store.load(true), [store]);

  if (error && cases.length === 0)
    return (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    );
  if (!loading && cases.length === 0)
    return <p className="rounded-xl border border-line bg-surface p-6 text-center text-sm text-muted">{t('moderation.nothing')}</p>;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted" aria-live="polite">
        {t('moderation.toReview', { count })}
      </p>
      <ul className="grid gap-3">
        {cases.map((c) => (
          <CaseCard key={c.id} item={c} decide={store.decide} moderator={moderator} />
        ))}
      </ul>
      {hasMore && cases.length > 0 && (
        <button type="button" className="btn self-start" disabled={loading} onClick={() => void store.load()}>
          {loading ? t('common.loading') : t('moderation.showMore')}
        </button>
      )}
    </div>
  );
}

export const StaffReviewQueue = () => <ReviewQueue scope={{ kind: 'staff' }} />;
