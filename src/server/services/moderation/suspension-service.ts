import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { SUSPENSION_DURATIONS, type SuspensionDuration } from '../../../lib/moderation-rules.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { circles, suspensions } from '../../db/schema/index.ts';
import { HttpError } from '../../platform/errors.ts';

const DAY = 86_400_000;

/** '29 November 2026 at 7:35 pm IST': a suspension's end as a member in India reads it. */
export function endInWords(endsAt: Date): string {
  const date = endsAt.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
  const time = endsAt.toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Asia/Kolkata' });
  return `${date} at ${time.replace(/\s?(am|pm)$/i, (m) => ` ${m.trim().toLowerCase()}`)} IST`;
}

export type ActiveSuspension = { circleId: number | null; circleName: string | null; endsAt: Date | null };

/** The 403 a suspended member's write gets: when it ends, in words, and as a time a client can show. */
export function suspendedError(suspension: ActiveSuspension): HttpError {
  const where = suspension.circleName ? `You are suspended from b/${suspension.circleName}` : 'Your account is suspended';
  const until = suspension.endsAt ? ` until ${endInWords(suspension.endsAt)}` : ' permanently';
  return new HttpError(403, {
    detail: `${where}${until}.`,
    code: 'suspended',
    suspended_until: suspension.endsAt ? suspension.endsAt.toISOString() : null,
  });
}

export type SuspensionDeps = { db: Db; clock: Clock };

export function createSuspensionService({ db, clock }: SuspensionDeps) {
  /** The suspension that stops this member writing here: a site-wide one first, then the channel's; the latest-ending wins. */
  async function active(userId: number, circleId: number | null): Promise<ActiveSuspension | null> {
    const now = clock.now();
    const [row] = await db
      .select({ circleId: suspensions.circleId, circleName: circles.name, endsAt: suspensions.endsAt })
      .from(suspensions)
      .leftJoin(circles, eq(circles.id, suspensions.circleId))
      .where(
        and(
          eq(suspensions.userId, userId),
          circleId === null ? isNull(suspensions.circleId) : or(isNull(suspensions.circleId), eq(suspensions.circleId, circleId)),
          or(isNull(suspensions.endsAt), gt(suspensions.endsAt, now)),
        ),
      )
      .orderBy(sql`${suspensions.circleId} is not null`, sql`${suspensions.endsAt} desc nulls first`)
      .limit(1);
    return row ?? null;
  }

  return {
    active,

    /** Refuses a write with the suspended member's 403. */
    refuse(suspension: ActiveSuspension): never {
      throw suspendedError(suspension);
    },

    /** Throws the suspended member's 403 when they may not write (anywhere, or in this channel). */
    async assertMayWrite(userId: number, circleId: number | null = null): Promise<void> {
      const suspension = await active(userId, circleId);
      if (suspension) throw suspendedError(suspension);
    },

    /** Suspends a member for a while or for good, everywhere (circle null) or in one channel; returns the end (null: permanent). */
    async suspend(input: { userId: number; circleId: number | null; duration: SuspensionDuration; reason: string }): Promise<Date | null> {
      const now = clock.now();
      const { days } = SUSPENSION_DURATIONS[input.duration];
      const endsAt = days === null ? null : new Date(now.getTime() + days * DAY);
      await db.insert(suspensions).values({ userId: input.userId, circleId: input.circleId, endsAt, reason: input.reason, createdAt: now });
      return endsAt;
    },

    /** How many times the member was suspended, and the end of the site-wide suspension in force, for the review queue. */
    async summary(userId: number) {
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(suspensions)
        .where(eq(suspensions.userId, userId));
      const current = await active(userId, null);
      const [latest] = await db
        .select({ endsAt: suspensions.endsAt })
        .from(suspensions)
        .where(eq(suspensions.userId, userId))
        .orderBy(desc(suspensions.createdAt))
        .limit(1);
      return { count, suspendedSiteWide: current !== null, latestEndsAt: latest?.endsAt ?? null };
    },
  };
}

export type SuspensionService = ReturnType<typeof createSuspensionService>;
