import { bindTo } from '../../db/bind.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { circles, postReactions, posts } from '../../db/schema/index.ts';
import { postNotFound } from './posts-service.ts';
import { circleVisibleTo, postOpenFor } from '../circles/index.ts';

export type ReactionKind = 'like' | 'dislike';

export type ReactionState = {
  post_id: number;
  liked: boolean;
  disliked: boolean;
  like_count: number;
  dislike_count: number;
};

const delta = (kind: ReactionKind, before: string | null, after: string | null) => Number(after === kind) - Number(before === kind);

/**
 * Turns the user's like or dislike on or off. The two are exclusive (a like replaces a dislike),
 * repeating a call changes nothing, and posts.like_count/dislike_count move in the same transaction.
 * The post row is locked first, so concurrent reactions on one post are applied one after another.
 */
export async function react(db: Db, input: { postId: number; userId: number; kind: ReactionKind; on: boolean }): Promise<ReactionState> {
  const { postId, userId, kind } = input;
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ likeCount: posts.likeCount, dislikeCount: posts.dislikeCount, createdAt: sql<string>`${posts.createdAt}::text` })
      .from(posts)
      .innerJoin(circles, eq(circles.id, posts.circleId))
      .where(and(eq(posts.id, postId), circleVisibleTo(userId), postOpenFor(userId)))
      .for('update', { of: posts });
    if (!post) throw postNotFound();

    // The post's creation time is the partition key: naming it reads one month's partition. It goes back as the text
    // PostgreSQL wrote (microseconds; a JavaScript Date would keep milliseconds only).
    const postCreatedAt = sql`${post.createdAt}::timestamptz`;
    const mine = and(
      eq(postReactions.postId, postId),
      eq(postReactions.userId, userId),
      sql`${postReactions.postCreatedAt} = ${postCreatedAt}`,
    );
    const [existing] = await tx.select({ kind: postReactions.kind }).from(postReactions).where(mine);
    const before = existing?.kind ?? null;
    const after = input.on ? kind : before === kind ? null : before;

    let { likeCount, dislikeCount } = post;
    if (after !== before) {
      if (before === null) await tx.insert(postReactions).values({ postId, userId, kind: after as ReactionKind, postCreatedAt });
      else if (after === null) await tx.delete(postReactions).where(mine);
      else
        await tx
          .update(postReactions)
          .set({ kind: after, createdAt: sql`now()` })
          .where(mine);
      [{ likeCount, dislikeCount }] = await tx
        .update(posts)
        .set({
          likeCount: sql`${posts.likeCount} + ${delta('like', before, after)}`,
          dislikeCount: sql`${posts.dislikeCount} + ${delta('dislike', before, after)}`,
        })
        .where(eq(posts.id, postId))
        .returning({ likeCount: posts.likeCount, dislikeCount: posts.dislikeCount });
    }
    return { post_id: postId, liked: after === 'like', disliked: after === 'dislike', like_count: likeCount, dislike_count: dislikeCount };
  });
}

/** Likes and dislikes of posts. */
export const createReactionsService = ({ db }: { db: Db }) => bindTo(db, { react });
