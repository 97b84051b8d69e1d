import { and, eq, sql } from 'drizzle-orm';
import { type ReportReason } from '../../../lib/moderation-rules.ts';
import { moderationCases, reports } from '../../db/schema/index.ts';
import { keyedRequesterNetwork } from '../accounts/index.ts';
import {
  sameItem,
  toReportView,
  type ItemRef,
  type ModerationDeps,
  type ModerationItems,
  type ReportView,
  type Reporter,
} from './items.ts';

/** Members' reports: the first opens the item's case; enough weighing reports hide the item until review. */
export function createReports(deps: ModerationDeps, items: ModerationItems) {
  const { db, clock } = deps;
  const { loadItem, notFound, setItemState } = items;
  return {
    /**
     * A member reports an item they can read. The first report of an item opens its case; each member counts once,
     * and a repeat answers the first report unchanged. At `autoHideReports` weighing reports the item is hidden from
     * everyone but its author and staff until someone reviews it. A report weighs when its account is older than
     * `newAccountHours` and no other weighing report of the case came from its requester network (its IPv4 /24 or
     * IPv6 /64): a handful of fresh accounts, or many accounts of one network, cannot hide anyone's writing.
     */
    async report(
      reporter: Reporter,
      ref: ItemRef,
      input: { reason: ReportReason; note: string },
    ): Promise<{ created: boolean; report: ReportView }> {
      const reporterId = reporter.id;
      const item = await loadItem(ref, reporterId);
      if (!item || (item.status !== 'visible' && item.authorId !== reporterId)) throw notFound(ref);
      const existing = async () => {
        const [row] = await db
          .select()
          .from(reports)
          .where(and(eq(reports.reporterId, reporterId), sameItem(reports, item)))
          .limit(1);
        return row;
      };
      const before = await existing();
      if (before) return { created: false, report: toReportView(before) };

      const now = clock.now();
      const requester = keyedRequesterNetwork(deps.identitySecret, reporter.ip, 'report');
      const established = now.getTime() - reporter.createdAt.getTime() >= deps.newAccountHours * 3_600_000;
      const outcome = await db.transaction(async (tx) => {
        await tx
          .insert(moderationCases)
          .values({ postId: item.postId, commentId: item.commentId, circleId: item.circleId, authorId: item.authorId, openedAt: now })
          .onConflictDoNothing();
        const [open] = await tx
          .select({ id: moderationCases.id })
          .from(moderationCases)
          .where(and(sameItem(moderationCases, item), eq(moderationCases.status, 'open')))
          .for('update');
        // The case row is locked: reports of one item are weighed one at a time.
        const [sameNetwork] = established
          ? await tx
              .select({ one: sql`1` })
              .from(reports)
              .where(and(eq(reports.caseId, open.id), eq(reports.requester, requester), eq(reports.weighs, true)))
              .limit(1)
          : [];
        const weighs = established && !sameNetwork;
        const [created] = await tx
          .insert(reports)
          .values({
            caseId: open.id,
            postId: item.postId,
            commentId: item.commentId,
            reporterId,
            reason: input.reason,
            note: input.note,
            createdAt: now,
            requester,
            weighs,
          })
          .onConflictDoNothing()
          .returning();
        if (!created) return null;
        await tx
          .update(moderationCases)
          .set({ reportsCount: sql`${moderationCases.reportsCount} + 1` })
          .where(eq(moderationCases.id, open.id));
        const [{ weighing }] = await tx
          .select({ weighing: sql<number>`count(*)::int` })
          .from(reports)
          .where(and(eq(reports.caseId, open.id), eq(reports.weighs, true)));
        return { created, weighing };
      });
      if (!outcome) return { created: false, report: toReportView((await existing())!) };
      if (outcome.weighing >= deps.autoHideReports && item.status === 'visible') {
        await setItemState(item, { status: 'held', removedReason: null, hiddenByReports: true });
      }
      return { created: true, report: toReportView(outcome.created) };
    },
  };
}
