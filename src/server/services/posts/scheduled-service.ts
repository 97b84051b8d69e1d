import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { ChannelType, Post, PostTag } from '../../../lib/api-types.ts';
import { postLanguage } from '../../../lib/language-detection.ts';
import type { Circle } from '../../../lib/api-types.ts';
import { imageSources } from '../../../lib/media-variants.ts';
import type { Db } from '../../db/client.ts';
import { loadSlice, rowKey, type KeysetPageSource, type SortKey } from '../../db/keyset.ts';
import { prepared } from '../../db/prepared.ts';
import { circleTags, circles, posts, scheduledPosts, users } from '../../db/schema/index.ts';
import { HttpError, fieldErrors, forbidden, notFound, say } from '../../platform/errors.ts';
import { MESSAGES, chosenTags, type CircleRef } from '../circles/index.ts';
import { reencodeDataUrl, postersOf } from '../media/index.ts';
import type { Notify } from '../notifications/index.ts';
import type { Admission, WriteRequest } from '../writing/index.ts';
import { sanitizeRichText } from '../writing/index.ts';
import { mediaItemsOf } from './post-mapper.ts';
import { assertPollAllowed } from './polls-service.ts';
import type { PollInput } from '../../../lib/validation-rules.ts';
import type { ParsedPoll } from '../../../lib/validation.ts';

/** A poll as a scheduled post keeps it until it is published (JSON), and back. */
const keptPoll = (poll: ParsedPoll): PollInput => ({
  options: poll.options,
  multiple: poll.multiple,
  closes_at: poll.closesAt.toISOString(),
  verified_only: poll.verifiedOnly,
});
const parsedPoll = (poll: PollInput): ParsedPoll => ({
  options: poll.options,
  multiple: poll.multiple,
  closesAt: new Date(poll.closes_at),
  verifiedOnly: poll.verified_only ?? false,
});
import { MEMBERS_ONLY, describedImages, type NewPost } from './posts-service.ts';
import { pendingLink } from './link-previews.ts';

/**
 * Scheduled posts: a post written now and published by the job queue at its time, through the same gate and the
 * same create path as a post made at that moment (the write limit, suspensions, the channel's verification, the
 * scam shield). Until then it is its author's alone: it is kept apart from `posts`, so no feed, search, channel page,
 * RSS feed or profile can list it, and another member opening its id finds nothing. A publish the checks refuse keeps
 * the post (marked refused) and tells its author; moving its time or cancelling it is theirs to do.
 */

/** The job that publishes due posts; it runs every minute, on one instance of many. */
export const SCHEDULED_POSTS_JOB = 'publish-scheduled-posts';
/** Due posts one run publishes at most; the rest wait a minute. */
const BATCH = 100;

export const SCHEDULED_NOT_FOUND = say('errors.posts.notFound');

export type ScheduledInput = Omit<NewPost, 'id' | 'authorCreatedAt' | 'newAccountHours' | 'qrCodes'> & { publishAt: Date };
export type ScheduledEdit = { title?: string; description?: string; publishAt?: Date };

/** The list's order: most recently changed first (the `scheduled_posts_author_updated_idx` index), as drafts are. */
const RECENTLY_CHANGED: SortKey = { value: scheduledPosts.updatedAt, type: 'timestamptz', id: scheduledPosts.id };

const columns = {
  id: scheduledPosts.id,
  title: scheduledPosts.title,
  description: scheduledPosts.description,
  images: scheduledPosts.images,
  videos: scheduledPosts.videos,
  alts: scheduledPosts.alts,
  tags: scheduledPosts.tags,
  poll: scheduledPosts.poll,
  link: scheduledPosts.link,
  publishAt: scheduledPosts.publishAt,
  refusedAt: scheduledPosts.refusedAt,
  createdAt: scheduledPosts.createdAt,
  authorName: users.username,
  authorColor: users.color,
  circleId: circles.id,
  circleName: circles.name,
  circleType: circles.channelType,
  keyValue: sql<string>`(${scheduledPosts.updatedAt})::text`,
  keyId: sql<number>`${scheduledPosts.id}`,
};

type ScheduledRow = {
  id: number;
  title: string;
  description: string;
  images: string[];
  videos: string[];
  alts: string[];
  tags: number[];
  poll: PollInput | null;
  link: string | null;
  publishAt: Date;
  refusedAt: Date | null;
  createdAt: Date;
  authorName: string;
  authorColor: string;
  circleId: number;
  circleName: string;
  circleType: string;
};

/** A scheduled post as the API shows it to its author: a Post with `status: 'scheduled'` and its `publish_at`. */
function toScheduledPost(row: ScheduledRow, tagsById: Map<number, PostTag>): Post {
  const mediaAlts = Object.fromEntries(row.images.map((url, i) => [url, (row.alts[i] ?? '').trim()]).filter(([, alt]) => alt));
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    images: row.images,
    videos: row.videos,
    media_items: mediaItemsOf({ images: row.images, videos: row.videos, mediaAlts }),
    tags: row.tags.flatMap((id) => tagsById.get(id) ?? []).sort((a, b) => a.id - b.id),
    posted_by: row.authorName,
    posted_by_color: row.authorColor,
    created_at: row.createdAt.toISOString(),
    circle: { id: row.circleId, name: row.circleName, channel_type: row.circleType as ChannelType },
    liked: false,
    disliked: false,
    saved: false,
    like_count: 0,
    dislike_count: 0,
    comment_count: 0,
    // What it will be detected as when it is published (detected again then, from the same words).
    language: postLanguage(row.title, row.description),
    moderation_status: 'visible',
    safety_warning: null,
    removed_reason: null,
    ...(row.images.length ? { image_sources: row.images.map(imageSources) } : {}),
    status: 'scheduled',
    publish_at: row.publishAt.toISOString(),
    link: row.link ? pendingLink(row.link) : null,
    poll: row.poll
      ? {
          options: row.poll.options.map((text, i) => ({ id: -(i + 1), text, votes: null })),
          multiple: row.poll.multiple,
          closes_at: row.poll.closes_at,
          closed: false,
          verified_only: row.poll.verified_only ?? false,
          total_votes: null,
          my_votes: [],
        }
      : null,
    ...(row.refusedAt ? { publish_refused: true as const } : {}),
  };
}

/** The posts as their author sees them, with their tags read in one statement. */
async function toScheduledPosts(db: Db, rows: ScheduledRow[]): Promise<Post[]> {
  const ids = [...new Set(rows.flatMap((row) => row.tags))];
  const tags = ids.length
    ? await db
        .select({ id: circleTags.id, name: circleTags.name, color: circleTags.color })
        .from(circleTags)
        .where(inArray(circleTags.id, ids))
    : [];
  const byId = new Map(tags.map((tag) => [tag.id, tag]));
  return rows.map((row) => toScheduledPost(row, byId));
}

const selectScheduled = (db: Db) =>
  db
    .select(columns)
    .from(scheduledPosts)
    .innerJoin(users, eq(users.id, scheduledPosts.authorId))
    .innerJoin(circles, eq(circles.id, scheduledPosts.circleId))
    .$dynamic();

export type ScheduledDeps = {
  db: Db;
  now: () => Date;
  /** The write gate (writing.admit), asked again at publish time. */
  admit: (request: WriteRequest) => Promise<Admission>;
  /** The posts domain's create (scam shield, held posts queued for review, @mentions told). */
  publish: (input: NewPost) => Promise<Post>;
  newAccountHours: number;
  /** Tells the author when a publish was refused or held. */
  notify: Notify;
};

export function createScheduledPostsService({ db, now, admit, publish, newAccountHours, notify }: ScheduledDeps) {
  async function read(authorId: number, id: number): Promise<Post> {
    const [row] = await selectScheduled(db)
      .where(and(eq(scheduledPosts.id, id), eq(scheduledPosts.authorId, authorId)))
      .limit(1);
    if (!row) throw notFound(SCHEDULED_NOT_FOUND);
    return (await toScheduledPosts(db, [row]))[0];
  }

  /** Publishes one due post, or marks it refused and tells its author. */
  async function publishOne(id: number): Promise<void> {
    const [row] = await db
      .select({
        id: scheduledPosts.id,
        authorId: scheduledPosts.authorId,
        authorCreatedAt: users.createdAt,
        circleId: scheduledPosts.circleId,
        circleName: circles.name,
        title: scheduledPosts.title,
        description: scheduledPosts.description,
        images: scheduledPosts.images,
        videos: scheduledPosts.videos,
        videoPosters: scheduledPosts.videoPosters,
        alts: scheduledPosts.alts,
        tags: scheduledPosts.tags,
        poll: scheduledPosts.poll,
        link: scheduledPosts.link,
      })
      .from(scheduledPosts)
      .innerJoin(users, eq(users.id, scheduledPosts.authorId))
      .innerJoin(circles, eq(circles.id, scheduledPosts.circleId))
      .where(and(eq(scheduledPosts.id, id), isNull(scheduledPosts.refusedAt), lte(scheduledPosts.publishAt, now())))
      .limit(1);
    if (!row) return;
    // A run that died between publishing and clearing the row (or one that ran beside this one, such as an
    // operator's): the post already stands under this id.
    const published = async () => {
      const [done] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, row.id)).limit(1);
      if (done) await db.delete(scheduledPosts).where(eq(scheduledPosts.id, row.id));
      return Boolean(done);
    };
    if (await published()) return;
    const writer = { id: row.authorId, createdAt: row.authorCreatedAt };
    const tell = (code: 'scheduledPostRefused' | 'scheduledPostHeld', postId: number | null) =>
      notify(db, [
        {
          userId: row.authorId,
          kind: 'scheduled_post',
          postId,
          circleId: row.circleId,
          message: { code, params: { title: row.title, channel: row.circleName } },
        },
      ]);
    try {
      const ref: CircleRef = { id: row.circleId };
      const { circle } = await admit({ writer, limit: 'post', target: { circle: ref }, verify: 'post' });
      const post = await publish({
        id: row.id,
        authorId: row.authorId,
        circle,
        title: row.title,
        description: row.description,
        images: row.images,
        videos: row.videos,
        videoPosters: row.videoPosters,
        tags: row.tags,
        alts: row.alts,
        ...(row.poll ? { poll: parsedPoll(row.poll) } : {}),
        ...(row.link ? { link: row.link } : {}),
        authorCreatedAt: row.authorCreatedAt,
        newAccountHours,
      });
      await db.delete(scheduledPosts).where(eq(scheduledPosts.id, row.id));
      if (post.moderation_status === 'held') await tell('scheduledPostHeld', post.id);
    } catch (error) {
      // A refusal a member could meet in the create-post screen (4xx) is theirs to act on; anything else is retried.
      if (!(error instanceof HttpError) || error.statusCode >= 500) {
        if (await published()) return;
        throw error;
      }
      await db.update(scheduledPosts).set({ refusedAt: now() }).where(eq(scheduledPosts.id, row.id));
      await tell('scheduledPostRefused', null);
    }
  }

  return {
    /**
     * Schedules a post: the same rules of its channel as a post made now (members only in a private channel, the
     * channel's own tags, image descriptions where asked); the gate has admitted the write already.
     */
    async schedule(input: ScheduledInput): Promise<Post> {
      const { circle } = input;
      if (!circle) throw fieldErrors({ circle: [MESSAGES.notFound] });
      if (circle.channel_type !== 'public' && !circle.is_member) throw forbidden(MEMBERS_ONLY);
      const tags = await chosenTags(db, circle.id, input.tags ?? []);
      describedImages(input.images, input.alts ?? [], circle.alt_text_required);
      if (input.poll) assertPollAllowed(input.poll, circle);
      const [row] = await db
        .insert(scheduledPosts)
        .values({
          authorId: input.authorId,
          circleId: circle.id,
          title: input.title,
          description: await sanitizeRichText(input.description, reencodeDataUrl),
          images: input.images,
          videos: input.videos,
          videoPosters: input.videoPosters ?? {},
          alts: input.alts ?? [],
          tags,
          poll: input.poll ? keptPoll(input.poll) : null,
          link: input.link ?? null,
          publishAt: input.publishAt,
          createdAt: now(),
          updatedAt: now(),
        })
        .returning({ id: scheduledPosts.id });
      return read(input.authorId, row.id);
    },

    /** The channel a member's scheduled post is in, or null when the id is not one of theirs (it may be a post). */
    async channelOf(authorId: number, id: number): Promise<Circle['id'] | null> {
      const [row] = await db
        .select({ circleId: scheduledPosts.circleId })
        .from(scheduledPosts)
        .where(and(eq(scheduledPosts.id, id), eq(scheduledPosts.authorId, authorId)))
        .limit(1);
      return row?.circleId ?? null;
    },

    get: read,

    /** The member's scheduled posts, most recently changed first, keyset paged on their index. */
    list(authorId: number): KeysetPageSource<Post> {
      const mine = () => eq(scheduledPosts.authorId, sql.placeholder('author'));
      const total = async () => {
        const [{ count }] = await prepared(db, 'scheduled_posts_count', () =>
          db
            .select({ count: sql<number>`count(*)::int` })
            .from(scheduledPosts)
            .where(mine()),
        ).execute({ author: authorId });
        return count;
      };
      return {
        count: total,
        keyType: RECENTLY_CHANGED.type,
        loadSlice: async (slice, limit) => {
          const rows = await loadSlice(RECENTLY_CHANGED, slice, limit, (shape, after, order, values) =>
            prepared(db, `scheduled_posts_${shape}`, () =>
              selectScheduled(db)
                .where(and(mine(), after()))
                .orderBy(...order())
                .limit(sql.placeholder('limit'))
                .offset(sql.placeholder('offset')),
            ).execute({ ...values, author: authorId }),
          );
          const items = await toScheduledPosts(db, rows);
          return { total: rows.length ? await total() : null, rows: rows.map((row, i) => ({ item: items[i], key: rowKey(row) })) };
        },
      };
    },

    /** Changes its title, text or time (a new time lets a refused post try again); 404 when not the member's. */
    async edit(authorId: number, id: number, change: ScheduledEdit): Promise<Post> {
      const description = change.description === undefined ? undefined : await sanitizeRichText(change.description, reencodeDataUrl);
      const changed = await db
        .update(scheduledPosts)
        .set({
          ...(change.title === undefined ? {} : { title: change.title }),
          ...(description === undefined ? {} : { description }),
          ...(change.publishAt === undefined ? {} : { publishAt: change.publishAt, refusedAt: null }),
          updatedAt: now(),
        })
        .where(and(eq(scheduledPosts.id, id), eq(scheduledPosts.authorId, authorId)))
        .returning({ id: scheduledPosts.id });
      if (changed.length === 0) throw notFound(SCHEDULED_NOT_FOUND);
      return read(authorId, id);
    },

    /** Cancels it: answers the media it had uploaded, for the caller to remove. */
    async cancel(authorId: number, id: number): Promise<{ mediaUrls: string[] }> {
      const [gone] = await db
        .delete(scheduledPosts)
        .where(and(eq(scheduledPosts.id, id), eq(scheduledPosts.authorId, authorId)))
        .returning({ images: scheduledPosts.images, videos: scheduledPosts.videos, videoPosters: scheduledPosts.videoPosters });
      if (!gone) throw notFound(SCHEDULED_NOT_FOUND);
      return { mediaUrls: [...gone.images, ...gone.videos, ...postersOf(gone.videoPosters)] };
    },

    /** Publishes every post whose time has come (the minute's job); answers how many it looked at. */
    async publishDue(): Promise<number> {
      const due = await db
        .select({ id: scheduledPosts.id })
        .from(scheduledPosts)
        .where(and(isNull(scheduledPosts.refusedAt), lte(scheduledPosts.publishAt, now())))
        .orderBy(asc(scheduledPosts.publishAt), asc(scheduledPosts.id))
        .limit(BATCH);
      for (const { id } of due) await publishOne(id);
      return due.length;
    },
  };
}

export type ScheduledPostsService = ReturnType<typeof createScheduledPostsService>;
