import type { ModerationStatus, SafetyWarning } from '../../../../lib/api-types.ts';
import { useT } from '../../../i18n/use-t.tsx';

/**
 * The scam shield's banner on a post or comment it suspects ("This may be a scam. …"): worded from the catalogs by
 * its kind, so it reads in the screen's language (the API's English `message` is for other clients).
 */
export function SafetyBanner({ warning }: { warning: SafetyWarning }) {
  const t = useT();
  if (!warning) return null;
  return (
    <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
      {t(`moderation.safetyWarning.${warning.kind}`)}
    </p>
  );
}

/** What the author sees on their own held item, and what everyone sees in place of a removed one. */
export function ModerationNotice({
  status,
  removedReason,
  hiddenPendingReview = false,
}: {
  status: ModerationStatus;
  removedReason: string | null;
  /** Held because members reported it, not by the scam shield. */
  hiddenPendingReview?: boolean;
}) {
  const t = useT();
  if (status === 'held') {
    return (
      <p
        className="inline-flex w-fit items-center rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800"
        data-testid="held-notice"
      >
        {t(hiddenPendingReview ? 'moderation.hiddenPendingReview' : 'post.heldForReview')}
      </p>
    );
  }
  if (status === 'removed') {
    return (
      <p className="rounded-lg bg-canvas px-3 py-2 text-sm italic text-muted" data-testid="removed-notice">
        {t('post.removedBy', { reason: removedReason })}
      </p>
    );
  }
  return null;
}
