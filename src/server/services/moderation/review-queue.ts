import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { REPORT_REASONS, type ModerationAction, type ReportReason } from '../../../lib/moderation-rules.ts';
import { circles, comments, moderationActions, moderationCases, posts, reports, users } from '../../db/schema/index.ts';
import { circleVisibleTo, commentListedFor, postListedFor } from '../circles/index.ts';
import {
  HISTORY_ITEMS,
  NOTES_SHOWN,
  excerptOf,
  toItemView,
  type CaseView,
  type ItemRef,
  type Listing,
  type ModerationDeps,
  type ModerationItems,
  type ModerationStatus,
  type Reviewer,
} from './items.ts';

/** The review queue: held items and reported ones, as staff and channel owners read them. */
export function createReviewQueue(deps: ModerationDeps, items: ModerationItems) {
  const { db, clock } = deps;
  const { loadItem } = items;
  async function caseViews(rows: (typeof moderationCases.$inferSelect)[], reviewer: Reviewer): Promise<CaseView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const reasonRows = await db
      .select({ caseId: reports.caseId, reason: reports.reason, count: sql<number>`count(*)::int` })
      .from(reports)
      .where(inArray(reports.caseId, ids))
      .groupBy(reports.caseId, reports.reason);
    const noteRows = await db
      .select({ caseId: reports.caseId, reason: reports.reason, note: reports.note, createdAt: reports.createdAt })
      .from(reports)
      .where(and(inArray(reports.caseId, ids), sql`${reports.note} <> ''`))
      .orderBy(desc(reports.id));
    const reporterRows = reviewer.isStaff
      ? await db
          .select({ caseId: reports.caseId, username: users.username, counted: reports.weighs, createdAt: reports.createdAt })
          .from(reports)
          .innerJoin(users, eq(users.id, reports.reporterId))
          .where(inArray(reports.caseId, ids))
          .orderBy(asc(reports.id))
      : [];
    const views: CaseView[] = [];
    for (const row of rows) {
      const item = await loadItem(row.commentId === null ? { kind: 'post', id: row.postId } : { kind: 'comment', id: row.commentId });
      if (!item) continue;
      views.push({
        id: row.id,
        status: row.status as 'open' | 'closed',
        outcome: row.outcome,
        opened_at: row.openedAt.toISOString(),
        closed_at: row.closedAt?.toISOString() ?? null,
        item: toItemView(item),
        reports_count: row.reportsCount,
        reasons: reasonRows
          .filter((r) => r.caseId === row.id)
          .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
          .map((r) => ({ reason: r.reason as ReportReason, label: REPORT_REASONS[r.reason as ReportReason] ?? r.reason, count: r.count })),
        notes: noteRows
          .filter((r) => r.caseId === row.id)
          .slice(0, NOTES_SHOWN)
          .map((r) => ({ reason: r.reason as ReportReason, note: r.note, created_at: r.createdAt.toISOString() })),
        reporters: reviewer.isStaff
          ? reporterRows
              .filter((r) => r.caseId === row.id)
              .map((r) => ({ username: r.username, counted: r.counted, created_at: r.createdAt.toISOString() }))
          : null,
        held_by: reviewer.isStaff ? item.moderationReasons.filter((reason) => /^(registry|suspected):/.test(reason)) : null,
        author: await authorHistory(item.authorId, item.authorName, reviewer.id),
      });
    }
    return views;
  }

  /**
   * The author's latest posts and comments and the decisions taken about them before, for the reviewer. The writing
   * is what the feed shows the reviewer (visibility.ts): a channel owner never reads the author's posts in a private
   * channel they are not in.
   */
  async function authorHistory(authorId: number, username: string, reviewerId: number): Promise<CaseView['author']> {
    const recentPosts = await db
      .select({ id: posts.id, text: posts.title, status: posts.moderationStatus, createdAt: posts.createdAt })
      .from(posts)
      .innerJoin(circles, eq(circles.id, posts.circleId))
      .where(and(eq(posts.authorId, authorId), circleVisibleTo(reviewerId), postListedFor(reviewerId)))
      .orderBy(desc(posts.createdAt))
      .limit(HISTORY_ITEMS);
    const recentComments = await db
      .select({
        id: comments.id,
        postId: comments.postId,
        text: comments.body,
        status: comments.moderationStatus,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .innerJoin(circles, eq(circles.id, posts.circleId))
      .where(and(eq(comments.authorId, authorId), circleVisibleTo(reviewerId), postListedFor(reviewerId), commentListedFor(reviewerId)))
      .orderBy(desc(comments.createdAt))
      .limit(HISTORY_ITEMS);
    const recent = [
      ...recentPosts.map((p) => ({
        kind: 'post' as const,
        id: p.id,
        post_id: p.id,
        text: p.text,
        status: p.status,
        createdAt: p.createdAt,
      })),
      ...recentComments.map((c) => ({
        kind: 'comment' as const,
        id: c.id,
        post_id: c.postId,
        text: c.text,
        status: c.status,
        createdAt: c.createdAt,
      })),
    ]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, HISTORY_ITEMS)
      .map((r) => ({
        kind: r.kind,
        id: r.id,
        post_id: r.post_id,
        excerpt: excerptOf(r.text),
        moderation_status: r.status as ModerationStatus,
        created_at: r.createdAt.toISOString(),
      }));
    const counts = await db
      .select({ action: moderationActions.action, count: sql<number>`count(*)::int` })
      .from(moderationActions)
      .where(eq(moderationActions.targetUserId, authorId))
      .groupBy(moderationActions.action);
    const count = (action: ModerationAction) => counts.find((c) => c.action === action)?.count ?? 0;
    const suspended = await deps.suspensions.active(authorId, null);
    return {
      username,
      recent,
      warnings: count('warn'),
      removals: count('remove'),
      suspensions: count('suspend'),
      suspended_site_wide: suspended !== null,
    };
  }

  return {
    /** Puts an item the scam shield held in the review queue (a case without reports), for staff to release or remove. */
    async queueHeld(ref: ItemRef): Promise<void> {
      const item = await loadItem(ref);
      if (!item || item.status !== 'held') return;
      await db
        .insert(moderationCases)
        .values({ postId: item.postId, commentId: item.commentId, circleId: item.circleId, authorId: item.authorId, openedAt: clock.now() })
        .onConflictDoNothing();
    },

    /**
     * The review queue: open cases (most reported first, then oldest) or closed ones, everywhere or in one channel, as
     * the reviewer (staff, or the channel's owner) may read them; staff also see who reported.
     */
    async cases(options: { circleId?: number; status: 'open' | 'closed'; reviewer: Reviewer }): Promise<Listing<CaseView>> {
      const where = and(
        eq(moderationCases.status, options.status),
        options.circleId === undefined ? undefined : eq(moderationCases.circleId, options.circleId),
      );
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(moderationCases)
        .where(where);
      const load = async (limit: number, offset: number) => {
        const rows = await db
          .select()
          .from(moderationCases)
          .where(where)
          .orderBy(
            ...(options.status === 'open'
              ? [sql`${moderationCases.reportsCount} desc nulls last`, asc(moderationCases.openedAt), asc(moderationCases.id)]
              : [desc(moderationCases.closedAt), desc(moderationCases.id)]),
          )
          .limit(limit)
          .offset(offset);
        return caseViews(rows, options.reviewer);
      };
      return { count, load };
    },
  };
}
