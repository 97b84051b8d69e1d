import { NOTIFICATION_KINDS } from '../../../lib/statuses.ts';
import type { NotificationParams } from '../../../lib/notification-messages.ts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { circles } from './circles.ts';
import { createdAt } from './columns.ts';
import { comments } from './comments.ts';
import { posts } from './posts.ts';

/**
 * Something that happened to a member's writing or channels: kind 'reply' | 'mention' | 'upvote_milestone' |
 * 'join_request' | 'join_decision' | 'report_outcome' | 'moderation_action'. `text` is the line the bell shows.
 * A trigger announces each new row with pg_notify('notifications', user_id) for the live stream. Partitioned by month
 * of `created_at` (migration 0040; see partitions.ts), so retention drops a month at a time; ids still grow with time.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    circleId: integer('circle_id').references(() => circles.id, { onDelete: 'cascade' }),
    /** The English line, kept for the data export and for API clients that show text as it is; screens word `code`. */
    text: text('text').notNull(),
    /** What it says: a catalog code (src/lib/notification-messages.ts) and its values, worded where it is read. */
    code: text('code'),
    params: jsonb('params').$type<NotificationParams>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // One milestone per item and count, keyed on the code and the count (never on worded text): looked up before one
    // is recorded (a partitioned table's unique index would have to hold the month).
    index('notifications_milestone_code_idx')
      .on(t.userId, sql`coalesce(${t.postId}, 0)`, sql`coalesce(${t.commentId}, 0)`, t.code, sql`(${t.params}->>'count')`)
      .where(sql`${t.kind} = 'upvote_milestone'`),
  ],
);
