import { and, eq } from 'drizzle-orm';
import type { NotificationCode } from '../../../lib/notification-messages.ts';
import type { ScamVerdict } from '../../../lib/statuses.ts';
import type { Db } from '../../db/client.ts';
import { comments, posts } from '../../db/schema/index.ts';
import type { Notify } from '../notifications/index.ts';

/** A post or a comment, as the background screenings name it. */
export type ItemRef = { kind: 'post' | 'comment'; id: number };

const SEVERITY: Record<ScamVerdict, number> = { ok: 0, warn: 1, held: 2 };

/**
 * A verdict the shield reached after the write (from the text in its images, from the page its link leads to),
 * applied as a write's would be: only when worse than the item's own (a verdict never gets milder here), only from the
 * state the item was read in (a moderator's decision or an edit meanwhile has the last word), its author told with
 * `told[verdict]`, a held item queued for review. `extra` is stored with it (what the shield saw). Answers whether it
 * applied.
 */
export async function applyLaterVerdict(
  deps: { db: Db; notify: Notify; queueHeld: (ref: ItemRef) => Promise<void> },
  input: {
    ref: ItemRef;
    /** The item as it was read: its verdict, its author and where it is. */
    item: { verdict: ScamVerdict; authorId: number; postId: number; commentId: number | null };
    screening: { verdict: ScamVerdict; reasons: string[] };
    /** What found it, kept among the reasons for staff ('image-text', 'linked-page'). */
    reason: string;
    told: Record<'warn' | 'held', NotificationCode>;
    extra?: { imageText?: string };
  },
): Promise<boolean> {
  const { ref, item, screening } = input;
  const verdict = screening.verdict;
  if (verdict === 'ok' || SEVERITY[verdict] <= SEVERITY[item.verdict]) return false;
  const table = ref.kind === 'post' ? posts : comments;
  const changed = await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(table)
      .set({
        scamVerdict: verdict,
        moderationStatus: verdict === 'held' ? 'held' : 'visible',
        moderationReasons: [...screening.reasons, input.reason],
        ...input.extra,
      })
      .where(and(eq(table.id, ref.id), eq(table.moderationStatus, 'visible'), eq(table.scamVerdict, item.verdict)))
      .returning({ id: table.id });
    if (updated.length === 0) return false;
    await deps.notify(tx, [
      {
        userId: item.authorId,
        kind: 'moderation_action',
        postId: item.postId,
        commentId: item.commentId,
        message: { code: input.told[verdict] },
      },
    ]);
    return true;
  });
  if (changed && verdict === 'held') await deps.queueHeld(ref);
  return changed;
}
