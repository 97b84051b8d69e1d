import { sql } from 'drizzle-orm';
import type { SiteFigures } from '../../../lib/api-types.ts';
import { executeRows, type Db } from '../../db/client.ts';

/**
 * The landing page's figures, computed from the database rather than printed: verified members and their share,
 * channels, institutions named on a chip, how long a report waits for a moderator's decision, and scams stopped.
 * A figure that would be zero or would mislead on a small install is left out (null), and the page shows only the
 * rest. Computed at most once an hour per instance: each is an aggregate over a whole table.
 */
export const FIGURES_TTL_MS = 60 * 60 * 1000;
/** Below these, a figure says more about a new install than about the product, so it is not shown. */
export const SHOW_AT_LEAST = { members: 20, channels: 3, institutions: 1, decisions: 5 } as const;

type Row = {
  members: number;
  verified: number;
  channels: number;
  institutions: number;
  decisions: number;
  median_minutes: number | null;
  scams: number;
};

export async function computeFigures(db: Db, institutionChipMinMembers: number): Promise<SiteFigures> {
  const [row] = await executeRows<Row>(
    db,
    sql`select
      (select count(*)::int from users where profile_created_at is not null and erasure_requested_at is null) as members,
      (select count(distinct v.user_id)::int from verifications v join users u on u.id = v.user_id where u.erasure_requested_at is null) as verified,
      (select count(*)::int from circles) as channels,
      (select count(*)::int from institution_members where members_count >= ${institutionChipMinMembers}) as institutions,
      (select count(*)::int from moderation_cases where closed_at > now() - interval '30 days') as decisions,
      (select (percentile_cont(0.5) within group (order by extract(epoch from closed_at - opened_at)) / 60)::float8
         from moderation_cases where closed_at > now() - interval '30 days') as median_minutes,
      ((select count(*)::int from posts where scam_verdict = 'held' and created_at > now() - interval '30 days')
        + (select count(*)::int from comments where scam_verdict = 'held' and created_at > now() - interval '30 days')) as scams`,
  );
  const members = Number(row.members);
  const verified = Number(row.verified);
  return {
    verified_members: members >= SHOW_AT_LEAST.members && verified > 0 ? verified : null,
    verified_share: members >= SHOW_AT_LEAST.members && verified > 0 ? Math.round((verified / members) * 100) : null,
    channels: Number(row.channels) >= SHOW_AT_LEAST.channels ? Number(row.channels) : null,
    institutions: Number(row.institutions) >= SHOW_AT_LEAST.institutions ? Number(row.institutions) : null,
    median_decision_minutes:
      Number(row.decisions) >= SHOW_AT_LEAST.decisions && row.median_minutes !== null
        ? Math.max(1, Math.round(Number(row.median_minutes)))
        : null,
    scams_stopped_30d: Number(row.scams) > 0 ? Number(row.scams) : null,
  };
}

/** The figures, recomputed when an hour has passed since the last time (`now` for tests). */
export function createSiteFigures(db: Db, institutionChipMinMembers: number, now: () => number = Date.now) {
  let cached: { at: number; figures: Promise<SiteFigures> } | null = null;
  return async (): Promise<SiteFigures> => {
    if (!cached || now() - cached.at >= FIGURES_TTL_MS) {
      const figures = computeFigures(db, institutionChipMinMembers);
      cached = { at: now(), figures };
      // A failed computation is not kept: the next call tries again.
      figures.catch(() => (cached = null));
    }
    return cached.figures;
  };
}
