import { sql, type SQL } from 'drizzle-orm';
import { qualified as q } from '../db/qualified.ts';
import { circleMembers, circles } from '../db/schema.ts';

/**
 * The one rule for reading circle content: public circles are open to everyone,
 * private ones only to members. Use it in every query that returns posts, comments or search hits.
 */
export function circleVisibleTo(viewerId: number | null): SQL {
  if (viewerId === null) return sql`${q(circles.channelType)} = 'public'`;
  return sql`(${q(circles.channelType)} = 'public' or exists (select 1 from ${circleMembers} where ${q(circleMembers.circleId)} = ${q(circles.id)} and ${q(circleMembers.userId)} = ${viewerId}))`;
}
