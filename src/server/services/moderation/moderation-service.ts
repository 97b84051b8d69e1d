import { notify } from '../notifications/index.ts';
import type { NotificationCode } from '../../../lib/notification-messages.ts';
import { and, asc, desc, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  HIDDEN_PENDING_REVIEW,
  MODERATION_ACTIONS,
  REPORT_REASONS,
  removedLabel,
  type ModerationAction,
  type ReportReason,
  type SuspensionDuration,
  type SuspensionScope,
  type LogEntry,
  type ModeratedItem,
  type ReviewCase,
} from '../../../lib/moderation-rules.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { circleMembers, circles, comments, moderationActions, moderationCases, posts, reports, users } from '../../db/schema/index.ts';
import { detail, fieldErrors, forbidden, say } from '../../platform/errors.ts';
import { keyedRequesterNetwork } from '../accounts/index.ts';
import { plainTextExcerpt } from '../search/index.ts';
import type { SuspensionService } from './suspension-service.ts';
import { qualified as q } from '../../db/qualified.ts';
import { circleVisibleTo, commentListedFor, postListedFor } from '../circles/index.ts';

export const MESSAGES = {
  postNotFound: say('errors.moderation.postNotFound'),
  commentNotFound: say('errors.moderation.commentNotFound'),
  reasonRequired: say('errors.moderation.reasonRequired'),
  durationRequired: say('errors.moderation.durationRequired'),
  nothingToDismiss: say('errors.moderation.nothingToDismiss'),
  notRemoved: say('errors.moderation.notRemoved'),
  alreadyRemoved: say('errors.moderation.alreadyRemoved'),
  ownersCannotSuspendSiteWide: say('errors.moderation.ownersCannotSuspendSiteWide'),
  ownersCannotUndoModerators: say('errors.moderation.ownersCannotUndoModerators'),
  notYourChannel: say('errors.moderation.notYourChannel'),
} as const;

const EXCERPT_MAX = 80;
const HISTORY_ITEMS = 5;
const NOTES_SHOWN = 5;

export type ItemKind = 'post' | 'comment';
export type ItemRef = { kind: ItemKind; id: number };
/** Who decides: a moderator (staff, anywhere) or the owner of the item's channel. */
export type Actor = { id: number; role: 'moderator' | 'owner' };

export type ModerationStatus = 'visible' | 'held' | 'removed';

type ItemRow = {
  kind: ItemKind;
  id: number;
  postId: number;
  commentId: number | null;
  title: string;
  body: string;
  circleId: number;
  circleName: string;
  authorId: number;
  authorName: string;
  status: string;
  removedReason: string | null;
  hiddenByReports: boolean;
  createdAt: Date;
  /** The scam shield's reasons (staff see the registry identifiers among them). */
  moderationReasons: string[];
};

export type ItemView = ModeratedItem;

export type ReportView = { id: number; post: number | null; comment: number | null; reason: ReportReason; note: string; status: string; created_at: string };

export type CaseView = ReviewCase;

/** The columns every reported item is read with, whether a post or a comment. */
const circleAndAuthor = { circleId: circles.id, circleName: circles.name, authorId: users.id, authorName: users.username };
const moderationColumns = (table: typeof posts | typeof comments) => ({
  status: table.moderationStatus,
  removedReason: table.removedReason,
  hiddenByReports: table.hiddenByReports,
  createdAt: table.createdAt,
  moderationReasons: table.moderationReasons,
});

const excerptOf = (text: string) => plainTextExcerpt(text, EXCERPT_MAX);

function labelFor(row: Pick<ItemRow, 'status' | 'removedReason' | 'hiddenByReports'>): string | null {
  if (row.status === 'removed') return removedLabel(row.removedReason);
  if (row.status === 'held' && row.hiddenByReports) return HIDDEN_PENDING_REVIEW;
  return null;
}

function toItemView(row: ItemRow): ItemView {
  return {
    kind: row.kind,
    id: row.id,
    post_id: row.postId,
    title: row.title,
    excerpt: excerptOf(row.body),
    author: row.authorName,
    circle: { id: row.circleId, name: row.circleName },
    moderation_status: row.status as ModerationStatus,
    moderation_label: labelFor(row),
    created_at: row.createdAt.toISOString(),
    url: `/home/comments/${row.postId}${row.commentId ? `#comment-${row.commentId}` : ''}`,
  };
}

const toReportView = (row: typeof reports.$inferSelect): ReportView => ({
  id: row.id,
  post: row.commentId === null ? row.postId : null,
  comment: row.commentId,
  reason: row.reason as ReportReason,
  note: row.note,
  status: row.status,
  created_at: row.createdAt.toISOString(),
});

const sameItem = (table: { postId: AnyColumn; commentId: AnyColumn }, item: ItemRow): SQL =>
  and(eq(table.postId, item.postId), item.commentId === null ? isNull(table.commentId) : eq(table.commentId, item.commentId))!;

/** A list's total and a loader for one page of it: routes page it with `paginate()`. */
export type Listing<T> = { count: number; load: (limit: number, offset: number) => Promise<T[]> };

export type ModerationDeps = {
  db: Db;
  clock: Clock;
  suspensions: SuspensionService;
  autoHideReports: number;
  /** Reports from accounts younger than this do not count toward `autoHideReports`. */
  newAccountHours: number;
  /** Keys the reporter's requester network, so that one network's reports count once. */
  identitySecret: string;
};

/** Who reads a review queue: a member id, and whether they are staff (who see who reported). */
export type Reviewer = { id: number; isStaff: boolean };

/** Who reports: the member, when their account was made, and the address the report came from (keyed to its network, never kept). */
export type Reporter = { id: number; createdAt: Date; ip: string };

export function createModerationService(deps: ModerationDeps) {
  const { db, clock } = deps;

  /** One post or comment with its channel and author; with a viewer, only if the viewer may read its channel. */
  async function loadItem(ref: ItemRef, viewerId?: number): Promise<ItemRow | null> {
    const visible = viewerId === undefined ? undefined : circleVisibleTo(viewerId);
    if (ref.kind === 'post') {
      const [row] = await db
        .select({
          id: posts.id,
          postId: posts.id,
          title: posts.title,
          body: posts.description,
          ...circleAndAuthor,
          ...moderationColumns(posts),
        })
        .from(posts)
        .innerJoin(circles, eq(circles.id, posts.circleId))
        .innerJoin(users, eq(users.id, posts.authorId))
        .where(and(eq(posts.id, ref.id), visible))
        .limit(1);
      return row ? { ...row, kind: 'post', commentId: null } : null;
    }
    const [row] = await db
      .select({
        id: comments.id,
        postId: comments.postId,
        body: comments.body,
        ...circleAndAuthor,
        ...moderationColumns(comments),
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .innerJoin(circles, eq(circles.id, posts.circleId))
      .innerJoin(users, eq(users.id, comments.authorId))
      .where(and(eq(comments.id, ref.id), visible))
      .limit(1);
    return row ? { ...row, kind: 'comment', commentId: row.id, title: excerptOf(row.body) } : null;
  }

  const notFound = (ref: ItemRef) => detail(404, ref.kind === 'post' ? MESSAGES.postNotFound : MESSAGES.commentNotFound);

  async function setItemState(item: ItemRow, state: { status: ModerationStatus; removedReason: string | null; hiddenByReports: boolean }) {
    if (item.kind === 'post') await db.update(posts).set({ moderationStatus: state.status, removedReason: state.removedReason, hiddenByReports: state.hiddenByReports }).where(eq(posts.id, item.id));
    else await db.update(comments).set({ moderationStatus: state.status, removedReason: state.removedReason, hiddenByReports: state.hiddenByReports }).where(eq(comments.id, item.id));
  }

  /** Closes the item's open case, if any, and tells its reports the outcome. */
  async function closeCase(item: ItemRow, outcome: 'dismissed' | 'removed' | 'restored'): Promise<boolean> {
    const now = clock.now();
    const closed = await db
      .update(moderationCases)
      .set({ status: 'closed', outcome, closedAt: now })
      .where(and(sameItem(moderationCases, item), eq(moderationCases.status, 'open')))
      .returning({ id: moderationCases.id });
    if (closed.length === 0) return false;
    // A closed case no longer weighs reports: the reporters' keyed networks go.
    const told = await db
      .update(reports)
      .set({ status: outcome === 'removed' ? 'upheld' : 'dismissed', requester: null })
      .where(inArray(reports.caseId, closed.map((c) => c.id)))
      .returning({ reporterId: reports.reporterId });
    const what = item.kind === 'post' ? 'post' : 'comment';
    await notify(
      db,
      told.map(({ reporterId }) => ({
        userId: reporterId,
        kind: 'report_outcome' as const,
        postId: item.postId,
        commentId: item.commentId,
        message: { code: `reported${what === 'post' ? 'Post' : 'Comment'}${outcome === 'removed' ? 'Removed' : 'Kept'}` as NotificationCode },
      })),
    );
    return true;
  }

  /** Tells an item's author what a moderator or the channel's owner did to it or to them. */
  async function tellAuthor(item: ItemRow, action: ModerationAction, reason: string) {
    const post = item.kind === 'post';
    const codes: Partial<Record<ModerationAction, NotificationCode>> = {
      remove: post ? 'postRemoved' : 'commentRemoved',
      restore: post ? 'postRestored' : 'commentRestored',
      warn: post ? 'warnedPost' : 'warnedComment',
      suspend: 'suspended',
    };
    const code = codes[action];
    // A restoration carries no reason; the others say the moderator's words after the line.
    const params = reason && action !== 'restore' ? { reason } : {};
    if (code) await notify(db, [{ userId: item.authorId, kind: 'moderation_action', postId: item.postId, commentId: item.commentId, message: { code, params } }]);
  }

  async function log(item: ItemRow | null, actor: Actor, entry: { action: ModerationAction; reason: string; targetUserId?: number; circleId?: number | null; endsAt?: Date | null }) {
    await db.insert(moderationActions).values({
      action: entry.action,
      reason: entry.reason,
      postId: item?.postId ?? null,
      commentId: item?.commentId ?? null,
      circleId: entry.circleId === undefined ? (item?.circleId ?? null) : entry.circleId,
      targetUserId: entry.targetUserId ?? item?.authorId ?? null,
      excerpt: item?.title ?? '',
      actorId: actor.id,
      actorRole: actor.role,
      endsAt: entry.endsAt ?? null,
      createdAt: clock.now(),
    });
  }

  /** A moderator's last word on an item, which a channel's owner may not overturn. */
  async function moderatorDecided(item: ItemRow): Promise<boolean> {
    const [last] = await db
      .select({ role: moderationActions.actorRole })
      .from(moderationActions)
      .where(and(sameItem(moderationActions, item), inArray(moderationActions.action, ['remove', 'restore'])))
      .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
      .limit(1);
    return last?.role === 'moderator';
  }

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
          ? reporterRows.filter((r) => r.caseId === row.id).map((r) => ({ username: r.username, counted: r.counted, created_at: r.createdAt.toISOString() }))
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
      .select({ id: comments.id, postId: comments.postId, text: comments.body, status: comments.moderationStatus, createdAt: comments.createdAt })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .innerJoin(circles, eq(circles.id, posts.circleId))
      .where(and(eq(comments.authorId, authorId), circleVisibleTo(reviewerId), postListedFor(reviewerId), commentListedFor(reviewerId)))
      .orderBy(desc(comments.createdAt))
      .limit(HISTORY_ITEMS);
    const recent = [
      ...recentPosts.map((p) => ({ kind: 'post' as const, id: p.id, post_id: p.id, text: p.text, status: p.status, createdAt: p.createdAt })),
      ...recentComments.map((c) => ({ kind: 'comment' as const, id: c.id, post_id: c.postId, text: c.text, status: c.status, createdAt: c.createdAt })),
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
    return { username, recent, warnings: count('warn'), removals: count('remove'), suspensions: count('suspend'), suspended_site_wide: suspended !== null };
  }

  return {
    loadItem,

    /**
     * A member reports an item they can read. The first report of an item opens its case; each member counts once,
     * and a repeat answers the first report unchanged. At `autoHideReports` weighing reports the item is hidden from
     * everyone but its author and staff until someone reviews it. A report weighs when its account is older than
     * `newAccountHours` and no other weighing report of the case came from its requester network (its IPv4 /24 or
     * IPv6 /64): a handful of fresh accounts, or many accounts of one network, cannot hide anyone's writing.
     */
    async report(reporter: Reporter, ref: ItemRef, input: { reason: ReportReason; note: string }): Promise<{ created: boolean; report: ReportView }> {
      const reporterId = reporter.id;
      const item = await loadItem(ref, reporterId);
      if (!item || (item.status !== 'visible' && item.authorId !== reporterId)) throw notFound(ref);
      const existing = async () => {
        const [row] = await db.select().from(reports).where(and(eq(reports.reporterId, reporterId), sameItem(reports, item))).limit(1);
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
          .values({ caseId: open.id, postId: item.postId, commentId: item.commentId, reporterId, reason: input.reason, note: input.note, createdAt: now, requester, weighs })
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
      const where = and(eq(moderationCases.status, options.status), options.circleId === undefined ? undefined : eq(moderationCases.circleId, options.circleId));
      const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(moderationCases).where(where);
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

    async isOwner(userId: number, circleId: number): Promise<boolean> {
      const [row] = await db.select({ ownerId: circles.ownerId }).from(circles).where(eq(circles.id, circleId)).limit(1);
      return row?.ownerId === userId;
    },

    async isMember(userId: number, circleId: number): Promise<boolean> {
      const rows = await db
        .select({ one: sql`1` })
        .from(circleMembers)
        .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)))
        .limit(1);
      return rows.length > 0;
    },

    /** The actor's role for an item: a moderator anywhere, its channel's owner there; null for anyone else. */
    async roleFor(userId: number, isStaff: boolean, ref: ItemRef): Promise<{ item: ItemRow; actor: Actor } | null> {
      const item = await loadItem(ref);
      if (!item) return null;
      if (isStaff) return { item, actor: { id: userId, role: 'moderator' } };
      const [circle] = await db.select({ ownerId: circles.ownerId }).from(circles).where(eq(circles.id, item.circleId)).limit(1);
      return circle?.ownerId === userId ? { item, actor: { id: userId, role: 'owner' } } : null;
    },

    /**
     * Carries out a decision on an item and writes it to the log. Remove and restore close the item's open case;
     * dismiss closes it and unhides an item its reports hid. Warn and suspend act on the author and leave the case
     * for a decision on the item itself.
     */
    async act(
      item: ItemRow,
      actor: Actor,
      input: { action: ModerationAction; reason: string; duration?: SuspensionDuration; scope?: SuspensionScope },
    ): Promise<{ item: ItemView; ends_at?: string | null }> {
      const { action, reason } = input;
      if ((action === 'remove' || action === 'warn') && !reason) throw fieldErrors({ reason: [MESSAGES.reasonRequired] });
      if (actor.role === 'owner' && (action === 'remove' || action === 'restore' || action === 'dismiss')) {
        if (await moderatorDecided(item)) throw forbidden(MESSAGES.ownersCannotUndoModerators);
        // The scam shield's holds are for staff to lift: an owner cannot vouch for a post the detector held.
        if (item.status === 'held' && !item.hiddenByReports && action !== 'remove') throw forbidden(MESSAGES.ownersCannotUndoModerators);
      }
      let endsAt: Date | null | undefined;
      switch (action) {
        case 'remove':
          if (item.status === 'removed') throw detail(400, MESSAGES.alreadyRemoved);
          await setItemState(item, { status: 'removed', removedReason: reason, hiddenByReports: false });
          await closeCase(item, 'removed');
          break;
        case 'restore':
          if (item.status === 'visible') throw detail(400, MESSAGES.notRemoved);
          await setItemState(item, { status: 'visible', removedReason: null, hiddenByReports: false });
          await closeCase(item, 'restored');
          break;
        case 'dismiss':
          if (!(await closeCase(item, 'dismissed'))) throw detail(400, MESSAGES.nothingToDismiss);
          if (item.status === 'held' && item.hiddenByReports) await setItemState(item, { status: 'visible', removedReason: null, hiddenByReports: false });
          break;
        case 'warn':
          break;
        case 'suspend': {
          if (!input.duration) throw fieldErrors({ duration: [MESSAGES.durationRequired] });
          const scope = input.scope ?? 'circle';
          if (scope === 'site' && actor.role !== 'moderator') throw forbidden(MESSAGES.ownersCannotSuspendSiteWide);
          endsAt = await deps.suspensions.suspend({
            userId: item.authorId,
            circleId: scope === 'site' ? null : item.circleId,
            duration: input.duration,
            reason,
          });
          await log(item, actor, { action, reason, circleId: scope === 'site' ? null : item.circleId, endsAt });
          await tellAuthor(item, action, reason);
          const fresh = (await loadItem({ kind: item.kind, id: item.id }))!;
          return { item: toItemView(fresh), ends_at: endsAt ? endsAt.toISOString() : null };
        }
      }
      await log(item, actor, { action, reason });
      await tellAuthor(item, action, reason);
      const fresh = (await loadItem({ kind: item.kind, id: item.id }))!;
      return { item: toItemView(fresh) };
    },

    /** The public log, newest first: every channel the viewer can read, and site-wide decisions. */
    async log(options: { viewerId: number | null; circleId?: number }): Promise<Listing<LogEntry>> {
      const where = and(
        options.circleId === undefined ? or(isNull(moderationActions.circleId), circleVisibleTo(options.viewerId)) : eq(moderationActions.circleId, options.circleId),
      );
      // A site-wide decision has no channel of its own, but its item has: the item's title and link are shown only to
      // those the feed would show the item's channel (a private channel's post stays with its members).
      const itemShown = sql<boolean>`(${moderationActions.postId} is null or exists (select 1 from ${posts} inner join ${circles} on ${q(circles.id)} = ${q(posts.circleId)}
        where ${q(posts.id)} = ${q(moderationActions.postId)} and ${circleVisibleTo(options.viewerId)}))`;
      const base = () =>
        db
          .select({ action: moderationActions, circle: circles, itemShown })
          .from(moderationActions)
          .leftJoin(circles, eq(circles.id, moderationActions.circleId))
          .where(where)
          .$dynamic();
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(moderationActions)
        .leftJoin(circles, eq(circles.id, moderationActions.circleId))
        .where(where);
      const load = async (limit: number, offset: number) => {
        const rows = await base()
          .orderBy(sql`${moderationActions.createdAt} desc nulls last`, sql`${moderationActions.id} desc nulls last`)
          .limit(limit)
          .offset(offset);
        return rows.map(({ action: a, circle: c, itemShown: shown }): LogEntry => ({
          id: a.id,
          action: a.action as ModerationAction,
          action_label: MODERATION_ACTIONS[a.action as ModerationAction] ?? a.action,
          reason: a.reason,
          excerpt: shown ? a.excerpt : '',
          post_id: shown ? a.postId : null,
          comment_id: shown ? a.commentId : null,
          circle: c ? { id: c.id, name: c.name } : null,
          actor: a.actorRole === 'owner' && c ? `Owner of b/${c.name}` : 'Moderator',
          ends_at: a.endsAt?.toISOString() ?? null,
          created_at: a.createdAt.toISOString(),
        }));
      };
      return { count, load };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
