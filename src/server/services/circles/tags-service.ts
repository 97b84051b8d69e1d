import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PostTag } from '../../../lib/api-types.ts';
import { whiteTextReadable } from '../../../lib/tag-colors.ts';
import type { Db, Executor } from '../../db/client.ts';
import { circleTags, circles } from '../../db/schema/index.ts';
import { detail, fieldErrors, say } from '../../platform/errors.ts';
import { MESSAGES, requireCircle } from './circles-service.ts';

/**
 * A channel's tags (flair). Its owner and moderators define up to MAX_CIRCLE_TAGS; anyone who can find the channel
 * reads them; a post chooses up to MAX_POST_TAGS of its own channel's.
 */

export const MAX_CIRCLE_TAGS = 20;
export const MAX_POST_TAGS = 3;
export const TAG_NAME_MAX = 30;

export const TAG_MESSAGES = {
  tooMany: say('errors.circles.tooManyTags', { max: MAX_CIRCLE_TAGS }),
  nameTaken: say('errors.circles.tagNameTaken'),
  colorContrast: say('errors.circles.tagColorContrast'),
  tagNotFound: say('errors.circles.tagNotFound'),
  postTooManyTags: say('errors.posts.tooManyTags', { max: MAX_POST_TAGS }),
  postTagsNotOfChannel: say('errors.posts.tagsNotOfChannel'),
};

const tagColumns = { id: circleTags.id, name: circleTags.name, color: circleTags.color };

/** The channel's tags in the order they were made; 404 'Channel not found.' for an unknown channel. */
export async function listTags(db: Db, viewerId: number | null, circleId: number): Promise<PostTag[]> {
  await requireCircle(db, viewerId, { id: circleId });
  return db.select(tagColumns).from(circleTags).where(eq(circleTags.circleId, circleId)).orderBy(asc(circleTags.id));
}

/** The owner or a moderator adds a tag: a name new to the channel (any case) and a colour white text reads on; at most 20. */
export async function createTag(db: Db, userId: number, circleId: number, input: { name: string; color: string }): Promise<PostTag> {
  const circle = await requireCircle(db, userId, { id: circleId });
  if (!circle.is_owner && !circle.is_moderator) throw detail(403, MESSAGES.ownerOrModeratorsOnly);
  if (!whiteTextReadable(input.color)) throw fieldErrors({ color: [TAG_MESSAGES.colorContrast] });
  const color = input.color.toLowerCase();
  // One transaction, the channel's row locked: two owners' tabs adding the 20th tag at once cannot make 21.
  return db.transaction(async (tx) => {
    await tx.select({ id: circles.id }).from(circles).where(eq(circles.id, circleId)).for('update');
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(circleTags)
      .where(eq(circleTags.circleId, circleId));
    if (count >= MAX_CIRCLE_TAGS) throw detail(400, TAG_MESSAGES.tooMany);
    const [taken] = await tx
      .select({ id: circleTags.id })
      .from(circleTags)
      .where(and(eq(circleTags.circleId, circleId), sql`lower(${circleTags.name}) = lower(${input.name})`))
      .limit(1);
    if (taken) throw fieldErrors({ name: [TAG_MESSAGES.nameTaken] });
    const [tag] = await tx.insert(circleTags).values({ circleId, name: input.name, color }).returning(tagColumns);
    return tag;
  });
}

/** The owner or a moderator removes a tag; posts that carried it lose it. 404 for a tag that is not the channel's. */
export async function deleteTag(db: Db, userId: number, circleId: number, tagId: number): Promise<void> {
  const circle = await requireCircle(db, userId, { id: circleId });
  if (!circle.is_owner && !circle.is_moderator) throw detail(403, MESSAGES.ownerOrModeratorsOnly);
  const removed = await db
    .delete(circleTags)
    .where(and(eq(circleTags.id, tagId), eq(circleTags.circleId, circleId)))
    .returning({ id: circleTags.id });
  if (removed.length === 0) throw detail(404, TAG_MESSAGES.tagNotFound);
}

/** The tags a new post chose, checked: at most three, each one of its channel's; 400 naming `tags` otherwise. */
export async function chosenTags(db: Executor, circleId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length > MAX_POST_TAGS) throw fieldErrors({ tags: [TAG_MESSAGES.postTooManyTags] });
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: circleTags.id })
    .from(circleTags)
    .where(and(eq(circleTags.circleId, circleId), inArray(circleTags.id, unique)));
  if (found.length !== unique.length) throw fieldErrors({ tags: [TAG_MESSAGES.postTagsNotOfChannel] });
  return unique;
}
