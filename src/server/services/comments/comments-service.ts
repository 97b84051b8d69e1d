import { and, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { imageSources } from '../../../lib/media-variants.ts';
import { detectLanguage } from '../../../lib/language-detection.ts';
import { UNDETERMINED, type PostLanguage } from '../../../lib/post-languages.ts';
import type { Comment, CommentSort, ListedComment, Post, ThreadComment, UpvoteResult, VideoRenditions } from '../../../lib/api-types.ts';
import type { Db } from '../../db/client.ts';
import { qualified as q } from '../../db/qualified.ts';
import { circles, commentUpvotes, comments, posts, userBlocks, users } from '../../db/schema/index.ts';
import { detail, fieldErrors, forbidden, say } from '../../platform/errors.ts';
import type { KeysetPageSource, PageSource } from '../../db/keyset.ts';
import { keyColumns, loadSlice, rowKey, type SortKey } from '../../db/keyset.ts';
import { prepared } from '../../db/prepared.ts';
import type { StoredMedia } from '../media/index.ts';
import { UPVOTE_MILESTONES, type MentionFanout, type Notify } from '../notifications/index.ts';
import {
  ALT_MESSAGES,
  ALT_MAX_LENGTH,
  getVisiblePost,
  mediaItem,
  noImageTextScreening,
  pendingRenditions,
  postNotFound,
  queueWhenHeld,
  type ImageTextScreening,
  type VideoTranscoding,
  type QrCodesIn,
  type QueueHeld,
} from '../posts/index.ts';
import { safetyWarningFor, screenWithRegistry, type ModerationStatus } from '../safety/index.ts';
import { circleVisibleTo, commentShownTo, postOpenFor, viewerIsStaff, type Viewer } from '../circles/index.ts';

export const COMMENT_MAX_LENGTH = 10_000;
export const COMMENT_NEEDS_CONTENT = say('errors.comments.needsContent');
export const BLOCKED_BY_AUTHOR = say('api.blockedByAuthor');
export const BLOCKED_BY_COMMENTER = say('api.blockedByCommenter');
export const COMMENT_NOT_FOUND = say('errors.comments.notFound');
export const PARENT_NOT_IN_POST = say('errors.comments.parentNotInPost');
export const PARENT_DELETED = say('errors.comments.parentDeleted');
export const NOT_YOUR_COMMENT = say('errors.comments.notYours');

/** How many levels of replies a list nests below each of its comments; deeper ones are behind "Continue this thread". */
export const THREAD_DEPTH = 6;
/** How many replies of each comment a list includes; the rest come from the comment's replies list. */
export const FIRST_REPLIES = 3;
export const COMMENT_SORTS = ['best', 'new', 'top'] as const satisfies readonly CommentSort[];

const commentNotFound = () => detail(404, COMMENT_NOT_FOUND);

/** The columns one Comment is built from, with the viewer's upvote and whether they are staff. */
const commentColumns = (viewerId: Viewer) => ({
  id: comments.id,
  postId: comments.postId,
  parentId: comments.parentId,
  depth: comments.depth,
  replyCount: comments.replyCount,
  body: comments.body,
  mediaKind: comments.mediaKind,
  mediaUrl: comments.mediaUrl,
  mediaPoster: comments.mediaPoster,
  mediaAlt: comments.mediaAlt,
  videoRenditions: comments.videoRenditions,
  upvoteCount: comments.upvoteCount,
  language: comments.language,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  deletedAt: comments.deletedAt,
  authorId: comments.authorId,
  authorName: users.username,
  authorColor: users.color,
  moderationStatus: comments.moderationStatus,
  scamVerdict: comments.scamVerdict,
  removedReason: comments.removedReason,
  hiddenByReports: comments.hiddenByReports,
  viewerStaff: sql<boolean>`${viewerIsStaff(viewerId)}`.as('viewer_staff'),
  upvoted: (viewerId === null
    ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from ${commentUpvotes} where ${q(commentUpvotes.commentId)} = ${q(comments.id)} and ${q(commentUpvotes.userId)} = ${viewerId} and ${q(commentUpvotes.commentCreatedAt)} = ${q(comments.createdAt)})`
  ).as('upvoted'),
});

type CommentRow = {
  id: number;
  postId: number;
  parentId: number | null;
  depth: number;
  replyCount: number;
  body: string;
  mediaKind: string | null;
  mediaUrl: string | null;
  mediaPoster: string | null;
  mediaAlt: string | null;
  videoRenditions?: VideoRenditions | null;
  upvoteCount: number;
  language: string;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  authorId: number;
  authorName: string;
  authorColor: string;
  moderationStatus: string;
  scamVerdict: string;
  removedReason: string | null;
  hiddenByReports: boolean;
  viewerStaff: boolean;
  upvoted: boolean;
};

/**
 * The one mapper to the spec's Comment. A removed comment keeps its place in the thread without its content (staff
 * see it); a deleted one keeps its place, while it has replies, with neither content nor author.
 */
export function toComment(row: CommentRow): Comment {
  const status = row.moderationStatus as ModerationStatus;
  const deleted = row.deletedAt !== null;
  const hideContent = deleted || (status === 'removed' && !row.viewerStaff);
  return {
    id: row.id,
    post: row.postId,
    body: hideContent ? '' : row.body,
    media_kind: hideContent ? null : row.mediaKind === 'image' || row.mediaKind === 'video' ? row.mediaKind : null,
    media_url: hideContent ? null : row.mediaUrl,
    // The same media as a list with its description, as posts carry theirs (media_kind and media_url stay for older clients).
    media_items:
      !hideContent && row.mediaUrl && (row.mediaKind === 'image' || row.mediaKind === 'video')
        ? [mediaItem(row.mediaKind, row.mediaUrl, row.mediaAlt, row.videoRenditions ?? undefined)]
        : [],
    // Only on a comment showing an image: its size and variants, as a post's image_sources.
    ...(!hideContent && row.mediaKind === 'image' && row.mediaUrl ? { media_sources: imageSources(row.mediaUrl) } : {}),
    // Only on a video that came with its poster frame: the frame's size and variants.
    ...(!hideContent && row.mediaKind === 'video' && row.mediaUrl && row.mediaPoster
      ? { media_poster: imageSources(row.mediaPoster) }
      : {}),
    author: deleted ? '[deleted]' : row.authorName,
    author_color: row.authorColor,
    created_at: new Date(row.createdAt).toISOString(),
    language: deleted ? UNDETERMINED : (row.language as PostLanguage),
    upvote_count: row.upvoteCount,
    moderation_status: status,
    safety_warning: status === 'removed' || deleted ? null : safetyWarningFor(row.scamVerdict),
    removed_reason: status === 'removed' ? (row.removedReason ?? '') : null,
    ...(status === 'held' && row.hiddenByReports ? { hidden_pending_review: true as const } : {}),
    parent: row.parentId,
    reply_count: row.replyCount,
    upvoted: Boolean(row.upvoted),
    edited_at: row.editedAt ? new Date(row.editedAt).toISOString() : null,
    deleted,
  };
}

/** ORDER BY for a sort, matching the (post_id, key desc, id desc) indexes of top-level comments. */
function orderFor(sort: CommentSort): SQL[] {
  const key = sort === 'new' ? comments.createdAt : sort === 'top' ? comments.upvoteCount : comments.hotRank;
  return [sql`${key} desc nulls last`, sql`${comments.id} desc nulls last`];
}

/** A sort's keyset key, matching the same indexes as orderFor(). */
function commentKey(sort: CommentSort): SortKey {
  if (sort === 'new') return { value: comments.createdAt, type: 'timestamptz', id: comments.id };
  if (sort === 'top') return { value: comments.upvoteCount, type: 'int4', id: comments.id };
  return { value: comments.hotRank, type: 'float8', id: comments.id };
}

const selectComments = (db: Db, viewerId: number | null) =>
  db.select(commentColumns(viewerId)).from(comments).innerJoin(users, eq(users.id, comments.authorId)).$dynamic();

/** Comments a reader sees in a thread: shown to them, and not deleted unless replies still hang below. */
const inThread = (viewerId: Viewer): SQL => and(commentShownTo(viewerId), or(isNull(comments.deletedAt), gt(comments.replyCount, 0)))!;

/**
 * Nests below each of `roots` (comments of one depth, of one post) its first FIRST_REPLIES replies per comment,
 * THREAD_DEPTH levels down, in one query: a window ranks each comment's replies in the list's order.
 */
async function withReplies(
  db: Db,
  viewerId: number | null,
  postId: number,
  roots: CommentRow[],
  sort: CommentSort,
): Promise<ListedComment[]> {
  if (roots.length === 0) return [];
  const base = roots[0].depth;
  const viewer = viewerId === null ? null : sql.placeholder('viewer');
  const statement = prepared(db, `comment_replies_${sort}_${viewer ? 'member' : 'visitor'}`, () => {
    const ranked = db
      .select({
        ...commentColumns(viewer),
        rank: sql<number>`row_number() over (partition by ${comments.parentId} order by ${sql.join(orderFor(sort), sql`, `)})`.as('rank'),
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.authorId))
      .where(
        and(
          eq(comments.postId, sql.placeholder('post')),
          sql`${comments.depth} between ${sql.placeholder('depth_from')}::int4 and ${sql.placeholder('depth_to')}::int4`,
          sql`${comments.path}[${sql.placeholder('root_level')}::int4] = any(${sql.placeholder('roots')}::integer[])`,
          inThread(viewer),
        ),
      )
      .as('ranked');
    return db.select().from(ranked).where(lte(ranked.rank, FIRST_REPLIES));
  });
  const rows = await statement.execute({
    viewer: viewerId ?? 0,
    post: postId,
    depth_from: base + 1,
    depth_to: base + THREAD_DEPTH,
    root_level: base + 1,
    roots: roots.map((r) => Number(r.id)),
  });
  rows.sort((a, b) => a.depth - b.depth || Number(a.rank) - Number(b.rank));
  const listed = roots.map((row): ListedComment => ({ ...toComment(row), replies: [] }));
  const byId = new Map<number, ThreadComment>(listed.map((c) => [c.id, c]));
  for (const row of rows) {
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    if (!parent) continue;
    const reply: ThreadComment = toComment(row);
    (parent.replies ??= []).push(reply);
    byId.set(reply.id, reply);
  }
  return listed;
}

/** A visible post and its top-level comments in the chosen order, each with its first replies; 404 'Post not found.' when hidden or unknown. */
export async function listComments(
  db: Db,
  postId: number,
  viewerId: number | null,
  sort: CommentSort = 'best',
): Promise<{ post: Post; comments: KeysetPageSource<ListedComment> }> {
  const post = await getVisiblePost(db, postId, viewerId);
  const viewer = viewerId === null ? null : sql.placeholder('viewer');
  const audience = viewer ? 'member' : 'visitor';
  const values = { post: postId, viewer: viewerId ?? 0 };
  const shown = () => and(eq(comments.postId, sql.placeholder('post')), isNull(comments.parentId), inThread(viewer));
  // One post's top-level comments, on the partial (post_id, ...) where parent_id is null indexes.
  const total = () =>
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(comments)
      .where(shown());
  const key = commentKey(sort);
  return {
    post,
    comments: {
      count: async () => {
        const [{ count }] = await prepared(db, `comments_count_${audience}`, total).execute(values);
        return count;
      },
      keyType: key.type,
      loadSlice: async (slice, limit) => {
        // The total rides along as a scalar subquery, run once per statement: the page and its count in one round trip.
        const rows = await loadSlice(key, slice, limit, (sliceShape, after, order, sliceValues) =>
          prepared(db, `comments_${sort}_${audience}_${sliceShape}`, () =>
            db
              .select({ ...commentColumns(viewer), ...keyColumns(key), total: sql<number>`(${total()})` })
              .from(comments)
              .innerJoin(users, eq(users.id, comments.authorId))
              .where(and(shown(), after()))
              .orderBy(...order())
              .limit(sql.placeholder('limit'))
              .offset(sql.placeholder('offset')),
          ).execute({ ...values, ...sliceValues }),
        );
        const listed = await withReplies(db, viewerId, postId, rows, sort);
        return { total: rows[0]?.total ?? null, rows: listed.map((item, index) => ({ item, key: rowKey(rows[index]) })) };
      },
    },
  };
}

/** One comment the viewer may read (its post visible to them), as a row. */
async function findComment(
  db: Db,
  id: number,
  viewerId: number | null,
  options: { evenDeleted?: boolean } = {},
): Promise<CommentRow | null> {
  const [row] = await selectComments(db, viewerId)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(circles, eq(circles.id, posts.circleId))
    .where(
      and(
        eq(comments.id, id),
        circleVisibleTo(viewerId),
        postOpenFor(viewerId),
        options.evenDeleted ? commentShownTo(viewerId) : inThread(viewerId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** One comment with its first replies (the "Continue this thread" view and a shared link's target); 404 when hidden or unknown. */
export async function getComment(db: Db, id: number, viewerId: number | null, sort: CommentSort = 'best'): Promise<ListedComment> {
  const row = await findComment(db, id, viewerId);
  if (!row) throw commentNotFound();
  const [listed] = await withReplies(db, viewerId, row.postId, [row], sort);
  return listed;
}

/** The direct replies of a comment the viewer may read, in the chosen order, each with its first replies. */
export async function listReplies(
  db: Db,
  id: number,
  viewerId: number | null,
  sort: CommentSort = 'best',
): Promise<PageSource<ListedComment>> {
  const parent = await findComment(db, id, viewerId);
  if (!parent) throw commentNotFound();
  const shown = and(eq(comments.parentId, id), inThread(viewerId));
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(comments)
    .where(shown);
  return {
    count,
    load: async (limit, offset) => {
      const rows = await selectComments(db, viewerId)
        .where(shown)
        .orderBy(...orderFor(sort))
        .limit(limit)
        .offset(offset);
      return withReplies(db, viewerId, parent.postId, rows, sort);
    },
  };
}

export type NewComment = {
  postId: number;
  authorId: number;
  /** The comment this replies to, of the same post. */
  parentId?: number | null;
  body: string;
  media: StoredMedia | null;
  /** The video's poster frame (an image URL), when the media is a video that came with one. */
  poster?: string | null;
  /** The media's description (its alt text), at most 1,000 characters. */
  alt?: string | null;
  /** When the author's account was made, and NEW_ACCOUNT_HOURS: a new account's links are held more readily. */
  authorCreatedAt: Date;
  newAccountHours: number;
  /** What a QR code in the comment's image says, for the scam shield. */
  qrCodes?: string[];
};

/**
 * Adds a comment or a reply (text, one image or video, or both) to a post the author may see, unless the post's
 * author (or, for a reply, the parent comment's author) blocked them. The scam shield reads the text: a held comment is seen only by its author and staff, and
 * tells no one. A visible one tells the post's author (or the parent comment's) and the members it @mentions, and
 * has its image's words screened in the background (image-text-screening.ts). Counters (the post's comment_count, every ancestor's reply_count) follow by triggers.
 */
export async function createComment(
  db: Db,
  input: NewComment,
  notify: Notify,
  tellMentions: MentionFanout,
  screenImages: ImageTextScreening = noImageTextScreening,
  transcodeVideos?: VideoTranscoding,
): Promise<Comment> {
  const { postId, authorId } = input;
  const [post] = await db
    .select({ authorId: posts.authorId, title: posts.title })
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
  let parent: CommentRow | null = null;
  if (input.parentId != null) {
    parent = await findComment(db, input.parentId, authorId, { evenDeleted: true });
    if (!parent || parent.postId !== postId) throw fieldErrors({ parent: [PARENT_NOT_IN_POST] });
    if (parent.deletedAt !== null) throw fieldErrors({ parent: [PARENT_DELETED] });
    const [blockedByParent] = await db
      .select({ one: sql`1` })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, parent.authorId), eq(userBlocks.blockedId, authorId)))
      .limit(1);
    if (blockedByParent) throw forbidden(BLOCKED_BY_COMMENTER);
  }
  if ((input.alt ?? '').length > ALT_MAX_LENGTH) throw fieldErrors({ alt: [ALT_MESSAGES.tooLong] });
  const screening = await screenWithRegistry(db, {
    text: input.body,
    authorCreatedAt: input.authorCreatedAt,
    newAccountHours: input.newAccountHours,
    qrCodes: input.qrCodes,
  });
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({
        postId,
        authorId,
        parentId: parent?.id ?? null,
        body: input.body,
        language: detectLanguage(input.body),
        mediaKind: input.media?.kind ?? null,
        mediaUrl: input.media?.url ?? null,
        mediaPoster: input.media?.kind === 'video' ? (input.poster ?? null) : null,
        mediaAlt: input.media && input.alt?.trim() ? input.alt.trim() : null,
        videoRenditions: transcodeVideos && input.media?.kind === 'video' ? pendingRenditions([input.media.url])[input.media.url] : null,
        moderationStatus: screening.status,
        scamVerdict: screening.verdict,
        moderationReasons: screening.reasons,
      })
      .returning({ id: comments.id });
    if (transcodeVideos && input.media?.kind === 'video') await transcodeVideos(tx, { kind: 'comment', id: row.id }, [input.media.url]);
    if (screening.status === 'visible') {
      const [{ name }] = await tx.select({ name: users.username }).from(users).where(eq(users.id, authorId));
      const toldOfReply = parent ? parent.authorId : post.authorId;
      await notify(tx, [
        {
          userId: toldOfReply,
          kind: 'reply',
          actorId: authorId,
          postId,
          commentId: row.id,
          message: parent
            ? { code: 'replied', params: { actor: name } }
            : { code: 'commented', params: { actor: name, title: post.title } },
        },
      ]);
      await tellMentions(tx, { text: input.body, actorId: authorId, postId, commentId: row.id, skip: [toldOfReply] });
      if (input.media?.kind === 'image') await screenImages(tx, { kind: 'comment', id: row.id });
    }
    return row;
  });
  const [row] = await selectComments(db, authorId).where(eq(comments.id, created.id));
  return toComment(row);
}

/** The comment as its author may change it: 404 when unknown or deleted, 403 for someone else's. */
async function ownComment(db: Db, id: number, userId: number): Promise<CommentRow> {
  const row = await findComment(db, id, userId);
  if (!row || row.deletedAt !== null) throw commentNotFound();
  if (row.authorId !== userId) throw forbidden(NOT_YOUR_COMMENT);
  return row;
}

export type CommentEdit = { id: number; userId: number; body: string; authorCreatedAt: Date; newAccountHours: number };

/**
 * The author changes a comment's text (its media stays). The scam shield reads it again: a now-suspicious comment is
 * held; a comment moderators removed stays removed. `edited_at` records when.
 */
export async function editComment(db: Db, input: CommentEdit): Promise<Comment> {
  const row = await ownComment(db, input.id, input.userId);
  if (input.body === '' && !row.mediaUrl) throw fieldErrors({ non_field_errors: [COMMENT_NEEDS_CONTENT] });
  // Its image is the same: words in it that changed its verdict still count beside the new text.
  const [{ imageText }] = await db.select({ imageText: comments.imageText }).from(comments).where(eq(comments.id, row.id));
  const screening = await screenWithRegistry(db, {
    text: input.body,
    imageText: imageText ? [imageText] : [],
    authorCreatedAt: input.authorCreatedAt,
    newAccountHours: input.newAccountHours,
  });
  const status =
    row.moderationStatus === 'removed'
      ? 'removed'
      : row.moderationStatus === 'held' && screening.status === 'visible'
        ? row.moderationStatus
        : screening.status;
  await db
    .update(comments)
    .set({
      body: input.body,
      language: detectLanguage(input.body),
      editedAt: sql`now()`,
      scamVerdict: screening.verdict,
      moderationReasons: screening.reasons,
      moderationStatus: status,
    })
    .where(eq(comments.id, row.id));
  const [fresh] = await selectComments(db, input.userId).where(eq(comments.id, row.id));
  return toComment(fresh);
}

/**
 * The author deletes a comment: its text and media go at once (the media URL is answered so the caller removes the
 * file). The row stays, so replies below keep their place under "[deleted]"; without replies it leaves every list.
 */
export async function deleteComment(db: Db, input: { id: number; userId: number }): Promise<{ mediaUrls: string[] }> {
  const row = await ownComment(db, input.id, input.userId);
  await db
    .update(comments)
    .set({
      deletedAt: sql`now()`,
      body: '',
      language: UNDETERMINED,
      mediaKind: null,
      mediaUrl: null,
      mediaPoster: null,
      mediaAlt: null,
      imageText: null,
    })
    .where(and(eq(comments.id, row.id), isNull(comments.deletedAt)));
  return { mediaUrls: [row.mediaUrl, row.mediaPoster].filter((url): url is string => url !== null) };
}

/**
 * A member's upvote of a comment they may read, on or off; idempotent, so a second upvote changes nothing. The count
 * moves by one in the same statement that records the vote; reaching 1, 10 or 100 tells the author once.
 */
export async function upvoteComment(
  db: Db,
  input: { commentId: number; userId: number; on: boolean },
  notify: Notify,
): Promise<UpvoteResult> {
  const row = await findComment(db, input.commentId, input.userId);
  if (!row || row.deletedAt !== null) throw commentNotFound();
  // The comment's creation time, the partition key, read in the statement (a Date would lose its microseconds).
  const createdAt = sql<Date>`(select ${comments.createdAt} from ${comments} where ${comments.id} = ${row.id})`;
  const count = await db.transaction(async (tx) => {
    const changed = input.on
      ? await tx
          .insert(commentUpvotes)
          .values({ commentId: row.id, userId: input.userId, commentCreatedAt: createdAt })
          .onConflictDoNothing()
          .returning({ id: commentUpvotes.commentId })
      : await tx
          .delete(commentUpvotes)
          .where(
            and(
              eq(commentUpvotes.commentId, row.id),
              eq(commentUpvotes.userId, input.userId),
              eq(commentUpvotes.commentCreatedAt, createdAt),
            ),
          )
          .returning({ id: commentUpvotes.commentId });
    if (changed.length === 0) {
      const [current] = await tx.select({ count: comments.upvoteCount }).from(comments).where(eq(comments.id, row.id));
      return current.count;
    }
    const [updated] = await tx
      .update(comments)
      .set({ upvoteCount: sql`${comments.upvoteCount} ${input.on ? sql`+` : sql`-`} 1` })
      .where(eq(comments.id, row.id))
      .returning({ count: comments.upvoteCount });
    if (input.on && (UPVOTE_MILESTONES as readonly number[]).includes(updated.count)) {
      await notify(tx, [
        {
          userId: row.authorId,
          kind: 'upvote_milestone',
          actorId: input.userId,
          postId: row.postId,
          commentId: row.id,
          message: { code: updated.count === 1 ? 'firstUpvote' : 'upvotes', params: { count: updated.count } },
        },
      ]);
    }
    return updated.count;
  });
  return { comment_id: row.id, upvoted: input.on, upvote_count: count };
}

/** The comments domain, built once per app: methods named as routes call them. */
export function createCommentsService({
  db,
  notify,
  tellMentions,
  queueHeld,
  qrCodesIn,
  screenImages,
  transcodeVideos,
}: {
  db: Db;
  notify: Notify;
  tellMentions: MentionFanout;
  queueHeld: QueueHeld;
  qrCodesIn: QrCodesIn;
  screenImages: ImageTextScreening;
  /** Makes a comment's video's renditions; absent when videos are kept as uploaded. */
  transcodeVideos?: VideoTranscoding;
}) {
  const held = queueWhenHeld(queueHeld, 'comment');
  return {
    list: (...args: Parameters<typeof listComments> extends [Db, ...infer A] ? A : never) => listComments(db, ...args),
    get: (id: number, viewerId: number | null, sort?: CommentSort) => getComment(db, id, viewerId, sort),
    replies: (id: number, viewerId: number | null, sort?: CommentSort) => listReplies(db, id, viewerId, sort),
    /** Creates the comment or reply; one the scam shield holds is queued for review before the author hears back. */
    create: async (input: NewComment) =>
      held(
        await createComment(
          db,
          { ...input, qrCodes: input.media?.kind === 'image' ? await qrCodesIn([input.media.url]) : [] },
          notify,
          tellMentions,
          screenImages,
          transcodeVideos,
        ),
      ),
    edit: async (input: CommentEdit) => held(await editComment(db, input)),
    delete: (input: { id: number; userId: number }) => deleteComment(db, input),
    upvote: (input: { commentId: number; userId: number; on: boolean }) => upvoteComment(db, input, notify),
  };
}
