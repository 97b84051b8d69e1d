import type { LinkPreview, VideoRenditions } from '../../../lib/api-types.ts';
import { REACTION_KINDS } from '../../../lib/statuses.ts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { PollInput } from '../../../lib/validation-rules.ts';
import { users } from './accounts.ts';
import { circleTags, circles } from './circles.ts';
import { createdAt, moderationColumns, tsvector } from './columns.ts';

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    videos: jsonb('videos').$type<string[]>().notNull().default([]),
    /**
     * Each video's poster frame (drawn in the member's browser, stored as an image with its variants), by the video's
     * URL; a video without one is absent. Its files go wherever the video goes (moved, removed, exported, erased).
     */
    videoPosters: jsonb('video_posters').$type<Record<string, string>>().notNull().default({}),
    /** Each image's description (its `alt`, up to 1,000 characters) by the image's URL; an image without one is absent. */
    mediaAlts: jsonb('media_alts').$type<Record<string, string>>().notNull().default({}),
    /**
     * A link post's link and its preview, fetched in a job after the post (link-previews.ts): null for a post without
     * one. The preview's image is re-encoded and kept in the media store, as an upload is.
     */
    link: jsonb('link').$type<LinkPreview>(),
    /**
     * Each video's renditions for slow networks (240p, 360p, 720p; never above its own size) and where their making
     * stands, by the video's URL (video-renditions.ts); a video without an entry was uploaded before renditions.
     */
    videoRenditions: jsonb('video_renditions').$type<Record<string, VideoRenditions>>().notNull().default({}),
    likeCount: integer('like_count').notNull().default(0),
    dislikeCount: integer('dislike_count').notNull().default(0),
    /** Visible comments only, kept by a trigger on comments. */
    commentCount: integer('comment_count').notNull().default(0),
    /**
     * The language its title and text are in (a BCP 47 tag of src/lib/post-languages.ts: en, hi, hi-Latn, mr, bn, ta, te,
     * kn, or und), detected when it is written and when it is edited (src/lib/language-detection.ts). Posts from before
     * languages were told are 'und' until the language backfill job reaches them; 'und' shows in every reader's feed.
     */
    language: text('language').notNull().default('und'),
    ...moderationColumns(),
    createdAt: createdAt(),
    /** When its author last changed title or text; null if never. */
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    /** When staff featured the post on the landing page (a real member's public post, in place of invented testimonials). */
    featuredAt: timestamp('featured_at', { withTimezone: true, mode: 'date' }),
    /**
     * The Hot order's key, set by a trigger on every write of the votes: log10(1 + |likes - dislikes|) with the
     * score's sign, plus the creation time in units of 45,000 seconds, so Hot is an index scan, never a computed sort.
     */
    hotRank: doublePrecision('hot_rank').notNull().default(0),
    /** Title (A) and text (B) word by word, and Hindi stems (D); every text read through bsq_search_text (drizzle/0020). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', bsq_search_text(coalesce(title, ''))), 'A') || setweight(to_tsvector('simple', bsq_search_text(regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'))), 'B') || setweight(to_tsvector('hindi', bsq_search_text(coalesce(title, '') || ' ' || regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'))), 'D')`,
      ),
    /** The title alone: Relevant search's candidates beyond the newest posts are posts whose title says the word. */
    titleVector: tsvector('title_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', bsq_search_text(coalesce(title, '')))`),
    /** Title and the text's first 2,000 characters romanised and folded (bsq_search_skeleton), matched by trigrams. */
    searchSkeleton: text('search_skeleton')
      .notNull()
      .generatedAlwaysAs(
        sql`bsq_search_skeleton(left(coalesce(title, '') || ' ' || regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'), 2000))`,
      ),
  },
  (t) => [
    index('posts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('posts_circle_created_idx').on(t.circleId, t.createdAt.desc(), t.id.desc()),
    index('posts_hot_idx').on(t.hotRank.desc(), t.id.desc()),
    index('posts_circle_hot_idx').on(t.circleId, t.hotRank.desc(), t.id.desc()),
    // Top: the same DESC NULLS LAST as the other keyset orders, so one ORDER BY shape reads every feed index.
    index('posts_top_idx').on(sql`(${t.likeCount} - ${t.dislikeCount}) desc nulls last`, t.id.desc()),
    index('posts_circle_top_idx').on(t.circleId, sql`(${t.likeCount} - ${t.dislikeCount}) desc nulls last`, t.id.desc()),
    index('posts_featured_idx')
      .on(t.featuredAt.desc())
      .where(sql`${t.featuredAt} is not null`),
    index('posts_author_created_idx').on(t.authorId, t.createdAt.desc(), t.id.desc()),
    index('posts_search_idx').using('gin', t.searchVector),
    index('posts_title_search_idx').using('gin', t.titleVector),
    index('posts_skeleton_idx').using('gin', sql`${t.searchSkeleton} gin_trgm_ops`),
  ],
);

/**
 * One member's like or dislike of one post. Partitioned by month of the post's creation (`post_created_at`, declared
 * in migration 0040; see partitions.ts): a thread's votes stay together in one partition, an old thread's in one
 * nobody writes to, and the primary key holds the partition key without loosening "one vote per member per post"
 * (a post has one creation time).
 */
export const postReactions = pgTable(
  'post_reactions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'like' | 'dislike' */
    kind: text('kind', { enum: REACTION_KINDS }).notNull(),
    createdAt: createdAt(),
    /** The post's own `created_at`, copied: the partition key (see below). */
    postCreatedAt: timestamp('post_created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.postCreatedAt] }), index('post_reactions_user_idx').on(t.userId)],
);

/**
 * The tags a post chose (at most three, of its own channel). `created_at` is the post's own, copied when it is
 * tagged, so a channel's page filtered by a tag reads newest first on `(tag_id, created_at desc, post_id desc)`:
 * an index scan of that tag's posts however many the channel has.
 */
export const postTags = pgTable(
  'post_tags',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => circleTags.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.tagId] }),
    index('post_tags_tag_created_idx').on(t.tagId, t.createdAt.desc(), t.postId.desc()),
  ],
);

/**
 * A member's saved posts (bookmarks), private to them. The list reads newest saved first on
 * `(user_id, created_at desc, post_id desc)`, and a post's `saved` flag is one lookup on the primary key.
 */
export const savedPosts = pgTable(
  'saved_posts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('saved_posts_user_created_idx').on(t.userId, t.createdAt.desc(), t.postId.desc()),
  ],
);

/**
 * A member's drafts: what they are writing in the create-post screen, saved on the server as they type so it
 * survives a reload, a lost connection or another device. Private to the member; in the data export; gone with the
 * account. Listed most recently changed first on `(author_id, updated_at desc, id desc)`.
 */
export const drafts = pgTable(
  'drafts',
  {
    id: serial('id').primaryKey(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The channel chosen so far; null before one is chosen (or after it was deleted). */
    circleId: integer('circle_id').references(() => circles.id, { onDelete: 'set null' }),
    title: text('title').notNull().default(''),
    /** Sanitised like a post's text; images pasted into the text are not kept in a draft. */
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('drafts_author_updated_idx').on(t.authorId, t.updatedAt.desc(), t.id.desc())],
);

/**
 * Scheduled posts: written now, published by the job queue at `publish_at` (UTC) through the same path and checks as
 * a post made then. They live apart from `posts` so that nothing that lists, counts, searches or syndicates posts can
 * show one early; each takes its id from the posts' sequence, so the post it becomes keeps the id the author was
 * given. A publish the checks refuse is kept here with `refused_at` set (the author is told) until it is moved or
 * cancelled.
 */
export const scheduledPosts = pgTable(
  'scheduled_posts',
  {
    id: integer('id')
      .primaryKey()
      .default(sql`nextval('posts_id_seq')`),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    videos: jsonb('videos').$type<string[]>().notNull().default([]),
    videoPosters: jsonb('video_posters').$type<Record<string, string>>().notNull().default({}),
    /** One description per image, in the images' order, as sent. */
    alts: jsonb('alts').$type<string[]>().notNull().default([]),
    /** The channel's tag ids it chose. */
    tags: jsonb('tags').$type<number[]>().notNull().default([]),
    /** The poll it carries, as sent (its closing time checked again when it is published); null for none. */
    poll: jsonb('poll').$type<PollInput>(),
    /** The link it carries (an http or https URL), fetched for its preview once published; null for none. */
    link: text('link'),
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When a publish was refused (suspended, over the limit, no longer allowed in the channel); null while waiting. */
    refusedAt: timestamp('refused_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('scheduled_posts_author_updated_idx').on(t.authorId, t.updatedAt.desc(), t.id.desc()),
    // The minute's job reads the due ones that are still waiting.
    index('scheduled_posts_due_idx')
      .on(t.publishAt)
      .where(sql`${t.refusedAt} is null`),
  ],
);

/**
 * A post's poll: 2 to 6 options, one or several choices, open until `closes_at`. Each option keeps its own `votes`,
 * counted by a trigger on poll_votes in the vote's transaction (drizzle/0035_poll_vote_counts.sql), so reading a
 * poll never counts vote rows and an erased account's votes leave the counts true.
 * `verified_only`: only members who meet the channel's verification requirement may vote (its owner's choice).
 */
export const polls = pgTable('polls', {
  postId: integer('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  multiple: boolean('multiple').notNull().default(false),
  closesAt: timestamp('closes_at', { withTimezone: true, mode: 'date' }).notNull(),
  verifiedOnly: boolean('verified_only').notNull().default(false),
});

export const pollOptions = pgTable(
  'poll_options',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => polls.postId, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    text: text('text').notNull(),
    votes: integer('votes').notNull().default(0),
  },
  (t) => [index('poll_options_post_idx').on(t.postId, t.position)],
);

/** A member's vote: one row per option chosen; changing it replaces the rows (until the poll closes). */
export const pollVotes = pgTable(
  'poll_votes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => polls.postId, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.optionId] }), index('poll_votes_user_idx').on(t.userId)],
);

/** How many rows the public circles' post total is spread over (a circle adds to the row of its id modulo this). */
export const PUBLIC_POST_TOTAL_SHARDS = 16;

/**
 * The visible posts of all public circles, summed: the public feed's total reads these few rows instead of adding up
 * every public circle's posts_count on each request (at 1,000 circles that sum was two thirds of the page's
 * database time, and it grows with the circles). Kept by a trigger on circles' posts_count and channel_type, and
 * spread over PUBLIC_POST_TOTAL_SHARDS rows so that posts in different circles do not queue on one row.
 */
export const publicPostTotals = pgTable('public_post_totals', {
  shard: smallint('shard').primaryKey(),
  posts: integer('posts').notNull().default(0),
});

/**
 * Where the language backfill stands in each table ('posts', 'comments'): rows with an id below `below_id` are yet to
 * be read. The migration that added `language` starts it above the newest row (rows written since have their language
 * from the write); the job works down in batches and removes the table's row when it reaches the first.
 */
export const languageBackfill = pgTable('language_backfill', {
  tableName: text('table_name').primaryKey(),
  belowId: integer('below_id').notNull(),
});
