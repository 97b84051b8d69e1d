import { CHANNEL_TYPES, CIRCLE_ROLES, JOIN_REQUEST_STATUSES } from '../../../lib/statuses.ts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, tsvector } from './columns.ts';

export const circles = pgTable(
  'circles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    channelType: text('channel_type', { enum: CHANNEL_TYPES }).notNull().default('public'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    themeColors: jsonb('theme_colors').$type<{ primary: string; secondary: string }>().notNull(),
    membersCount: integer('members_count').notNull().default(0),
    /** Kept by a trigger on posts, counting visible posts only, so a feed's total is a sum over circles, not a scan of posts. */
    postsCount: integer('posts_count').notNull().default(0),
    /** The scam shield on the description: 'ok' | 'warn' | 'held' (a held description is shown to its owner and staff only). */
    descriptionVerdict: text('description_verdict').notNull().default('ok'),
    descriptionReasons: jsonb('description_reasons').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    /** What members must have verified to join, post and comment: null, 'academic', 'institution' or 'credential'. */
    requirementKind: text('requirement_kind'),
    /** The institution's mail domain, or the credential kind; null for 'academic'. */
    requirementValue: text('requirement_value'),
    /** Name (A) and description (B) word by word, and Hindi stems (D); every text read through bsq_search_text (drizzle/0020). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', bsq_search_text(coalesce(name, ''))), 'A') || setweight(to_tsvector('simple', bsq_search_text(coalesce(description, ''))), 'B') || setweight(to_tsvector('hindi', bsq_search_text(coalesce(name, '') || ' ' || coalesce(description, ''))), 'D')`,
      ),
    /** The name romanised and folded (bsq_search_skeleton): what a query in the other script is matched on, by trigrams. */
    searchSkeleton: text('search_skeleton')
      .notNull()
      .generatedAlwaysAs(sql`bsq_search_skeleton(coalesce(name, ''))`),
    /**
     * Visible posts of the last 7 days, Explore's "active" order: a new post counts at once (the posts trigger), and
     * the hourly activity job recounts it so posts older than a week drop out.
     */
    recentPosts: integer('recent_posts').notNull().default(0),
    /** The owner's rules, shown beside the channel's posts: up to 10 of {title, body}; empty shows the site's default rules. */
    rules: jsonb('rules').$type<{ title: string; body: string }[]>().notNull().default([]),
    /** The owner asks for a description of every image posted here: a post without them is refused. */
    altTextRequired: boolean('alt_text_required').notNull().default(false),
  },
  (t) => [
    uniqueIndex('circles_name_lower_idx').on(sql`lower(${t.name})`),
    // Keyset orders (key desc, id desc): most members first, and most posts this week first.
    index('circles_members_keyset_idx').on(t.membersCount.desc(), t.id.desc()),
    index('circles_active_keyset_idx').on(t.recentPosts.desc(), t.id.desc()),
    index('circles_search_idx').using('gin', t.searchVector),
    index('circles_skeleton_idx').using('gin', sql`${t.searchSkeleton} gin_trgm_ops`),
  ],
);

export const circleMembers = pgTable(
  'circle_members',
  {
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'owner' | 'moderator' (appointed by the owner: reviews the channel's queue and acts on it) | 'member' */
    role: text('role', { enum: CIRCLE_ROLES }).notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.circleId, t.userId] }), index('circle_members_user_idx').on(t.userId, t.joinedAt)],
);

export const joinRequests = pgTable(
  'join_requests',
  {
    id: serial('id').primaryKey(),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'pending' | 'approved' | 'rejected' */
    status: text('status', { enum: JOIN_REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('join_requests_circle_user_idx').on(t.circleId, t.userId),
    index('join_requests_status_idx').on(t.circleId, t.status),
  ],
);

/**
 * A channel's tags (flair): at most MAX_CIRCLE_TAGS, named once each per channel (any case), each with a colour that
 * white text reads on (4.5:1). Its owner defines them; a post chooses up to three of its channel's.
 */
export const circleTags = pgTable(
  'circle_tags',
  {
    id: serial('id').primaryKey(),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `#rrggbb`, lower case. */
    color: text('color').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('circle_tags_circle_name_idx').on(t.circleId, sql`lower(${t.name})`),
    index('circle_tags_circle_idx').on(t.circleId, t.id),
  ],
);

/**
 * A channel's canned removal reasons, written by its owner and moderators (at most MAX_REMOVAL_REASONS), each in one
 * of the app's languages: a removal may name one instead of a reason typed anew, and its author is told that text.
 */
export const circleRemovalReasons = pgTable(
  'circle_removal_reasons',
  {
    id: serial('id').primaryKey(),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The language it is written in (a code of LANGUAGE_LIST): the queue offers the reviewer's language first. */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [index('circle_removal_reasons_circle_idx').on(t.circleId, t.id)],
);
