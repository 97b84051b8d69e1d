import type { VideoRenditions } from '../../../lib/api-types.ts';
import { COMMENT_MEDIA_KINDS } from '../../../lib/statuses.ts';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
  jsonb,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, moderationColumns, tsvector } from './columns.ts';
import { posts } from './posts.ts';

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The comment this one replies to (same post); null for a top-level comment. */
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** Ids from the top-level comment down to this one (set by a trigger on insert): a thread's order and its subtree. */
    path: integer('path')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** 0 for a top-level comment, the parent's depth + 1 for a reply (set by the same trigger). */
    depth: integer('depth').notNull().default(0),
    /** Replies below it at any depth that are neither deleted nor held, kept by a trigger. */
    replyCount: integer('reply_count').notNull().default(0),
    body: text('body').notNull().default(''),
    /** The language of its text (as posts.language): detected when written and edited; 'und' for media alone. */
    language: text('language').notNull().default('und'),
    /** 'image' | 'video' | null */
    mediaKind: text('media_kind', { enum: COMMENT_MEDIA_KINDS }),
    mediaUrl: text('media_url'),
    /** The poster frame of a video comment (an image URL with its variants); null for an image, or a video without one. */
    mediaPoster: text('media_poster'),
    /** The attached image's description (its `alt`, up to 1,000 characters); null when none was given. */
    mediaAlt: text('media_alt'),
    /** Its video's renditions for slow networks and where their making stands (video-transcoding.ts); null otherwise. */
    videoRenditions: jsonb('video_renditions').$type<VideoRenditions>(),
    upvoteCount: integer('upvote_count').notNull().default(0),
    /** The Best order's key: log10(1 + upvotes) + creation time / 45,000 s, set by a trigger (the Hot formula). */
    hotRank: doublePrecision('hot_rank').notNull().default(0),
    ...moderationColumns(),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    /** Set when its author deleted it: the text and media are gone; shown as "[deleted]" while it has replies. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** The body word by word (B) and its Hindi stems (D), read through bsq_search_text (drizzle/0020). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', bsq_search_text(coalesce(body, ''))), 'B') || setweight(to_tsvector('hindi', bsq_search_text(coalesce(body, ''))), 'D')`,
      ),
    /** The body's first 2,000 characters romanised and folded (bsq_search_skeleton), matched by trigrams. */
    searchSkeleton: text('search_skeleton')
      .notNull()
      .generatedAlwaysAs(sql`bsq_search_skeleton(left(coalesce(body, ''), 2000))`),
  },
  (t) => [
    index('comments_post_created_idx').on(t.postId, t.createdAt.desc(), t.id.desc()),
    index('comments_search_idx').using('gin', t.searchVector),
    index('comments_skeleton_idx').using('gin', sql`${t.searchSkeleton} gin_trgm_ops`),
    index('comments_top_best_idx')
      .on(t.postId, t.hotRank.desc(), t.id.desc())
      .where(sql`${t.parentId} is null`),
    index('comments_top_new_idx')
      .on(t.postId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.parentId} is null`),
    index('comments_top_top_idx')
      .on(t.postId, t.upvoteCount.desc(), t.id.desc())
      .where(sql`${t.parentId} is null`),
    index('comments_parent_idx').on(t.parentId, t.createdAt, t.id),
    index('comments_path_idx').on(t.postId, t.path),
  ],
);

/**
 * One member's upvote of one comment: at most one, so `comments.upvote_count` moves by one per member. Partitioned by
 * month of the comment's creation, as `post_reactions`.
 */
export const commentUpvotes = pgTable(
  'comment_upvotes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** The comment's own `created_at`, copied: the partition key, as `post_reactions.post_created_at`. */
    commentCreatedAt: timestamp('comment_created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId, t.commentCreatedAt] }), index('comment_upvotes_user_idx').on(t.userId)],
);
