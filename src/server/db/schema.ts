import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * What the scam shield and the moderators decided about a piece of writing. `moderation_status`: 'visible' |
 * 'held' (its author and staff only) | 'removed' (shown as "Removed by moderators: <reason>"); `scam_verdict`:
 * 'ok' | 'warn' (readers see a banner) | 'held'; `moderation_reasons` are the shield's reasons, for staff only.
 */
const moderationColumns = () => ({
  moderationStatus: text('moderation_status').notNull().default('visible'),
  scamVerdict: text('scam_verdict').notNull().default('ok'),
  moderationReasons: jsonb('moderation_reasons').$type<string[]>().notNull().default([]),
  removedReason: text('removed_reason'),
});

/** An account never stores the e-mail address: only its keyed hash and the class of what was verified. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  emailHash: text('email_hash').notNull().unique(),
  /** 'academic' | 'standard' (what the verified address proves, never the address). */
  identityClass: text('identity_class').notNull().default('standard'),
  username: text('username').notNull().unique(),
  color: text('color').notNull(),
  animal: text('animal').notNull(),
  profileImage: text('profile_image'),
  isAadhaarVerified: boolean('is_aadhaar_verified').notNull().default(false),
  profileCreatedAt: timestamp('profile_created_at', { withTimezone: true, mode: 'date' }),
  /** Words whose posts collapse for this member ("Hidden: contains a muted word"), lower case. */
  mutedWords: jsonb('muted_words').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});

export const otpCodes = pgTable('otp_codes', {
  emailHash: text('email_hash').primaryKey(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** One row per code sent, for the per-address hourly limit. */
export const otpSends = pgTable(
  'otp_sends',
  {
    id: serial('id').primaryKey(),
    emailHash: text('email_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('otp_sends_email_sent_idx').on(t.emailHash, t.sentAt)],
);

export const blacklistedTokens = pgTable('blacklisted_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});

export const circles = pgTable(
  'circles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    channelType: text('channel_type').notNull().default('public'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    themeColors: jsonb('theme_colors').$type<{ primary: string; secondary: string }>().notNull(),
    membersCount: integer('members_count').notNull().default(0),
    /** Kept by a trigger on posts, counting visible posts only, so a feed's total is a sum over circles, not a scan of posts. */
    postsCount: integer('posts_count').notNull().default(0),
    /** The scam shield on the description: 'ok' | 'warn' | 'held' (a held description is shown to its owner and staff only). */
    descriptionVerdict: text('description_verdict').notNull().default('ok'),
    descriptionReasons: jsonb('description_reasons').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(description, ''))`),
  },
  (t) => [
    uniqueIndex('circles_name_lower_idx').on(sql`lower(${t.name})`),
    index('circles_popularity_idx').on(t.membersCount.desc(), t.id),
    index('circles_search_idx').using('gin', t.searchVector),
  ],
);

export const circleMembers = pgTable(
  'circle_members',
  {
    circleId: integer('circle_id').notNull().references(() => circles.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** 'owner' | 'member' */
    role: text('role').notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.circleId, t.userId] }), index('circle_members_user_idx').on(t.userId, t.joinedAt)],
);

export const joinRequests = pgTable(
  'join_requests',
  {
    id: serial('id').primaryKey(),
    circleId: integer('circle_id').notNull().references(() => circles.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** 'pending' | 'approved' | 'rejected' */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('join_requests_circle_user_idx').on(t.circleId, t.userId), index('join_requests_status_idx').on(t.circleId, t.status)],
);

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    circleId: integer('circle_id').notNull().references(() => circles.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    videos: jsonb('videos').$type<string[]>().notNull().default([]),
    likeCount: integer('like_count').notNull().default(0),
    dislikeCount: integer('dislike_count').notNull().default(0),
    /** Visible comments only, kept by a trigger on comments. */
    commentCount: integer('comment_count').notNull().default(0),
    ...moderationColumns(),
    createdAt: createdAt(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('simple', coalesce(title, '') || ' ' || regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'))`,
      ),
  },
  (t) => [
    index('posts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('posts_circle_created_idx').on(t.circleId, t.createdAt.desc(), t.id.desc()),
    index('posts_author_created_idx').on(t.authorId, t.createdAt.desc()),
    index('posts_search_idx').using('gin', t.searchVector),
  ],
);

export const postReactions = pgTable(
  'post_reactions',
  {
    postId: integer('post_id').notNull().references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** 'like' | 'dislike' */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_reactions_user_idx').on(t.userId)],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id').notNull().references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull().default(''),
    /** 'image' | 'video' | null */
    mediaKind: text('media_kind'),
    mediaUrl: text('media_url'),
    upvoteCount: integer('upvote_count').notNull().default(0),
    ...moderationColumns(),
    createdAt: createdAt(),
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(sql`to_tsvector('simple', coalesce(body, ''))`),
  },
  (t) => [index('comments_post_created_idx').on(t.postId, t.createdAt.desc(), t.id.desc()), index('comments_search_idx').using('gin', t.searchVector)],
);

/** A member who no longer sees another's posts and comments, and whose posts that other may not comment on. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId, t.blockerId)],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  /** The sender's reply address, sealed (contact-service `sealAddress`): the database holds no e-mail address. */
  email: text('email').notNull(),
  message: text('message').notNull(),
  mailed: boolean('mailed').notNull().default(false),
  createdAt: createdAt(),
});
