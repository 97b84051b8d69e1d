import type { Notify } from '../notifications/index.ts';
import type { NotificationCode } from '../../../lib/notification-messages.ts';
import { and, desc, eq, inArray, isNull, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  HIDDEN_PENDING_REVIEW,
  removedLabel,
  type ModerationAction,
  type ReportReason,
  type ModeratedItem,
  type ReviewCase,
} from '../../../lib/moderation-rules.ts';
import type { Clock } from '../../clock.ts';
import type { ActorRole } from '../../../lib/statuses.ts';
import type { Db } from '../../db/client.ts';
import { circles, comments, moderationActions, moderationCases, posts, reports, users } from '../../db/schema/index.ts';
import { detail, say } from '../../platform/errors.ts';
import { plainTextExcerpt } from '../search/index.ts';
import type { SuspensionService } from './suspension-service.ts';
import { circleVisibleTo } from '../circles/index.ts';

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
export const HISTORY_ITEMS = 5;
export const NOTES_SHOWN = 5;

export type ItemKind = 'post' | 'comment';
export type ItemRef = { kind: ItemKind; id: number };
/** Who decides: a moderator (staff, anywhere), the owner of the item's channel, or a moderator its owner appointed. */
export type Actor = { id: number; role: ActorRole };

export type ModerationStatus = 'visible' | 'held' | 'removed';

export type ItemRow = {
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
  /** The words of its images, when they changed the shield's verdict (what the shield saw beside the text). */
  imageText: string | null;
};

export type ItemView = ModeratedItem;

export type ReportView = {
  id: number;
  post: number | null;
  comment: number | null;
  reason: ReportReason;
  note: string;
  status: string;
  created_at: string;
};

export type CaseView = ReviewCase;

/** The columns every reported item is read with, whether a post or a comment. */
const circleAndAuthor = { circleId: circles.id, circleName: circles.name, authorId: users.id, authorName: users.username };
const moderationColumns = (table: typeof posts | typeof comments) => ({
  status: table.moderationStatus,
  removedReason: table.removedReason,
  hiddenByReports: table.hiddenByReports,
  createdAt: table.createdAt,
  moderationReasons: table.moderationReasons,
  imageText: table.imageText,
});

export const excerptOf = (text: string) => plainTextExcerpt(text, EXCERPT_MAX);

function labelFor(row: Pick<ItemRow, 'status' | 'removedReason' | 'hiddenByReports'>): string | null {
  if (row.status === 'removed') return removedLabel(row.removedReason);
  if (row.status === 'held' && row.hiddenByReports) return HIDDEN_PENDING_REVIEW;
  return null;
}

export function toItemView(row: ItemRow): ItemView {
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

export const toReportView = (row: typeof reports.$inferSelect): ReportView => ({
  id: row.id,
  post: row.commentId === null ? row.postId : null,
  comment: row.commentId,
  reason: row.reason as ReportReason,
  note: row.note,
  status: row.status,
  created_at: row.createdAt.toISOString(),
});

export const sameItem = (table: { postId: AnyColumn; commentId: AnyColumn }, item: ItemRow): SQL =>
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
  /** Tells authors and reporters what was decided (notifications, and their pushes). */
  notify: Notify;
};

/** Who reads a review queue: a member id, and whether they are staff (who see who reported). */
export type Reviewer = { id: number; isStaff: boolean };

/** Who reports: the member, when their account was made, and the address the report came from (keyed to its network, never kept). */
export type Reporter = { id: number; createdAt: Date; ip: string };

/**
 * What every part of moderation reads and writes about an item: the item itself, its state, its case, its author's
 * notification and the log line of a decision.
 */
export function createModerationItems(deps: ModerationDeps) {
  const { db, clock, notify } = deps;

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
    if (item.kind === 'post')
      await db
        .update(posts)
        .set({ moderationStatus: state.status, removedReason: state.removedReason, hiddenByReports: state.hiddenByReports })
        .where(eq(posts.id, item.id));
    else
      await db
        .update(comments)
        .set({ moderationStatus: state.status, removedReason: state.removedReason, hiddenByReports: state.hiddenByReports })
        .where(eq(comments.id, item.id));
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
      .where(
        inArray(
          reports.caseId,
          closed.map((c) => c.id),
        ),
      )
      .returning({ reporterId: reports.reporterId });
    const what = item.kind === 'post' ? 'post' : 'comment';
    await notify(
      db,
      told.map(({ reporterId }) => ({
        userId: reporterId,
        kind: 'report_outcome' as const,
        postId: item.postId,
        commentId: item.commentId,
        message: {
          code: `reported${what === 'post' ? 'Post' : 'Comment'}${outcome === 'removed' ? 'Removed' : 'Kept'}` as NotificationCode,
        },
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
    if (code)
      await notify(db, [
        { userId: item.authorId, kind: 'moderation_action', postId: item.postId, commentId: item.commentId, message: { code, params } },
      ]);
  }

  /** Writes a decision to the moderation log (the public list `modLog.log` reads). */
  async function recordAction(
    item: ItemRow | null,
    actor: Actor,
    entry: { action: ModerationAction; reason: string; targetUserId?: number; circleId?: number | null; endsAt?: Date | null },
  ) {
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

  return { loadItem, notFound, setItemState, closeCase, tellAuthor, recordAction, moderatorDecided };
}

export type ModerationItems = ReturnType<typeof createModerationItems>;
