import { ACTOR_ROLES, CASE_STATUSES, REPORT_STATUSES } from '../../../lib/statuses.ts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { circles } from './circles.ts';
import { comments } from './comments.ts';
import { posts } from './posts.ts';

/**
 * One reported or held item awaiting review: reports of the same post or comment gather in its open case, so a queue
 * row is the item with its reports counted. A case closes when a moderator or the channel's owner decides.
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Set for a comment's case; the post is then the comment's post. */
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'open' | 'closed' */
    status: text('status', { enum: CASE_STATUSES }).notNull().default('open'),
    /** Distinct members who reported the item while the case was open. */
    reportsCount: integer('reports_count').notNull().default(0),
    /** 'dismissed' | 'removed' | 'restored' once closed. */
    outcome: text('outcome'),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('moderation_cases_queue_idx').on(t.status, t.reportsCount.desc(), t.openedAt, t.id),
    index('moderation_cases_circle_idx').on(t.circleId, t.status, t.reportsCount.desc(), t.openedAt, t.id),
    uniqueIndex('moderation_cases_open_item_idx')
      .on(t.postId, sql`coalesce(${t.commentId}, 0)`)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** A member's report of a post or a comment; one per member and item, ever. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'spam' | 'scam' | 'harassment' | 'hate' | 'sexual' | 'misinformation' | 'other' */
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    /** 'open' | 'dismissed' | 'upheld': what the reporter is told of the outcome. */
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The reporter's requester network, keyed (never an IP): kept only while the case is open, to count one report per network. */
    requester: text('requester'),
    /** Whether the report counts toward AUTO_HIDE_REPORTS: an established account's, and the first from its requester network. */
    weighs: boolean('weighs').notNull().default(true),
  },
  (t) => [
    uniqueIndex('reports_reporter_item_idx').on(t.reporterId, t.postId, sql`coalesce(${t.commentId}, 0)`),
    index('reports_case_idx').on(t.caseId, t.id),
  ],
);

/**
 * The public moderation log: every decision, by whom in role (a moderator, or a channel's owner), never who
 * reported. The excerpt is the item's title (a comment's first words) as it was when the decision was taken.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: serial('id').primaryKey(),
    /** 'dismiss' | 'remove' | 'restore' | 'warn' | 'suspend' */
    action: text('action').notNull(),
    reason: text('reason').notNull().default(''),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'set null' }),
    /** The channel the decision was about; null for a site-wide suspension. */
    circleId: integer('circle_id').references(() => circles.id, { onDelete: 'set null' }),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    excerpt: text('excerpt').notNull().default(''),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'moderator' | 'owner' */
    actorRole: text('actor_role', { enum: ACTOR_ROLES }).notNull(),
    /** For a suspension: when it ends (null: permanent). */
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('moderation_actions_circle_idx').on(t.circleId, t.createdAt.desc(), t.id.desc()),
    index('moderation_actions_target_idx').on(t.targetUserId, t.createdAt.desc()),
  ],
);

/** A member kept from writing: everywhere (circle null) or in one channel, until `endsAt` (null: for good). */
export const suspensions = pgTable(
  'suspensions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    circleId: integer('circle_id').references(() => circles.id, { onDelete: 'cascade' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('suspensions_user_idx').on(t.userId, t.circleId)],
);
