import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { circles, posts, users } from '../../db/schema/index.ts';
import { detail, say } from '../../platform/errors.ts';
import { plainTextExcerpt } from '../search/index.ts';

/** How many featured posts the landing shows: the newest featured first. */
export const FEATURED_ON_LANDING = 3;
const EXCERPT_MAX = 220;

/** A featured post as the landing shows it (the author's chips are added by the route, as every handle's are). */
export type FeaturedPost = {
  post_id: number;
  title: string;
  excerpt: string;
  author: string;
  channel: { id: number; name: string };
  featured_at: string;
};

const openToEveryone = and(eq(circles.channelType, 'public'), eq(posts.moderationStatus, 'visible'), isNull(users.erasureRequestedAt));

/**
 * Staff feature a member's public post on the landing page, in place of invented testimonials: only a visible post of
 * a public channel can be featured, and one that is later removed, held or made private leaves the landing by itself.
 */
export async function featurePost(db: Db, postId: number, now: Date): Promise<FeaturedPost> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .innerJoin(circles, eq(circles.id, posts.circleId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(eq(posts.id, postId), openToEveryone))
    .limit(1);
  if (!row) throw detail(400, say('errors.site.notFeaturable'));
  await db.update(posts).set({ featuredAt: now }).where(eq(posts.id, postId));
  const [featured] = await featuredPosts(db, postId);
  return featured;
}

/** Takes a post off the landing; false when it was not featured. */
export async function unfeaturePost(db: Db, postId: number): Promise<boolean> {
  const changed = await db
    .update(posts)
    .set({ featuredAt: null })
    .where(and(eq(posts.id, postId), isNotNull(posts.featuredAt)))
    .returning({ id: posts.id });
  return changed.length > 0;
}

/** The featured posts everyone may read, newest featured first (one of them with `only`); an index scan on posts_featured_idx. */
export async function featuredPosts(db: Db, only?: number, limit = FEATURED_ON_LANDING): Promise<FeaturedPost[]> {
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      description: posts.description,
      author: users.username,
      circleId: circles.id,
      circleName: circles.name,
      featuredAt: posts.featuredAt,
    })
    .from(posts)
    .innerJoin(circles, eq(circles.id, posts.circleId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(isNotNull(posts.featuredAt), openToEveryone, only === undefined ? undefined : eq(posts.id, only)))
    .orderBy(desc(posts.featuredAt))
    .limit(limit);
  return rows.map((row) => ({
    post_id: row.id,
    title: row.title,
    excerpt: plainTextExcerpt(row.description, EXCERPT_MAX),
    author: row.author,
    channel: { id: row.circleId, name: row.circleName },
    featured_at: row.featuredAt!.toISOString(),
  }));
}
