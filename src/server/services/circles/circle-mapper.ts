import { sql, type SQL } from 'drizzle-orm';
import type { Circle, ChannelType } from '../../../lib/api-types.ts';
import { qualified as q } from '../../db/qualified.ts';
import { circleMembers, circles, joinRequests } from '../../db/schema/index.ts';
import { shippedInstitutions, requirementOf } from '../verification/index.ts';
import type { Viewer } from './visibility.ts';

/** A circle's requirement as the API shows it (every circle answer, search hit and panel row uses this). */
export const circleRequirement = (row: { requirementKind: string | null; requirementValue: string | null }) =>
  requirementOf(row.requirementKind, row.requirementValue, shippedInstitutions());

/**
 * The one way a circle leaves the server: `circleColumns(viewer)` selects a circle together with
 * the viewer's membership, and `toCircle()` turns that row into the spec's Circle.
 */
export function circleColumns(viewerId: Viewer) {
  const viewerRole: SQL<string | null> =
    viewerId === null
      ? sql<string | null>`null::text`
      : sql<
          string | null
        >`(select ${q(circleMembers.role)} from ${circleMembers} where ${q(circleMembers.circleId)} = ${q(circles.id)} and ${q(circleMembers.userId)} = ${viewerId})`;
  const viewerPending: SQL<boolean> =
    viewerId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${joinRequests} where ${q(joinRequests.circleId)} = ${q(circles.id)} and ${q(joinRequests.userId)} = ${viewerId} and ${q(joinRequests.status)} = 'pending')`;
  return {
    id: circles.id,
    name: circles.name,
    description: circles.description,
    descriptionVerdict: circles.descriptionVerdict,
    channelType: circles.channelType,
    ownerId: circles.ownerId,
    membersCount: circles.membersCount,
    themeColors: circles.themeColors,
    createdAt: circles.createdAt,
    requirementKind: circles.requirementKind,
    requirementValue: circles.requirementValue,
    altTextRequired: circles.altTextRequired,
    viewerRole,
    viewerPending,
  };
}

export type CircleRow = {
  id: number;
  name: string;
  description: string;
  descriptionVerdict: string;
  channelType: string;
  ownerId: number | null;
  membersCount: number;
  themeColors: { primary: string; secondary: string };
  createdAt: Date;
  requirementKind: string | null;
  requirementValue: string | null;
  altTextRequired: boolean;
  viewerRole: string | null;
  viewerPending: boolean;
};

/** Timestamps leave the server as ISO 8601 strings (drivers hand back a Date, or text from raw SQL). */
export const isoString = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toCircle(row: CircleRow, viewerId: number | null): Circle {
  const isMember = row.viewerRole !== null;
  return {
    id: row.id,
    name: row.name,
    // A description the scam shield held is shown to the owner only until a moderator reviews it.
    description: row.descriptionVerdict === 'held' && !(viewerId !== null && row.ownerId === viewerId) ? '' : row.description,
    channel_type: row.channelType as ChannelType,
    channel_name: row.name,
    members_count: row.membersCount,
    is_member: isMember,
    is_owner: viewerId !== null && row.ownerId === viewerId,
    is_moderator: row.viewerRole === 'moderator',
    membership_status: isMember ? 'member' : row.viewerPending ? 'pending' : 'none',
    theme_colors: row.themeColors,
    created_at: isoString(row.createdAt),
    requirement: circleRequirement(row),
    alt_text_required: row.altTextRequired,
  };
}
