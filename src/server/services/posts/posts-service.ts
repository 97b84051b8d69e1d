import { and, eq, gte, sql, type Placeholder } from 'drizzle-orm';
import type { Circle, FeedSort, Post } from '../../../lib/api-types.ts';
import type { Db, Executor } from '../../db/client.ts';
import { circleMembers, circles, comments, postTags, posts, publicPostTotals } from '../../db/schema/index.ts';
import { detail, fieldErrors, forbidden, say } from '../../platform/errors.ts';
import type { KeysetPageSource, UncountedPageSource } from '../../db/keyset.ts';
import { loadSlice, rowKey, type SortKey } from '../../db/keyset.ts';
import { prepared } from '../../db/prepared.ts';
import { qualified as q } from '../../db/qualified.ts';
import {
  MESSAGES,
  chosenTags,
  circleIdByRef,
  findCircle,
  parseCircleRef,
  refValues,
  circleVisibleTo,
  postListedFor,
  postOpenFor,
} from '../circles/index.ts';
import { selectPosts, toPost } from './post-mapper.ts';
import { reencodeDataUrl, postersOf } from '../media/index.ts';
import { mentionedHandles, type MentionFanout } from '../notifications/index.ts';
import { sanitizeRichText } from '../writing/index.ts';
import { screenWithRegistry } from '../safety/index.ts';
import { listSavedPosts, savePost, unsavePost } from './saved-service.ts';
import { noImageTextScreening, type ImageTextScreening } from './image-text-screening.ts';
import { noLinkPreviews, pendingLink, type LinkPreviewQueue } from './link-previews.ts';
import { pendingRenditions, type VideoTranscoding } from './video-transcoding.ts';
import { assertPollAllowed, insertPoll } from './polls-service.ts';
import type { ParsedPoll } from '../../../lib/validation.ts';
import { postLanguage } from '../../../lib/language-detection.ts';

export { toPost, selectPosts, newestFirst, type PostRow } from './post-mapper.ts';

export const POST_NOT_FOUND = say('errors.posts.notFound');
export const MEMBERS_ONLY = say('errors.posts.membersOnly');
export const NOT_YOUR_POST = say('errors.posts.notYours');
export const FEED_SORTS = ['new', 'hot', 'top_day', 'top_week', 'top_all'] as const satisfies readonly FeedSort[];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The keyset order of a feed's sort, each matching an index read from its start: New (created_at desc, id desc),
 * Hot (hot_rank desc, id desc: the rank is computed on write by trigger), Top (likes - dislikes desc, id desc); each
 * also exists per circle (circle_id, key desc, id desc) for a channel's page. Top of the day or week first narrows to
 * the window on the created_at index.
 */
function feedKey(sort: FeedSort): SortKey {
  if (sort === 'hot') return { value: posts.hotRank, type: 'float8', id: posts.id };
  if (sort === 'new') return { value: posts.createdAt, type: 'timestamptz', id: posts.id };
  return { value: sql`(${posts.likeCount} - ${posts.dislikeCount})`, type: 'int4', id: posts.id };
}

/** The oldest creation time a Top-of-the-day or -week feed includes, from `now`. */
function windowStart(sort: FeedSort, now: Date): Date | null {
  if (sort === 'top_day') return new Date(now.getTime() - DAY_MS);
  if (sort === 'top_week') return new Date(now.getTime() - 7 * DAY_MS);
  return null;
}

export const postNotFound = () => detail(404, POST_NOT_FOUND);

export type ListPostsOptions = {
  viewerId: number | null;
  /** Only this author's posts (the profile's list). */
  authorId?: number;
  /** A circle id or name; unknown, or not visible to the viewer, answers 404 'Channel not found.' */
  circle?: string | number;
  /** Only posts of public circles (the public feed), whoever is asking. */
  publicOnly?: boolean;
  /** The order; `new` when not given. */
  sort?: FeedSort;
  /** Only posts carrying this tag (a channel's page filtered by a tag). */
  tag?: number;
  /** The time Top of the day / week counts back from. */
  now?: Date;
  /**
   * Only posts in these languages (tags as stored, `und` among them: see tagsShownFor in src/lib/post-languages.ts).
   * Such a feed has no kept total: its source's `count` is null and it pages by "has more".
   */
  languages?: readonly string[];
};

/**
 * How a feed chooses its posts; each shape is its own prepared statement (the values go in as placeholders). A
 * channel's feed (`circle`) names its circle by a kind of reference; `publicOnly` shows only public circles.
 */
type FeedShape = {
  sort: FeedSort;
  circleRef?: 'id' | 'name' | 'key';
  publicOnly: boolean;
  byAuthor: boolean;
  member: boolean;
  tagged: boolean;
  /** Only posts in the languages of the placeholder `languages` (comma-separated tags). */
  inLanguages: boolean;
};

/**
 * The posts in the feed's languages (`und` is among the tags), and a member's own posts whatever their language: the
 * tags come in as one comma-separated placeholder, so one statement serves every choice.
 */
const inLanguages = (viewer: Placeholder | null) => {
  const chosen = sql`${posts.language} = any(string_to_array(${sql.placeholder('languages')}::text, ','))`;
  return viewer ? sql`(${chosen} or ${posts.authorId} = ${viewer})` : chosen;
};

/** A feed's posts that carry the tag (placeholder `tag`), found on post_tags' primary key from each post. */
const carriesTag = () =>
  sql`exists (select 1 from ${postTags} where ${q(postTags.postId)} = ${q(posts.id)} and ${q(postTags.tagId)} = ${sql.placeholder('tag')})`;

/**
 * The circles a feed shows, and the posts it lists: viewer, author, since and the circle's reference (`id`, `name`)
 * come in as placeholders. A channel's feed resolves its circle and checks that the viewer may see it in the same
 * statement as its page, so a page costs one round trip; an unknown or hidden circle simply lists nothing.
 */
function feedConditions(shape: FeedShape, tagJoined = false) {
  const viewer = shape.member ? sql.placeholder('viewer') : null;
  const seen = shape.publicOnly ? eq(circles.channelType, 'public') : circleVisibleTo(viewer);
  const circleId = shape.circleRef ? circleIdByRef(shape.circleRef) : null;
  const shownCircles = circleId ? and(eq(circles.id, circleId), seen)! : seen;
  const byAuthor = shape.byAuthor ? eq(posts.authorId, sql.placeholder('author')) : undefined;
  const inWindow = windowStart(shape.sort, new Date()) ? gte(posts.createdAt, sql.placeholder('since')) : undefined;
  // A page that joins the tag's rows already has them; asking again would only mislead the planner's estimates.
  const tagged = shape.tagged && !tagJoined ? carriesTag() : undefined;
  const inChosenLanguages = shape.inLanguages ? inLanguages(viewer) : undefined;
  const where = and(
    circleId ? and(eq(posts.circleId, circleId), seen) : shownCircles,
    byAuthor,
    inWindow,
    tagged,
    inChosenLanguages,
    postListedFor(viewer),
  );
  return { viewer, shownCircles, where, countsRows: Boolean(byAuthor || inWindow || shape.tagged) };
}

/**
 * The feed's total as a query. An author's list counts its rows on the author index, a day's or week's feed its rows
 * on the created_at index; a channel reads its circle's trigger-kept posts_count; the public feed reads the public
 * circles' summed total (public_post_totals, a few rows however many circles there are), and a member's feed adds
 * their private circles' counts to it.
 */
function feedTotal(db: Db, shape: FeedShape) {
  const { viewer, shownCircles, where, countsRows } = feedConditions(shape);
  if (countsRows)
    return db
      .select({ total: sql<number>`count(*)::int` })
      .from(posts)
      .innerJoin(circles, eq(circles.id, posts.circleId))
      .where(where);
  if (shape.circleRef)
    return db
      .select({ total: sql<number>`coalesce(sum(${circles.postsCount}), 0)::int` })
      .from(circles)
      .where(shownCircles);
  const privateOnes =
    viewer && !shape.publicOnly
      ? sql`(select coalesce(sum(${circles.postsCount}), 0) from ${circleMembers} inner join ${circles} on ${circles.id} = ${circleMembers.circleId}
          where ${circleMembers.userId} = ${viewer} and ${circles.channelType} <> 'public')`
      : sql`0`;
  return db.select({ total: sql<number>`(coalesce(sum(${publicPostTotals.posts}), 0) + ${privateOnes})::int` }).from(publicPostTotals);
}

/**
 * Posts newest first, each as the spec's Post with the viewer's liked/disliked: their count and how to load a page.
 * Private circles' posts are included only for their members (and never when `publicOnly`).
 */
export async function listPosts(db: Db, options: ListPostsOptions & { languages?: undefined }): Promise<KeysetPageSource<Post>>;
/** A feed in chosen languages: no total (`count` null), paged by "has more". */
export async function listPosts(db: Db, options: ListPostsOptions): Promise<KeysetPageSource<Post> | UncountedPageSource<Post>>;
export async function listPosts(db: Db, options: ListPostsOptions): Promise<KeysetPageSource<Post> | UncountedPageSource<Post>> {
  const { viewerId } = options;
  const circleRef = options.circle === undefined ? null : parseCircleRef('key', options.circle);
  const ref = circleRef ? refValues(circleRef) : null;
  const sort = options.sort ?? 'new';
  const shape: FeedShape = {
    sort,
    circleRef: ref?.kind,
    publicOnly: Boolean(options.publicOnly),
    byAuthor: options.authorId !== undefined,
    member: viewerId !== null,
    tagged: options.tag !== undefined,
    inLanguages: options.languages !== undefined,
  };
  const scopeName = ref ? `circle_${ref.kind}${shape.publicOnly ? '_public' : ''}` : shape.publicOnly ? 'public' : 'visible';
  const name = `feed_${sort}_${scopeName}${shape.byAuthor ? '_author' : ''}${shape.tagged ? '_tag' : ''}${shape.inLanguages ? '_lang' : ''}_${shape.member ? 'member' : 'visitor'}`;
  const values = {
    viewer: viewerId ?? 0,
    id: ref?.id ?? 0,
    name: ref?.name ?? '',
    author: options.authorId ?? 0,
    since: windowStart(sort, options.now ?? new Date()) ?? new Date(0),
    tag: options.tag ?? 0,
    languages: options.languages?.join(',') ?? '',
  };
  // Newest first by a tag reads the tag's own index (post_tags_tag_created_idx), joined to each post by its key.
  const byTag = shape.tagged && sort === 'new';
  const key: SortKey = byTag ? { value: postTags.createdAt, type: 'timestamptz', id: postTags.postId } : feedKey(sort);
  /**
   * A channel's feed that lists nothing may be of a circle that is unknown or hidden from the viewer: the one lookup
   * tells that apart from an empty channel, which answers 404 'Channel not found.'
   */
  const assertCircleShown = async () => {
    if (!circleRef) return;
    const circle = await findCircle(db, viewerId, circleRef);
    if (!circle || !(circle.channel_type === 'public' || (!options.publicOnly && circle.is_member))) throw detail(404, MESSAGES.notFound);
  };
  const loadPage: KeysetPageSource<Post>['loadSlice'] = async (slice, limit) => {
    // The total rides along as a scalar subquery (PostgreSQL runs it once per statement): a page is one round trip.
    // A feed in chosen languages has none: no counter keeps it, and counting it would read every row it lists.
    const rows = await loadSlice(key, slice, limit, (sliceShape, after, order, sliceValues) =>
      prepared(db, `${name}_${sliceShape}`, () => {
        const { viewer, where } = feedConditions(shape, byTag);
        const total = shape.inLanguages ? sql<number | null>`null::int` : sql<number | null>`(${feedTotal(db, shape)})`;
        const query = selectPosts(db, viewer, key, { total });
        const rows = byTag
          ? query.innerJoin(postTags, and(eq(postTags.postId, posts.id), eq(postTags.tagId, sql.placeholder('tag'))))
          : query;
        return rows
          .where(and(where, after()))
          .orderBy(...order())
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'));
      }).execute({ ...values, ...sliceValues }),
    );
    if (rows.length === 0) await assertCircleShown();
    return { total: rows[0]?.total ?? null, rows: rows.map((row) => ({ item: toPost(row, viewerId), key: rowKey(row) })) };
  };
  if (shape.inLanguages) return { count: null, keyType: key.type, loadSlice: loadPage };
  return {
    count: async () => {
      const [{ total }] = await prepared(db, `${name}_count`, () => feedTotal(db, shape)).execute(values);
      if (total === 0) await assertCircleShown();
      return total;
    },
    keyType: key.type,
    loadSlice: loadPage,
  };
}

/**
 * A post the viewer may see (public circle, or a member of its private circle; held ones only for their author and
 * staff); 404 'Post not found.' otherwise. A removed post is found, without its content.
 */
export async function getVisiblePost(db: Db, id: number, viewerId: number | null): Promise<Post> {
  const viewer = viewerId === null ? null : sql.placeholder('viewer');
  const statement = prepared(db, `post_by_id_${viewer ? 'member' : 'visitor'}`, () =>
    selectPosts(db, viewer)
      .where(and(eq(posts.id, sql.placeholder('id')), circleVisibleTo(viewer), postOpenFor(viewer)))
      .limit(1),
  );
  const [row] = await statement.execute({ id, viewer: viewerId ?? 0 });
  if (!row) throw postNotFound();
  return toPost(row, viewerId);
}

export type NewPost = {
  /** The id the post takes: a scheduled post's, reserved from the posts' sequence when it was scheduled. */
  id?: number;
  authorId: number;
  /** The circle as the author sees it (looked up once by the caller, for its checks too); null when none was found. */
  circle: Circle | null;
  title: string;
  description: string;
  images: string[];
  videos: string[];
  /** Each video's poster frame by the video's URL (videos without one are absent). */
  videoPosters?: Record<string, string>;
  /** Ids of the channel's tags the post chooses (at most three). */
  tags?: number[];
  /** One description per image, in the images' order ('' for an image without one). */
  alts?: string[];
  /** When the author's account was made, and NEW_ACCOUNT_HOURS: a new account's links are held more readily. */
  authorCreatedAt: Date;
  newAccountHours: number;
  /** What QR codes in the images say (read by the service's `qrCodesIn`), for the scam shield. */
  qrCodes?: string[];
  /** The poll it carries, checked already (options, closing time). */
  poll?: ParsedPoll;
  /** The page it links to (an http or https URL, checked at the edge): its preview is fetched after the post. */
  link?: string;
};

/**
 * Creates a post in a circle the author may post in: anyone signed in for a public circle,
 * members only for a private one. The description is sanitised and its embedded images stripped,
 * then the scam shield reads title and description: a held post is seen only by its author and staff.
 * A published post with images has their words screened in the background (image-text-screening.ts).
 */
/** What a new post queues in the background, in its own transaction. */
export type PostJobs = {
  /** Reads its images' words (OCR). */
  screenImages?: ImageTextScreening;
  /** Fetches its link's preview. */
  fetchPreview?: LinkPreviewQueue;
  /** Makes its videos' renditions; absent when videos are kept as uploaded (VIDEO_RENDITIONS=0). */
  transcodeVideos?: VideoTranscoding;
};

export async function createPost(db: Db, input: NewPost, tellMentions: MentionFanout, background: PostJobs = {}): Promise<Post> {
  const { screenImages = noImageTextScreening, fetchPreview = noLinkPreviews, transcodeVideos } = background;
  const { circle } = input;
  if (!circle) throw fieldErrors({ circle: [MESSAGES.notFound] });
  if (circle.channel_type !== 'public' && !circle.is_member) throw forbidden(MEMBERS_ONLY);
  if (input.poll) assertPollAllowed(input.poll, circle);
  const tagIds = await chosenTags(db, circle.id, input.tags ?? []);
  const mediaAlts = describedImages(input.images, input.alts ?? [], circle.alt_text_required);
  const description = await sanitizeRichText(input.description, reencodeDataUrl);
  const screening = await screenWithRegistry(db, {
    text: input.title,
    html: description,
    // A link post's link is judged as a link in its text would be.
    links: input.link ? [input.link] : [],
    authorCreatedAt: input.authorCreatedAt,
    newAccountHours: input.newAccountHours,
    qrCodes: input.qrCodes,
  });
  const text = mentionText(input.title, description);
  const write = async (tx: Executor) => {
    const [row] = await tx
      .insert(posts)
      .values({
        ...(input.id === undefined ? {} : { id: input.id }),
        circleId: circle.id,
        authorId: input.authorId,
        title: input.title,
        description,
        language: postLanguage(input.title, description),
        images: input.images,
        videos: input.videos,
        videoPosters: input.videoPosters ?? {},
        mediaAlts,
        moderationStatus: screening.status,
        scamVerdict: screening.verdict,
        moderationReasons: screening.reasons,
        link: input.link ? pendingLink(input.link) : null,
        videoRenditions: transcodeVideos ? pendingRenditions(input.videos) : {},
      })
      .returning({ id: posts.id, createdAt: posts.createdAt });
    if (input.poll) await insertPoll(tx, row.id, input.poll);
    if (input.link && screening.status === 'visible') await fetchPreview(tx, row.id);
    if (transcodeVideos && input.videos.length > 0) await transcodeVideos(tx, { kind: 'post', id: row.id }, input.videos);
    if (tagIds.length) await tx.insert(postTags).values(tagIds.map((tagId) => ({ postId: row.id, tagId, createdAt: row.createdAt })));
    if (screening.status === 'visible') await tellMentions(tx, { text, actorId: input.authorId, postId: row.id });
    if (screening.status === 'visible' && input.images.length > 0) await screenImages(tx, { kind: 'post', id: row.id });
    return row;
  };
  // The post, its tags and the queued jobs (telling its @mentions, reading its images) commit together; a post with
  // none of them needs no transaction.
  const queuesJobs = mentionedHandles(text).length > 0 || input.images.length > 0 || input.videos.length > 0 || Boolean(input.link);
  const created = queuesJobs || tagIds.length > 0 || input.poll ? await db.transaction(write) : await write(db);
  return getVisiblePost(db, created.id, input.authorId);
}

export const ALT_MAX_LENGTH = 1000;
export const ALT_MESSAGES = {
  required: say('errors.posts.altRequired'),
  tooLong: say('errors.posts.altTooLong', { max: ALT_MAX_LENGTH }),
  tooMany: say('errors.posts.tooManyAlts'),
};

/**
 * Each image's description by its URL (blank ones left out), checked: one at most per image, each at most 1,000
 * characters, and every image described where the channel asks for it. 400 naming `alts` otherwise.
 */
export function describedImages(images: string[], alts: string[], required: boolean): Record<string, string> {
  if (alts.length > images.length) throw fieldErrors({ alts: [ALT_MESSAGES.tooMany] });
  if (alts.some((alt) => alt.length > ALT_MAX_LENGTH)) throw fieldErrors({ alts: [ALT_MESSAGES.tooLong] });
  const described = Object.fromEntries(
    images.map((url, index) => [url, (alts[index] ?? '').trim()] as const).filter(([, alt]) => alt !== ''),
  );
  if (required && images.some((url) => !described[url])) throw fieldErrors({ alts: [ALT_MESSAGES.required] });
  return described;
}

/** A post as its author may change it: 404 when they cannot see it, 403 when it is someone else's. */
async function ownPost(db: Db, id: number, userId: number) {
  const [row] = await db
    .select({
      authorId: posts.authorId,
      images: posts.images,
      videos: posts.videos,
      videoPosters: posts.videoPosters,
      description: posts.description,
      status: posts.moderationStatus,
      title: posts.title,
      imageText: posts.imageText,
    })
    .from(posts)
    .innerJoin(circles, eq(circles.id, posts.circleId))
    .where(and(eq(posts.id, id), circleVisibleTo(userId), postOpenFor(userId)))
    .limit(1);
  if (!row) throw postNotFound();
  if (row.authorId !== userId) throw forbidden(NOT_YOUR_POST);
  return row;
}

export type PostEdit = {
  id: number;
  userId: number;
  title?: string;
  description?: string;
  authorCreatedAt: Date;
  newAccountHours: number;
};

/**
 * The author changes a post's title and/or text (sanitised as on creation). The scam shield reads it again: a
 * now-suspicious post is held; one moderators removed stays removed. `edited_at` records when; newly @mentioned
 * members are told.
 */
export async function editPost(db: Db, input: PostEdit, tellMentions: MentionFanout): Promise<Post> {
  const current = await ownPost(db, input.id, input.userId);
  const title = input.title ?? current.title;
  const description = input.description === undefined ? current.description : await sanitizeRichText(input.description, reencodeDataUrl);
  const screening = await screenWithRegistry(db, {
    text: title,
    html: description,
    // Its images are the same: words in them that changed its verdict still count beside the new text.
    imageText: current.imageText ? [current.imageText] : [],
    authorCreatedAt: input.authorCreatedAt,
    newAccountHours: input.newAccountHours,
  });
  const status =
    current.status === 'removed'
      ? 'removed'
      : current.status === 'held' && screening.status === 'visible'
        ? current.status
        : screening.status;
  await db.transaction(async (tx) => {
    await tx
      .update(posts)
      .set({
        title,
        description,
        language: postLanguage(title, description),
        editedAt: sql`now()`,
        scamVerdict: screening.verdict,
        moderationReasons: screening.reasons,
        moderationStatus: status,
      })
      .where(eq(posts.id, input.id));
    if (status === 'visible') {
      const before = new Set(mentionText(current.title, current.description).match(/@\w+/g) ?? []);
      const added = (mentionText(title, description).match(/@\w+/g) ?? []).filter((handle) => !before.has(handle)).join(' ');
      await tellMentions(tx, { text: added, actorId: input.userId, postId: input.id });
    }
  });
  return getVisiblePost(db, input.id, input.userId);
}

/** A post's title and text as plain words, for finding @mentions. */
const mentionText = (title: string, html: string) => `${title} ${html.replace(/<[^>]*>/g, ' ')}`;

/**
 * The author deletes a post: it leaves every list at once (its comments, votes and reports go with it, and the
 * circle's posts_count follows by trigger). Answers the media its files are stored under, for the caller to remove:
 * the post's own uploads and its comments' (the rows that own them), never a /media/ path written in its text, which
 * may be anyone's file.
 */
export async function deletePost(db: Db, input: { id: number; userId: number }): Promise<{ mediaUrls: string[] }> {
  const current = await ownPost(db, input.id, input.userId);
  const commentMedia = await db
    .select({ url: comments.mediaUrl, poster: comments.mediaPoster })
    .from(comments)
    .where(and(eq(comments.postId, input.id), sql`${comments.mediaUrl} is not null`));
  await db.delete(posts).where(eq(posts.id, input.id));
  return {
    mediaUrls: [
      ...current.images,
      ...current.videos,
      ...postersOf(current.videoPosters),
      ...commentMedia.flatMap((row) => [row.url!, ...(row.poster ? [row.poster] : [])]),
    ],
  };
}

/** A write the scam shield held goes to the review queue (the moderation domain's queueHeld). */
export type QueueHeld = (ref: { kind: 'post' | 'comment'; id: number }) => Promise<void>;

/** Reads the QR codes in stored images (the media domain's reader over the media store). */
export type QrCodesIn = (imageUrls: readonly string[]) => Promise<string[]>;

/** Passes a written item on, queued for review first when the scam shield held it (posts and comments alike). */
export const queueWhenHeld =
  (queueHeld: QueueHeld, kind: 'post' | 'comment') =>
  async <T extends { id: number; moderation_status: string }>(item: T): Promise<T> => {
    if (item.moderation_status === 'held') await queueHeld({ kind, id: item.id });
    return item;
  };

/** The posts domain, built once per app: methods named as routes call them. */

export function createPostsService({
  db,
  tellMentions,
  queueHeld,
  qrCodesIn,
  background,
}: {
  db: Db;
  tellMentions: MentionFanout;
  queueHeld: QueueHeld;
  qrCodesIn: QrCodesIn;
  background: PostJobs;
}) {
  const held = queueWhenHeld(queueHeld, 'post');
  return {
    list: (options: ListPostsOptions) => listPosts(db, options),
    getVisible: (id: number, viewerId: number | null) => getVisiblePost(db, id, viewerId),
    /** Creates the post; one the scam shield holds is queued for review before the author hears back. */
    create: async (input: NewPost) =>
      held(await createPost(db, { ...input, qrCodes: await qrCodesIn(input.images) }, tellMentions, background)),
    edit: async (input: PostEdit) => held(await editPost(db, input, tellMentions)),
    delete: (input: { id: number; userId: number }) => deletePost(db, input),
    save: (userId: number, postId: number) => savePost(db, userId, postId),
    unsave: (userId: number, postId: number) => unsavePost(db, userId, postId),
    listSaved: (userId: number) => listSavedPosts(db, userId),
  };
}
