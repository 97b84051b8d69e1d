import { bindTo } from '../../db/bind.ts';
import { and, eq, exists, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Notification, NotificationKind } from '../../../lib/api-types.ts';
import type { Db, Executor } from '../../db/client.ts';
import { qualified as q } from '../../db/qualified.ts';
import { circles, comments, notifications, posts, userBlocks, users } from '../../db/schema/index.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import type { OffsetPageSource } from '../../db/keyset.ts';
import { mentionedHandles } from '../../../lib/mentions.ts';
import {
  wordNotification,
  type NotificationCode,
  type NotificationMessage,
  type NotificationParams,
} from '../../../lib/notification-messages.ts';
import { translator } from '../../../lib/i18n.ts';
import { circleVisibleTo } from '../circles/index.ts';

/** The upvote counts that tell an author their writing is being read. */
export const UPVOTE_MILESTONES = [1, 10, 100] as const;

export { MAX_MENTIONS, mentionedHandles } from '../../../lib/mentions.ts';

export type NewNotification = {
  userId: number;
  kind: NotificationKind;
  actorId?: number | null;
  postId?: number | null;
  commentId?: number | null;
  circleId?: number | null;
  /** What it says, as a catalog code and its values (worded in the reader's language where it is read). */
  message: NotificationMessage;
};

/** The English line kept beside the code: the export and API clients that show text as it is read it. */
const english = translator('en');

/** A notification just recorded, as what follows its recording reads it (the push fan-out). */
export type RecordedNotification = { id: number; userId: number; kind: NotificationKind };

/** What else recording notifications does, inside the same transaction: queue their pushes (services/push). */
export type OnRecorded = (tx: Executor, recorded: RecordedNotification[]) => Promise<void>;

/** Records notifications (see `recordNotifications`) and hands what it recorded to the app's `OnRecorded`. */
export type Notify = (db: Executor, items: NewNotification[]) => Promise<void>;

/**
 * The one way notifications are written: every service that tells a member something is given this (services.ts),
 * so each notification recorded is also pushed to the member's devices that asked for its kind, in the writer's
 * transaction.
 */
export function createNotify(onRecorded: OnRecorded): Notify {
  return async (db, items) => {
    const recorded = await recordNotifications(db, items);
    if (recorded.length > 0) await onRecorded(db, recorded);
  };
}

/**
 * Records notifications; a member is never told of their own doing, nor of anything done by someone they blocked
 * (a mention, a reply, an upvote milestone). An upvote milestone is recorded once per item and count, however often
 * the vote is toggled: one already there is looked up on its partial index first (the table is partitioned by month,
 * so no unique index can span it; the vote's own transaction holds the item's row, so two cannot race). Each row is announced to the live streams by a trigger
 * (pg_notify), so a caller's transaction decides whether it is ever sent.
 */
async function recordNotifications(db: Executor, items: NewNotification[]): Promise<RecordedNotification[]> {
  const byOthers = items.filter((item) => item.actorId == null || item.actorId !== item.userId);
  const actors = [...new Set(byOthers.flatMap((item) => (item.actorId == null ? [] : [item.actorId])))];
  const blocks =
    actors.length === 0
      ? []
      : await db
          .select({ blocker: userBlocks.blockerId, blocked: userBlocks.blockedId })
          .from(userBlocks)
          .where(
            and(inArray(userBlocks.blockerId, [...new Set(byOthers.map((item) => item.userId))]), inArray(userBlocks.blockedId, actors)),
          );
  const blockedPairs = new Set(blocks.map((b) => `${b.blocker}:${b.blocked}`));
  const rows = byOthers
    .filter((item) => item.actorId == null || !blockedPairs.has(`${item.userId}:${item.actorId}`))
    .map((item) => ({
      userId: item.userId,
      kind: item.kind,
      actorUserId: item.actorId ?? null,
      postId: item.postId ?? null,
      commentId: item.commentId ?? null,
      circleId: item.circleId ?? null,
      code: item.message.code,
      params: item.message.params ?? {},
      text: wordNotification(item.message, english),
    }));
  // A milestone already recorded is not recorded again, and so not returned (nor pushed) again.
  const fresh = [];
  for (const row of rows) if (row.kind !== 'upvote_milestone' || !(await milestoneRecorded(db, row))) fresh.push(row);
  if (fresh.length === 0) return [];
  return db.insert(notifications).values(fresh).returning({ id: notifications.id, userId: notifications.userId, kind: notifications.kind });
}

/** Whether this member was already told that this item reached this count (on notifications_milestone_code_idx). */
async function milestoneRecorded(
  db: Executor,
  row: { userId: number; postId: number | null; commentId: number | null; code: string; params: NotificationParams },
): Promise<boolean> {
  const [found] = await db
    .select({ one: sql<number>`1` })
    .from(notifications)
    .where(
      and(
        eq(notifications.kind, 'upvote_milestone'),
        eq(notifications.userId, row.userId),
        sql`coalesce(${notifications.postId}, 0) = ${row.postId ?? 0}`,
        sql`coalesce(${notifications.commentId}, 0) = ${row.commentId ?? 0}`,
        eq(notifications.code, row.code),
        sql`(${notifications.params}->>'count') = ${String(row.params.count ?? '')}`,
      ),
    )
    .limit(1);
  return found !== undefined;
}

/** What a write that may @mention members hands to the fan-out: the text is read for handles now, in the request. */
export type Mention = { text: string; actorId: number; postId: number; commentId?: number | null; skip?: number[] };
/** Queues the telling of the members a write @mentions, inside the write's own transaction. */
export type MentionFanout = (tx: Executor, mention: Mention) => Promise<void>;

export const MENTIONS_JOB = 'notify-mentions';
type MentionJob = { handles: string[]; actorId: number; postId: number; commentId: number | null; skip: number[] };

/**
 * Mentions are told in the background (the job queue), not in the request that writes them: the write only queues
 * the handles it found, in its own transaction, so a rolled-back write tells nobody and a committed one is told
 * even if this process dies meanwhile. The job resolves the handles (existing ones only) and records the
 * notifications; one already recorded for the same member and item is not recorded again, so a retried job tells
 * no one twice. A post or comment gone or hidden before the job runs tells nobody.
 */
export function createMentionFanout(db: Db, jobs: JobQueue, notify: Notify): MentionFanout {
  jobs.define<MentionJob>({ name: MENTIONS_JOB, run: (job) => tellMentioned(db, notify, job) });
  return async (tx, mention) => {
    const handles = mentionedHandles(mention.text);
    if (handles.length === 0) return;
    const job: MentionJob = {
      handles,
      actorId: mention.actorId,
      postId: mention.postId,
      commentId: mention.commentId ?? null,
      skip: mention.skip ?? [],
    };
    await jobs.sendWithin(tx, MENTIONS_JOB, job);
  };
}

async function tellMentioned(db: Db, notify: Notify, { handles, actorId, postId, commentId, skip }: MentionJob): Promise<void> {
  const [item] = await db
    .select({ title: posts.title, actor: users.username, comment: comments.id })
    .from(posts)
    .innerJoin(users, eq(users.id, actorId))
    .leftJoin(
      comments,
      and(
        eq(comments.id, commentId ?? 0),
        eq(comments.postId, posts.id),
        isNull(comments.deletedAt),
        eq(comments.moderationStatus, 'visible'),
      ),
    )
    .where(and(eq(posts.id, postId), eq(posts.moderationStatus, 'visible')))
    .limit(1);
  if (!item || (commentId !== null && item.comment === null)) return;
  const told = alias(notifications, 'told');
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.username, handles),
        // Only members who may read the post are told of it (its title, that it exists): the feed's rule.
        exists(
          db
            .select({ one: sql`1` })
            .from(posts)
            .innerJoin(circles, eq(circles.id, posts.circleId))
            .where(and(eq(posts.id, postId), circleVisibleTo(q(users.id)))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(told)
            .where(
              and(
                eq(told.userId, users.id),
                eq(told.kind, 'mention'),
                eq(told.postId, postId),
                commentId === null ? isNull(told.commentId) : eq(told.commentId, commentId),
              ),
            ),
        ),
      ),
    );
  const message: NotificationMessage =
    commentId === null
      ? { code: 'mentionedInPost', params: { actor: item.actor, title: item.title } }
      : { code: 'mentionedInComment', params: { actor: item.actor } };
  await notify(
    db,
    found
      .filter((user) => !skip.includes(user.id))
      .map((user) => ({ userId: user.id, kind: 'mention' as const, actorId, postId, commentId, message })),
  );
}

const notificationColumns = {
  id: notifications.id,
  kind: notifications.kind,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  actor: users.username,
  postId: notifications.postId,
  commentId: notifications.commentId,
  text: notifications.text,
  code: notifications.code,
  params: notifications.params,
};

/** A member's notifications, newest first; the total from the member's rows on their (user_id, id) index. */
export async function listNotifications(db: Db, userId: number): Promise<OffsetPageSource<Notification>> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return {
    count,
    load: async (limit, offset) => {
      const rows = await db
        .select(notificationColumns)
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorUserId))
        .where(eq(notifications.userId, userId))
        .orderBy(sql`${notifications.id} desc nulls last`)
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        created_at: row.createdAt.toISOString(),
        read: row.readAt !== null,
        actor: row.actor ?? null,
        post_id: row.postId,
        comment_id: row.commentId,
        text: row.text,
        code: row.code as NotificationCode | null,
        params: row.params,
      }));
    },
  };
}

/** How many of a member's notifications are unread, on the partial unread index. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return count;
}

/** Marks the member's own notifications read: the given ids (others' ids are ignored), or all. Answers the unread count left. */
export async function markRead(db: Db, userId: number, which: { ids: number[] } | { all: true }): Promise<number> {
  const chosen = 'all' in which ? undefined : inArray(notifications.id, which.ids.length > 0 ? which.ids : [0]);
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), chosen));
  return unreadCount(db, userId);
}

/** A member's notifications: the list, the unread count, marking read. */
export const createNotificationsService = ({ db }: { db: Db }) => bindTo(db, { list: listNotifications, unreadCount, markRead });
