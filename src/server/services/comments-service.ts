import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Comment, Post } from '../../lib/api-types.ts';
import type { Db } from '../db/client.ts';
import { circles, comments, posts, userBlocks, users } from '../db/schema.ts';
import { forbidden } from '../http-errors.ts';
import type { PageSource } from '../pagination.ts';
import type { StoredMedia } from './media-files.ts';
import { newestFirst } from './post-mapper.ts';
import { getVisiblePost, postNotFound } from './posts-service.ts';
import { safetyWarningFor, screenWriting, type ModerationStatus } from './scam-shield/screen.ts';
import { circleVisibleTo, commentShownTo, postOpenFor, viewerIsStaff } from './visibility.ts';

export const COMMENT_MAX_LENGTH = 10_000;
export const COMMENT_NEEDS_CONTENT = 'Please enter a comment or select media.';
export const BLOCKED_BY_AUTHOR = "You can't comment on this post: its author has blocked you.";

const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  body: comments.body,
  mediaKind: comments.mediaKind,
  mediaUrl: comments.mediaUrl,
  upvoteCount: comments.upvoteCount,
  createdAt: comments.createdAt,
  authorName: users.username,
  authorColor: users.color,
  moderationStatus: comments.moderationStatus,
  scamVerdict: comments.scamVerdict,
  removedReason: comments.removedReason,
  hiddenByReports: comments.hiddenByReports,
};

type CommentRow = {
  id: number;
  postId: number;
  body: string;
  mediaKind: string | null;
  mediaUrl: string | null;
  upvoteCount: number;
  createdAt: Date;
  authorName: string;
  authorColor: string;
  moderationStatus: string;
  scamVerdict: string;
  removedReason: string | null;
  hiddenByReports: boolean;
  viewerStaff: boolean;
};

/** The one mapper to the spec's Comment; a removed comment keeps its place in the thread without its content (staff see it). */
export function toComment(row: CommentRow): Comment {
  const status = row.moderationStatus as ModerationStatus;
  const hideContent = status === 'removed' && !row.viewerStaff;
  return {
    id: row.id,
    post: row.postId,
    body: hideContent ? '' : row.body,
    media_kind: hideContent ? null : row.mediaKind === 'image' || row.mediaKind === 'video' ? row.mediaKind : null,
    media_url: hideContent ? null : row.mediaUrl,
    author: row.authorName,
    author_color: row.authorColor,
    created_at: row.createdAt.toISOString(),
    upvote_count: row.upvoteCount,
    moderation_status: status,
    safety_warning: status === 'removed' ? null : safetyWarningFor(row.scamVerdict),
    removed_reason: status === 'removed' ? (row.removedReason ?? '') : null,
    ...(status === 'held' && row.hiddenByReports ? { hidden_pending_review: true as const } : {}),
  };
}

const selectComments = (db: Db, viewerId: number | null) =>
  db
    .select({ ...commentColumns, viewerStaff: sql<boolean>`${viewerIsStaff(viewerId)}` })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .$dynamic();

/** A visible post and its comments, newest first; 404 'Post not found.' when hidden or unknown. */
export async function listComments(db: Db, postId: number, viewerId: number | null): Promise<{ post: Post; comments: PageSource<Comment> }> {
  const post = await getVisiblePost(db, postId, viewerId);
  const shown: SQL | undefined = and(eq(comments.postId, postId), commentShownTo(viewerId));
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(comments).where(shown);
  return {
    post,
    comments: {
      count,
      load: async (limit, offset) => {
        const rows = await selectComments(db, viewerId)
          .where(shown)
          .orderBy(...newestFirst(comments.createdAt, comments.id))
          .limit(limit)
          .offset(offset);
        return rows.map((row) => toComment(row));
      },
    },
  };
}

export type NewComment = {
  postId: number;
  authorId: number;
  body: string;
  media: StoredMedia | null;
  /** When the author's account was made, and NEW_ACCOUNT_HOURS: a new account's links are held more readily. */
  authorCreatedAt: Date;
  newAccountHours: number;
};

/**
 * Adds a comment (text, one image or video, or both) to a post the author may see, unless the post's author
 * blocked them. The scam shield reads the text: a held comment is seen only by its author and staff. The post's
 * comment_count follows visible comments by a trigger.
 */
export async function createComment(db: Db, input: NewComment): Promise<Comment> {
  const { postId, authorId } = input;
  const [post] = await db
    .select({ authorId: posts.authorId })
    .from(posts)
    .innerJoin(circles, eq(circles.id, posts.circleId))
    .where(and(eq(posts.id, postId), circleVisibleTo(authorId), postOpenFor(authorId)))
    .limit(1);
  if (!post) throw postNotFound();
  const [blocked] = await db
    .select({ one: sql`1` })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, post.authorId), eq(userBlocks.blockedId, authorId)))
    .limit(1);
  if (blocked) throw forbidden(BLOCKED_BY_AUTHOR);
  const screening = screenWriting({ text: input.body, authorCreatedAt: input.authorCreatedAt, newAccountHours: input.newAccountHours });
  const [created] = await db
    .insert(comments)
    .values({
      postId,
      authorId,
      body: input.body,
      mediaKind: input.media?.kind ?? null,
      mediaUrl: input.media?.url ?? null,
      moderationStatus: screening.status,
      scamVerdict: screening.verdict,
      moderationReasons: screening.reasons,
    })
    .returning({ id: comments.id });
  const [row] = await selectComments(db, authorId).where(eq(comments.id, created.id));
  return toComment(row);
}
