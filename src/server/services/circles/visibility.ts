import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { qualified as q } from '../../db/qualified.ts';
import { circleMembers, circles, comments, posts, staffRoles, userBlocks } from '../../db/schema/index.ts';

/**
 * Who reads: a member's id (or a prepared statement's placeholder for it, or a column holding it, e.g. the member
 * being told of something), or null for a visitor.
 */
export type Viewer = number | Placeholder | SQL | null;

/**
 * The one rule for reading circle content: public circles are open to everyone,
 * private ones only to members. Use it in every query that returns posts, comments or search hits.
 */
export function circleVisibleTo(viewerId: Viewer): SQL {
  if (viewerId === null) return sql`${q(circles.channelType)} = 'public'`;
  return sql`(${q(circles.channelType)} = 'public' or exists (select 1 from ${circleMembers} where ${q(circleMembers.circleId)} = ${q(circles.id)} and ${q(circleMembers.userId)} = ${viewerId}))`;
}

/**
 * Whether the viewer is staff (moderator or admin), who see held and removed content as written: the one place
 * content reads ask. This build has no staff roles, so no one is staff yet.
 */
export function viewerIsStaff(viewerId: Viewer): SQL {
  if (viewerId === null) return sql`false`;
  return sql`exists (select 1 from ${staffRoles} where ${q(staffRoles.userId)} = ${viewerId})`;
}

/**
 * The one rule for lists (feeds, channel pages, search, profiles): visible items, plus the viewer's own held
 * items, and everything for staff; never an item by someone the viewer blocked.
 */
export function postListedFor(viewerId: Viewer): SQL {
  if (viewerId === null) return sql`${q(posts.moderationStatus)} = 'visible'`;
  return sql`(${q(posts.moderationStatus)} = 'visible' or (${q(posts.moderationStatus)} = 'held' and ${q(posts.authorId)} = ${viewerId}) or ${viewerIsStaff(viewerId)})
    and not exists (select 1 from ${userBlocks} where ${q(userBlocks.blockerId)} = ${viewerId} and ${q(userBlocks.blockedId)} = ${q(posts.authorId)})`;
}

/** A post opened by its id: held ones only for their author and staff; removed ones keep their place (shown as removed). */
export function postOpenFor(viewerId: Viewer): SQL {
  if (viewerId === null) return sql`${q(posts.moderationStatus)} <> 'held'`;
  return sql`(${q(posts.moderationStatus)} <> 'held' or ${q(posts.authorId)} = ${viewerId} or ${viewerIsStaff(viewerId)})`;
}

/** Comments in a thread: removed ones keep their place (shown as removed), held ones only for their author and staff. */
export function commentShownTo(viewerId: Viewer): SQL {
  if (viewerId === null) return sql`${q(comments.moderationStatus)} <> 'held'`;
  return sql`(${q(comments.moderationStatus)} <> 'held' or ${q(comments.authorId)} = ${viewerId} or ${viewerIsStaff(viewerId)})
    and not exists (select 1 from ${userBlocks} where ${q(userBlocks.blockerId)} = ${viewerId} and ${q(userBlocks.blockedId)} = ${q(comments.authorId)})`;
}

/** Comments found by search: visible ones, the viewer's own held ones, everything for staff; none by a blocked member. */
export function commentListedFor(viewerId: Viewer): SQL {
  if (viewerId === null) return sql`${q(comments.moderationStatus)} = 'visible'`;
  return sql`(${q(comments.moderationStatus)} = 'visible' or (${q(comments.moderationStatus)} = 'held' and ${q(comments.authorId)} = ${viewerId}) or ${viewerIsStaff(viewerId)})
    and not exists (select 1 from ${userBlocks} where ${q(userBlocks.blockerId)} = ${viewerId} and ${q(userBlocks.blockedId)} = ${q(comments.authorId)})`;
}
