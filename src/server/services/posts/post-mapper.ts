import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ChannelType, LinkPreview, MediaItem, Poll, Post, PostTag, VideoRenditions } from '../../../lib/api-types.ts';
import type { Db } from '../../db/client.ts';
import {
  circleTags,
  circles,
  pollOptions,
  pollVotes,
  polls,
  postReactions,
  postTags,
  posts,
  savedPosts,
  users,
} from '../../db/schema/index.ts';
import { qualified as q } from '../../db/qualified.ts';
import { keyColumns, type SortKey } from '../../db/keyset.ts';
import { safetyWarningFor, type ModerationStatus } from '../safety/index.ts';
import { viewerIsStaff, type Viewer } from '../circles/index.ts';
import { imageSources } from '../../../lib/media-variants.ts';
import type { PostLanguage } from '../../../lib/post-languages.ts';

/**
 * ORDER BY matching the schema's `(created_at desc, id desc)` indexes, which drizzle creates as
 * DESC NULLS LAST: a plain `desc()` means NULLS FIRST in PostgreSQL, misses the index and sorts the table.
 */
export const newestFirst = (createdAt: AnyColumn, id: AnyColumn): SQL[] => [sql`${createdAt} desc nulls last`, sql`${id} desc nulls last`];

/** The order of most post lists: newest first. */
export const NEWEST_POSTS: SortKey = { value: posts.createdAt, type: 'timestamptz', id: posts.id };

/** The columns one Post is built from; every query that answers posts selects exactly these. */
export const postColumns = {
  id: posts.id,
  title: posts.title,
  description: posts.description,
  images: posts.images,
  videos: posts.videos,
  videoPosters: posts.videoPosters,
  mediaAlts: posts.mediaAlts,
  link: posts.link,
  videoRenditions: posts.videoRenditions,
  likeCount: posts.likeCount,
  dislikeCount: posts.dislikeCount,
  commentCount: posts.commentCount,
  language: posts.language,
  createdAt: posts.createdAt,
  editedAt: posts.editedAt,
  authorName: users.username,
  authorColor: users.color,
  circleId: circles.id,
  circleName: circles.name,
  circleType: circles.channelType,
  moderationStatus: posts.moderationStatus,
  scamVerdict: posts.scamVerdict,
  removedReason: posts.removedReason,
  hiddenByReports: posts.hiddenByReports,
  /** The post's tags as JSON, in the order the channel made them: one lookup on post_tags' primary key per post. */
  tags: sql<
    PostTag[] | string
  >`coalesce((select json_agg(json_build_object('id', ${q(circleTags.id)}, 'name', ${q(circleTags.name)}, 'color', ${q(circleTags.color)}) order by ${q(circleTags.id)})
    from ${postTags} inner join ${circleTags} on ${q(circleTags.id)} = ${q(postTags.tagId)} where ${q(postTags.postId)} = ${q(posts.id)}), '[]'::json)`,
  /** The post's poll as JSON with every option's count (null without one): lookups on the polls and options keys. */
  poll: sql<PollRow | string | null>`(select json_build_object('multiple', ${q(polls.multiple)}, 'closes_at', ${q(polls.closesAt)},
    'closed', ${q(polls.closesAt)} <= now(), 'verified_only', ${q(polls.verifiedOnly)},
    'options', (select json_agg(json_build_object('id', ${q(pollOptions.id)}, 'text', ${q(pollOptions.text)}, 'votes', ${q(pollOptions.votes)}) order by ${q(pollOptions.position)})
      from ${pollOptions} where ${q(pollOptions.postId)} = ${q(posts.id)}))
    from ${polls} where ${q(polls.postId)} = ${q(posts.id)})`,
};

/** A poll as the post's query reads it. */
export type PollRow = {
  multiple: boolean;
  closes_at: string;
  closed: boolean;
  verified_only: boolean;
  options: { id: number; text: string; votes: number }[];
};

export type PostRow = {
  id: number;
  title: string;
  description: string;
  images: string[];
  videos: string[];
  videoPosters: Record<string, string>;
  /** Each image's description by its URL. */
  mediaAlts: Record<string, string>;
  /** A link post's link and preview (JSON, parsed by both drivers as a jsonb column); null without one. */
  link?: LinkPreview | null;
  /** Each video's renditions by its URL. */
  videoRenditions?: Record<string, VideoRenditions>;
  likeCount: number;
  dislikeCount: number;
  commentCount: number;
  language: string;
  createdAt: Date;
  editedAt: Date | null;
  authorName: string;
  authorColor: string;
  circleId: number;
  circleName: string;
  circleType: string;
  moderationStatus: string;
  scamVerdict: string;
  removedReason: string | null;
  hiddenByReports: boolean;
  /** JSON text or already parsed, by driver. */
  tags: PostTag[] | string;
  /** The viewer's own reaction, when the query joined it. */
  reaction?: string | null;
  /** Whether the viewer is staff (sees removed posts as written). */
  viewerStaff?: boolean;
  /** Whether the viewer saved the post (false for a visitor). */
  saved?: boolean | null;
  /** JSON text or parsed, by driver; null without a poll. */
  poll?: PollRow | string | null;
  /** The option ids the viewer voted for (null when none, or a visitor). */
  myVotes?: number[] | string | null;
};

/**
 * Posts joined with their author and circle, plus the viewer's reaction (on the post_reactions primary key) when
 * there is a viewer, and each row's position in the order of `key` (for a
 * keyset page's cursor). Callers add where/order/limit.
 */
export function selectPosts<E extends Record<string, SQL> = Record<never, SQL>>(
  db: Db,
  viewerId: Viewer,
  key: SortKey = NEWEST_POSTS,
  extra?: E,
) {
  const columns = { ...postColumns, ...keyColumns(key), ...(extra ?? ({} as E)) };
  if (viewerId === null) {
    return db
      .select({
        ...columns,
        reaction: sql<string | null>`null`,
        viewerStaff: sql<boolean>`false`,
        saved: sql<boolean>`false`,
        myVotes: sql<number[] | string | null>`null`,
      })
      .from(posts)
      .innerJoin(circles, eq(circles.id, posts.circleId))
      .innerJoin(users, eq(users.id, posts.authorId))
      .$dynamic();
  }
  return db
    .select({
      ...columns,
      reaction: reactionOf(viewerId),
      viewerStaff: sql<boolean>`${viewerIsStaff(viewerId)}`,
      saved: savedByViewer(viewerId),
      myVotes: votesOfViewer(viewerId),
    })
    .from(posts)
    .innerJoin(circles, eq(circles.id, posts.circleId))
    .innerJoin(users, eq(users.id, posts.authorId))
    .$dynamic();
}

/**
 * The viewer's like or dislike of each post: a subquery, not a join. The post's creation time names the one month
 * partition the vote can be in, pruned for each row at run time; joined, the planner read all the member's votes in
 * every month instead (a member's feed page: 20-30 % fewer pages a second in pgbench at 1M posts).
 */
const reactionOf = (viewerId: Exclude<Viewer, null>) =>
  sql<
    string | null
  >`(select ${q(postReactions.kind)} from ${postReactions} where ${q(postReactions.postId)} = ${q(posts.id)} and ${q(postReactions.userId)} = ${viewerId} and ${q(postReactions.postCreatedAt)} = ${q(posts.createdAt)})`;

/** A post's images then videos, each with its description (null when none was given). */
export const mediaItemsOf = (row: Pick<PostRow, 'images' | 'videos' | 'mediaAlts' | 'videoRenditions'>): MediaItem[] => [
  ...row.images.map((url) => mediaItem('image', url, row.mediaAlts?.[url] ?? null)),
  ...row.videos.map((url) => mediaItem('video', url, row.mediaAlts?.[url] ?? null, row.videoRenditions?.[url])),
];

/** One item as the API shows it: a video with its renditions and where their making stands; an image has none. */
export const mediaItem = (kind: MediaItem['kind'], url: string, alt: string | null, renditions?: VideoRenditions): MediaItem => ({
  kind,
  url,
  alt,
  renditions: renditions?.renditions ?? [],
  transcode: renditions?.transcode ?? null,
});

/** Whether the viewer saved the post: one lookup on saved_posts' primary key (user_id, post_id). */
const savedByViewer = (viewerId: Exclude<Viewer, null>) =>
  sql<boolean>`exists (select 1 from ${savedPosts} where ${q(savedPosts.userId)} = ${viewerId} and ${q(savedPosts.postId)} = ${q(posts.id)})`;

/** The options the viewer voted for in the post's poll: a lookup on poll_votes' primary key (post_id, user_id, …). */
const votesOfViewer = (viewerId: Exclude<Viewer, null>) =>
  sql<
    number[] | string | null
  >`(select json_agg(${q(pollVotes.optionId)}) from ${pollVotes} where ${q(pollVotes.postId)} = ${q(posts.id)} and ${q(pollVotes.userId)} = ${viewerId})`;

const parsed = <T>(value: T | string | null | undefined): T | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** A poll for its viewer: the counts only once they have voted, or it has closed. */
export function toPoll(row: PollRow | string | null | undefined, myVotes: number[] | string | null | undefined): Poll | null {
  const poll = parsed(row);
  if (!poll) return null;
  const mine = parsed(myVotes) ?? [];
  const closed = poll.closed === true || (poll.closed as unknown) === 't';
  const shown = closed || mine.length > 0;
  return {
    options: poll.options.map((option) => ({ id: option.id, text: option.text, votes: shown ? option.votes : null })),
    multiple: poll.multiple,
    closes_at: new Date(poll.closes_at).toISOString(),
    closed,
    verified_only: poll.verified_only,
    total_votes: shown ? poll.options.reduce((sum, option) => sum + option.votes, 0) : null,
    my_votes: [...mine].sort((a, b) => a - b),
  };
}

/**
 * The one mapper from a row to the spec's Post; liked/disliked are the viewer's own and false for a visitor.
 * A removed post keeps its place without its content ("Removed by moderators: <reason>"), except for staff.
 */
export function toPost(row: PostRow, viewerId: number | null): Post {
  const reaction = viewerId === null ? null : (row.reaction ?? null);
  const status = row.moderationStatus as ModerationStatus;
  const hideContent = status === 'removed' && !row.viewerStaff;
  return {
    id: row.id,
    title: hideContent ? '' : row.title,
    description: hideContent ? '' : row.description,
    images: hideContent ? [] : row.images,
    videos: hideContent ? [] : row.videos,
    media_items: hideContent ? [] : mediaItemsOf(row),
    tags: typeof row.tags === 'string' ? (JSON.parse(row.tags) as PostTag[]) : row.tags,
    posted_by: row.authorName,
    posted_by_color: row.authorColor,
    created_at: row.createdAt.toISOString(),
    circle: { id: row.circleId, name: row.circleName, channel_type: row.circleType as ChannelType },
    liked: reaction === 'like',
    disliked: reaction === 'dislike',
    saved: viewerId !== null && (row.saved === true || (row.saved as unknown) === 't'),
    like_count: row.likeCount,
    dislike_count: row.dislikeCount,
    comment_count: row.commentCount,
    language: row.language as PostLanguage,
    moderation_status: status,
    safety_warning: status === 'removed' ? null : safetyWarningFor(row.scamVerdict),
    removed_reason: status === 'removed' ? (row.removedReason ?? '') : null,
    // Only on an item its reports hid: its author (and staff) read "Hidden pending review" instead of "Held for review".
    ...(status === 'held' && row.hiddenByReports ? { hidden_pending_review: true as const } : {}),
    // Only on a post with images: their sizes and variants, one per image in the same order.
    ...(!hideContent && row.images.length ? { image_sources: row.images.map(imageSources) } : {}),
    // Only on a post with videos: each video's poster frame (its sizes and variants), or null, in the same order.
    ...(!hideContent && row.videos.length
      ? { video_posters: row.videos.map((url) => (row.videoPosters?.[url] ? imageSources(row.videoPosters[url]) : null)) }
      : {}),
    ...(row.editedAt ? { edited_at: new Date(row.editedAt).toISOString() } : {}),
    status: 'published',
    poll: hideContent ? null : toPoll(row.poll, row.myVotes),
    link: hideContent ? null : (row.link ?? null),
  };
}
