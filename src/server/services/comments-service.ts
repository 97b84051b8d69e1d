import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Comment, CommentsResponse } from '../../lib/api-types.ts';
import type { Db } from '../db/client.ts';
import { circles, comments, posts, users } from '../db/schema.ts';
import { paginate } from '../pagination.ts';
import type { StoredMedia } from './media-service.ts';
import { newestFirst } from './post-mapper.ts';
import { getVisiblePost, postNotFound, type WriteGuard } from './posts-service.ts';
import { circleVisibleTo } from './visibility.ts';

export const COMMENT_MAX_LENGTH = 10_000;
export const COMMENT_NEEDS_CONTENT = 'Please enter a comment or select media.';

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
};

export function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    post: row.postId,
    body: row.body,
    media_kind: row.mediaKind === 'image' || row.mediaKind === 'video' ? row.mediaKind : null,
    media_url: row.mediaUrl,
    author: row.authorName,
    author_color: row.authorColor,
    created_at: row.createdAt.toISOString(),
    upvote_count: row.upvoteCount,
  };
}

const selectComments = (db: Db) => db.select(commentColumns).from(comments).innerJoin(users, eq(users.id, comments.authorId)).$dynamic();

/** A visible post and one page of its comments, newest first; 404 'Post not found.' when hidden or unknown. */
export async function listComments(db: Db, postId: number, viewerId: number | null, request: FastifyRequest): Promise<CommentsResponse> {
  const post = await getVisiblePost(db, postId, viewerId);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(comments).where(eq(comments.postId, postId));
  const page = await paginate(request, {
    count,
    load: async (limit, offset) => {
      const rows = await selectComments(db)
        .where(eq(comments.postId, postId))
        .orderBy(...newestFirst(comments.createdAt, comments.id))
        .limit(limit)
        .offset(offset);
      return rows.map(toComment);
    },
  });
  return { post, comments: page };
}

/**
 * Adds a comment (text, one image or video, or both) to a post the author may see, and bumps the
 * post's comment_count in the same transaction.
 */
export async function createComment(
  db: Db,
  input: { postId: number; authorId: number; body: string; media: StoredMedia | null },
  mayWrite?: WriteGuard,
): Promise<Comment> {
  const { postId, authorId } = input;
  if (mayWrite) await mayWrite(authorId, (await getVisiblePost(db, postId, authorId)).circle.id);
  const id = await db.transaction(async (tx) => {
    const bumped = await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .from(circles)
      .where(and(eq(posts.id, postId), eq(circles.id, posts.circleId), circleVisibleTo(authorId)))
      .returning({ id: posts.id });
    if (bumped.length === 0) throw postNotFound();
    const [created] = await tx
      .insert(comments)
      .values({ postId, authorId, body: input.body, mediaKind: input.media?.kind ?? null, mediaUrl: input.media?.url ?? null })
      .returning({ id: comments.id });
    return created.id;
  });
  const [row] = await selectComments(db).where(eq(comments.id, id));
  return toComment(row);
}
