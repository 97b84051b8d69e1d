import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema/index.ts';

/**
 * Every table that holds a member's data, in one place: the export writes each `exportAs` table into data.json, the
 * erasure treats each one by its `erase` rule, and tests/api/data-rights.test.ts checks that every column referring
 * to users is listed here. A new table that refers to an account is one more line.
 *
 * - `owner`: the column naming the member whose data the row is.
 * - `exportBy`: the columns the export selects on (default: `owner`); a row another member owns but that is about
 *   this one is left out where it would tell them another's private choice (who blocked them).
 * - `links`: every column referring to an account (the owner included); the erasure leaves none pointing at it.
 * - `erase`: 'delete' the rows; 'unlink' (set the links to null: the row is someone else's record, such as the
 *   public moderation log or a channel others belong to); 'content' (posts and comments: deleted, or handed to the
 *   "[deleted account]" placeholder when the member leaves them); 'account' (the users row itself, last).
 * - `handles`: columns holding another member's account id, exported as that member's handle (what the member was
 *   shown) under the given key; the id itself never leaves. Staff who acted are named by their role column only.
 * - `omit`: columns kept out of the export (derived search columns; how a document is filed, never its outcome; a
 *   report's keyed requester network).
 */
export type AccountTable = {
  table: PgTable;
  owner: PgColumn;
  links: PgColumn[];
  erase: 'delete' | 'unlink' | 'content' | 'account';
  exportAs?: string;
  exportBy?: PgColumn[];
  omit?: string[];
  handles?: [PgColumn, string][];
};

const s = schema;

export const ACCOUNT_TABLES: AccountTable[] = [
  { table: s.users, owner: s.users.id, links: [s.users.id], erase: 'account', exportAs: 'profile', omit: ['emailHash'] },
  { table: s.consents, owner: s.consents.userId, links: [s.consents.userId], erase: 'delete', exportAs: 'consent_records' },
  { table: s.verifications, owner: s.verifications.userId, links: [s.verifications.userId], erase: 'delete', exportAs: 'verifications' },
  {
    table: s.credentialRequests,
    owner: s.credentialRequests.userId,
    links: [s.credentialRequests.userId],
    erase: 'delete',
    exportAs: 'credential_requests',
    omit: ['documentFile', 'documentType'],
  },
  { table: s.circleMembers, owner: s.circleMembers.userId, links: [s.circleMembers.userId], erase: 'delete', exportAs: 'memberships' },
  { table: s.joinRequests, owner: s.joinRequests.userId, links: [s.joinRequests.userId], erase: 'delete', exportAs: 'join_requests' },
  {
    table: s.circles,
    owner: s.circles.ownerId,
    links: [s.circles.ownerId],
    erase: 'unlink',
    exportAs: 'channels_created',
    omit: ['searchVector', 'searchSkeleton'],
  },
  {
    table: s.posts,
    owner: s.posts.authorId,
    links: [s.posts.authorId],
    erase: 'content',
    exportAs: 'posts',
    omit: ['searchVector', 'titleVector', 'searchSkeleton'],
  },
  {
    table: s.comments,
    owner: s.comments.authorId,
    links: [s.comments.authorId],
    erase: 'content',
    exportAs: 'comments',
    omit: ['searchVector', 'searchSkeleton'],
  },
  { table: s.postReactions, owner: s.postReactions.userId, links: [s.postReactions.userId], erase: 'delete', exportAs: 'reactions' },
  {
    table: s.commentUpvotes,
    owner: s.commentUpvotes.userId,
    links: [s.commentUpvotes.userId],
    erase: 'delete',
    exportAs: 'comment_upvotes',
  },
  { table: s.savedPosts, owner: s.savedPosts.userId, links: [s.savedPosts.userId], erase: 'delete', exportAs: 'saved_posts' },
  // The browsers with push on: their endpoint and choices; the keys the pushes are encrypted to stay out of the file.
  {
    table: s.pushSubscriptions,
    owner: s.pushSubscriptions.userId,
    links: [s.pushSubscriptions.userId],
    erase: 'delete',
    exportAs: 'push_subscriptions',
    omit: ['p256dh', 'auth'],
  },
  { table: s.pollVotes, owner: s.pollVotes.userId, links: [s.pollVotes.userId], erase: 'delete', exportAs: 'poll_votes' },
  { table: s.drafts, owner: s.drafts.authorId, links: [s.drafts.authorId], erase: 'delete', exportAs: 'drafts' },
  {
    table: s.scheduledPosts,
    owner: s.scheduledPosts.authorId,
    links: [s.scheduledPosts.authorId],
    erase: 'delete',
    exportAs: 'scheduled_posts',
  },
  // Notifications to the member, and those others got about the member's doing (they name the member's handle).
  {
    table: s.notifications,
    owner: s.notifications.userId,
    links: [s.notifications.userId, s.notifications.actorUserId],
    erase: 'delete',
    exportAs: 'notifications',
    handles: [[s.notifications.actorUserId, 'actor']],
  },
  {
    table: s.reports,
    owner: s.reports.reporterId,
    links: [s.reports.reporterId],
    erase: 'delete',
    exportAs: 'reports_made',
    omit: ['requester'],
  },
  {
    table: s.userBlocks,
    owner: s.userBlocks.blockerId,
    links: [s.userBlocks.blockerId, s.userBlocks.blockedId],
    erase: 'delete',
    exportAs: 'blocks',
    handles: [[s.userBlocks.blockedId, 'blocked']],
  },
  { table: s.staffRoles, owner: s.staffRoles.userId, links: [s.staffRoles.userId], erase: 'delete', exportAs: 'staff_role' },
  { table: s.suspensions, owner: s.suspensions.userId, links: [s.suspensions.userId], erase: 'delete', exportAs: 'suspensions' },
  // Staff decisions on the member's flagged writing, kept to teach the scam shield: they go with the account.
  {
    table: s.scamDecisions,
    owner: s.scamDecisions.authorId,
    links: [s.scamDecisions.authorId],
    erase: 'delete',
    exportAs: 'scam_decisions_about_your_content',
  },
  // Cases about the member's posts and comments follow them: deleted with erased content, handed over with left content.
  {
    table: s.moderationCases,
    owner: s.moderationCases.authorId,
    links: [s.moderationCases.authorId],
    erase: 'content',
    exportAs: 'moderation_cases_about_your_content',
  },
  {
    table: s.moderationActions,
    owner: s.moderationActions.targetUserId,
    links: [s.moderationActions.targetUserId, s.moderationActions.actorId],
    erase: 'unlink',
    exportAs: 'moderation_decisions',
    exportBy: [s.moderationActions.targetUserId, s.moderationActions.actorId],
    // Who decided is told by `actor_role` only: a moderator's account is never named to the member.
    omit: ['actorId'],
    handles: [[s.moderationActions.targetUserId, 'target']],
  },
  {
    table: s.dataExports,
    owner: s.dataExports.userId,
    links: [s.dataExports.userId],
    erase: 'delete',
    exportAs: 'data_exports',
    omit: ['fileName'],
  },
  { table: s.accountErasures, owner: s.accountErasures.userId, links: [s.accountErasures.userId], erase: 'account' },
];

/** The handle every erased member's remaining posts and comments are shown under. */
export const DELETED_ACCOUNT_HANDLE = '[deleted account]';

/** The property a table's rows carry a column under (`actorUserId` for actor_user_id). */
export function propertyOf(table: PgTable, column: PgColumn): string {
  return Object.entries(getTableColumns(table)).find(([, c]) => c === column)![0];
}
