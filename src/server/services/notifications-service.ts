import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Notification, NotificationKind } from '../../lib/api-types.ts';
import type { Db, Executor } from '../db/client.ts';
import { notifications, users } from '../db/schema.ts';
import type { OffsetPageSource } from '../pagination.ts';
import { mentionedHandles } from '../../lib/mentions.ts';

/** The upvote counts that tell an author their writing is being read. */
export const UPVOTE_MILESTONES = [1, 10, 100] as const;

export { MAX_MENTIONS, mentionedHandles } from '../../lib/mentions.ts';

export type NewNotification = {
  userId: number;
  kind: NotificationKind;
  actorId?: number | null;
  postId?: number | null;
  commentId?: number | null;
  circleId?: number | null;
  text: string;
};

/**
 * Records notifications; a member is never told of their own doing. An upvote milestone is recorded once per item
 * and count (its partial unique index), however often the vote is toggled. Each row is announced to the live
 * streams by a trigger (pg_notify), so a caller's transaction decides whether it is ever sent.
 */
export async function notify(db: Executor, items: NewNotification[]): Promise<void> {
  const rows = items
    .filter((item) => item.actorId == null || item.actorId !== item.userId)
    .map((item) => ({
      userId: item.userId,
      kind: item.kind,
      actorUserId: item.actorId ?? null,
      postId: item.postId ?? null,
      commentId: item.commentId ?? null,
      circleId: item.circleId ?? null,
      text: item.text,
    }));
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows).onConflictDoNothing();
}

/** Tells the members a text @mentions (existing handles only) that `actorId` mentioned them. */
export async function notifyMentions(
  db: Executor,
  input: { text: string; actorId: number; actorName: string; postId: number; commentId?: number | null; where: string; skip?: number[] },
): Promise<void> {
  const handles = mentionedHandles(input.text);
  if (handles.length === 0) return;
  const found = await db.select({ id: users.id }).from(users).where(inArray(users.username, handles));
  const skip = new Set(input.skip ?? []);
  await notify(
    db,
    found
      .filter((user) => !skip.has(user.id))
      .map((user) => ({
        userId: user.id,
        kind: 'mention' as const,
        actorId: input.actorId,
        postId: input.postId,
        commentId: input.commentId ?? null,
        text: `${input.actorName} mentioned you in ${input.where}`,
      })),
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
};

/** A member's notifications, newest first; the total from the member's rows on their (user_id, id) index. */
export async function listNotifications(db: Db, userId: number): Promise<OffsetPageSource<Notification>> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(notifications).where(eq(notifications.userId, userId));
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
        kind: row.kind as NotificationKind,
        created_at: row.createdAt.toISOString(),
        read: row.readAt !== null,
        actor: row.actor ?? null,
        post_id: row.postId,
        comment_id: row.commentId,
        text: row.text,
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
