import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Post } from '../../lib/api-types.ts';
import type { Db } from '../db/client.ts';
import { circles, posts } from '../db/schema.ts';
import { detail, fieldErrors, forbidden } from '../http-errors.ts';
import type { PageSource } from '../pagination.ts';
import { MESSAGES, findCircle, parseCircleRef } from './circles-service.ts';
import { newestFirst, selectPosts, toPost } from './post-mapper.ts';
import { reencodeDataUrl } from './image-reencoding.ts';
import { sanitizeRichText } from './sanitize-html.ts';
import { screenWriting } from './scam-shield/screen.ts';
import { circleVisibleTo, postListedFor, postOpenFor } from './visibility.ts';

export { toPost, selectPosts, newestFirst, type PostRow } from './post-mapper.ts';

export const POST_NOT_FOUND = 'Post not found.';
export const MEMBERS_ONLY = 'Only members can post in this circle.';

export const postNotFound = () => detail(404, POST_NOT_FOUND);

/** The circle a `circle` value names (an id, or a name: see CircleRef's `key`); null when blank or unknown. */
async function findCircleByKey(db: Db, viewerId: number | null, key: string | number) {
  const ref = parseCircleRef('key', key);
  return ref ? findCircle(db, viewerId, ref) : null;
}

export type ListPostsOptions = {
  viewerId: number | null;
  /** Only this author's posts (the profile's list). */
  authorId?: number;
  /** A circle id or name; unknown, or not visible to the viewer, answers 404 'Circle not found.' */
  circle?: string | number;
  /** Only posts of public circles (the public feed), whoever is asking. */
  publicOnly?: boolean;
};

/** Total posts of the circles matching `where`, from the trigger-kept circles.posts_count: a few circle rows, not every post. */
async function postsInCircles(db: Db, where: SQL | undefined): Promise<number> {
  const [{ total }] = await db.select({ total: sql<number>`coalesce(sum(${circles.postsCount}), 0)::int` }).from(circles).where(where);
  return total;
}

async function countPostRows(db: Db, where: SQL | undefined): Promise<number> {
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(posts).innerJoin(circles, eq(circles.id, posts.circleId)).where(where);
  return total;
}

/**
 * Posts newest first, each as the spec's Post with the viewer's liked/disliked: their count and how to load a page.
 * Private circles' posts are included only for their members (and never when `publicOnly`).
 */
export async function listPosts(db: Db, options: ListPostsOptions): Promise<PageSource<Post>> {
  const { viewerId } = options;
  let circleId: number | undefined;
  if (options.circle !== undefined && String(options.circle).trim() !== '') {
    const circle = await findCircleByKey(db, viewerId, options.circle);
    const visible = circle !== null && (circle.channel_type === 'public' || (!options.publicOnly && circle.is_member));
    if (!circle || !visible) throw detail(404, MESSAGES.notFound);
    circleId = circle.id;
  }
  const shownCircles =
    circleId !== undefined ? eq(circles.id, circleId) : options.publicOnly ? eq(circles.channelType, 'public') : circleVisibleTo(viewerId);
  const byAuthor = options.authorId !== undefined ? eq(posts.authorId, options.authorId) : undefined;
  const where = and(circleId !== undefined ? eq(posts.circleId, circleId) : shownCircles, byAuthor, postListedFor(viewerId));
  // An author's list counts its rows on the author index; a whole feed sums its circles' counters.
  const count = byAuthor ? await countPostRows(db, where) : await postsInCircles(db, shownCircles);
  return {
    count,
    load: async (limit, offset) => {
      const rows = await selectPosts(db, viewerId).where(where).orderBy(...newestFirst(posts.createdAt, posts.id)).limit(limit).offset(offset);
      return rows.map((row) => toPost(row, viewerId));
    },
  };
}

/**
 * A post the viewer may see (public circle, or a member of its private circle; held ones only for their author and
 * staff); 404 'Post not found.' otherwise. A removed post is found, without its content.
 */
export async function getVisiblePost(db: Db, id: number, viewerId: number | null): Promise<Post> {
  const [row] = await selectPosts(db, viewerId)
    .where(and(eq(posts.id, id), circleVisibleTo(viewerId), postOpenFor(viewerId)))
    .limit(1);
  if (!row) throw postNotFound();
  return toPost(row, viewerId);
}

export type NewPost = {
  authorId: number;
  circle: string | number;
  title: string;
  description: string;
  images: string[];
  videos: string[];
  /** When the author's account was made, and NEW_ACCOUNT_HOURS: a new account's links are held more readily. */
  authorCreatedAt: Date;
  newAccountHours: number;
};

/**
 * Creates a post in a circle the author may post in: anyone signed in for a public circle,
 * members only for a private one. The description is sanitised and its embedded images stripped,
 * then the scam shield reads title and description: a held post is seen only by its author and staff.
 */
export async function createPost(db: Db, input: NewPost): Promise<Post> {
  const circle = await findCircleByKey(db, input.authorId, input.circle);
  if (!circle) throw fieldErrors({ circle: [MESSAGES.notFound] });
  if (circle.channel_type !== 'public' && !circle.is_member) throw forbidden(MEMBERS_ONLY);
  const description = await sanitizeRichText(input.description, reencodeDataUrl);
  const screening = screenWriting({
    text: input.title,
    html: description,
    authorCreatedAt: input.authorCreatedAt,
    newAccountHours: input.newAccountHours,
  });
  const [created] = await db
    .insert(posts)
    .values({
      circleId: circle.id,
      authorId: input.authorId,
      title: input.title,
      description,
      images: input.images,
      videos: input.videos,
      moderationStatus: screening.status,
      scamVerdict: screening.verdict,
      moderationReasons: screening.reasons,
    })
    .returning({ id: posts.id });
  return getVisiblePost(db, created.id, input.authorId);
}
