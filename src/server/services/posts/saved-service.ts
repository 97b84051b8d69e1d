import { and, eq, sql } from 'drizzle-orm';
import type { Post } from '../../../lib/api-types.ts';
import type { Db } from '../../db/client.ts';
import { circles, posts, savedPosts } from '../../db/schema/index.ts';
import { loadSlice, rowKey, type KeysetPageSource, type SortKey } from '../../db/keyset.ts';
import { prepared } from '../../db/prepared.ts';
import { circleVisibleTo, postListedFor } from '../circles/index.ts';
import { selectPosts, toPost } from './post-mapper.ts';
import { getVisiblePost } from './posts-service.ts';

/**
 * Saved posts (bookmarks): a member keeps a post to read later. Private to the member (never counted or shown to
 * anyone else), listed newest saved first, and in the data export. A post the member can no longer see (a private
 * channel they left, a post held or removed since) stays saved but is left out of the list until they can again.
 */

/** The list's order: when it was saved, then the post's id (the `saved_posts_user_created_idx` index). */
const NEWEST_SAVED: SortKey = { value: savedPosts.createdAt, type: 'timestamptz', id: savedPosts.postId };

/** Saves a post the member can see (404 'Post not found.' otherwise); `created` is false when it was already saved. */
export async function savePost(db: Db, userId: number, postId: number): Promise<{ post: Post; created: boolean }> {
  await getVisiblePost(db, postId, userId);
  const inserted = await db.insert(savedPosts).values({ userId, postId }).onConflictDoNothing().returning({ postId: savedPosts.postId });
  return { post: await getVisiblePost(db, postId, userId), created: inserted.length > 0 };
}

/** Takes a post off the member's saved list; taking off one that is not there changes nothing. */
export async function unsavePost(db: Db, userId: number, postId: number): Promise<void> {
  await db.delete(savedPosts).where(and(eq(savedPosts.userId, userId), eq(savedPosts.postId, postId)));
}

/** The member's saved posts they can still see, newest saved first, keyset paged on the member's index. */
export function listSavedPosts(db: Db, userId: number): KeysetPageSource<Post> {
  const viewer = sql.placeholder('viewer');
  const mine = () => and(eq(savedPosts.userId, viewer), circleVisibleTo(viewer), postListedFor(viewer));
  const total = () =>
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(savedPosts)
      .innerJoin(posts, eq(posts.id, savedPosts.postId))
      .innerJoin(circles, eq(circles.id, posts.circleId))
      .where(mine());
  const values = { viewer: userId };
  return {
    count: async () => {
      const [{ total: count }] = await prepared(db, 'saved_posts_count', total).execute(values);
      return count;
    },
    keyType: NEWEST_SAVED.type,
    loadSlice: async (slice, limit) => {
      const rows = await loadSlice(NEWEST_SAVED, slice, limit, (sliceShape, after, order, sliceValues) =>
        prepared(db, `saved_posts_${sliceShape}`, () =>
          selectPosts(db, viewer, NEWEST_SAVED, { total: sql<number>`(${total()})` })
            .innerJoin(savedPosts, and(eq(savedPosts.postId, posts.id), eq(savedPosts.userId, viewer)))
            .where(and(mine(), after()))
            .orderBy(...order())
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset')),
        ).execute({ ...values, ...sliceValues }),
      );
      return { total: rows[0]?.total ?? null, rows: rows.map((row) => ({ item: toPost(row, userId), key: rowKey(row) })) };
    },
  };
}
