import { bindTo } from '../../db/bind.ts';
import { and, asc, eq } from 'drizzle-orm';
import type { Circle, Decision, JoinRequest, JoinRequestStatus } from '../../../lib/api-types.ts';
import type { Db } from '../../db/client.ts';
import { circles, joinRequests, users } from '../../db/schema/index.ts';
import { detail, say } from '../../platform/errors.ts';
import { isoString } from './circle-mapper.ts';
import { addMember } from './circles-service.ts';
import type { Notify } from '../notifications/index.ts';

/** Requests to join private circles, reviewed by the circle's owner only. */

export const REQUEST_MESSAGES = {
  ownerOnly: say('errors.joinRequests.ownerOnly'),
  notFound: say('errors.joinRequests.notFound'),
  decided: say('errors.joinRequests.decided'),
} as const;

/** The request status each decision leaves behind. */
const DECIDED: Record<Decision, JoinRequestStatus> = { approve: 'approved', reject: 'rejected' };

type RequestRow = { id: number; circleId: number; username: string; status: string; createdAt: Date | string };

/** The requester is shown only by their anonymous handle. */
const toJoinRequest = (row: RequestRow): JoinRequest => ({
  id: row.id,
  circle_id: row.circleId,
  user: row.username,
  status: row.status as JoinRequest['status'],
  created_at: isoString(row.createdAt),
});

const requestColumns = {
  id: joinRequests.id,
  circleId: joinRequests.circleId,
  username: users.username,
  status: joinRequests.status,
  createdAt: joinRequests.createdAt,
};

export function assertOwner(circle: Pick<Circle, 'is_owner'>): void {
  if (!circle.is_owner) throw detail(403, REQUEST_MESSAGES.ownerOnly);
}

const pending = (circleId: number) => and(eq(joinRequests.circleId, circleId), eq(joinRequests.status, 'pending'));

export async function countPendingRequests(db: Db, circleId: number): Promise<number> {
  return db.$count(joinRequests, pending(circleId));
}

/** Pending requests, oldest first, so nobody waits behind later askers. */
export async function listPendingRequests(db: Db, circleId: number, limit: number, offset: number): Promise<JoinRequest[]> {
  const rows = await db
    .select(requestColumns)
    .from(joinRequests)
    .innerJoin(users, eq(users.id, joinRequests.userId))
    .where(pending(circleId))
    .orderBy(asc(joinRequests.createdAt), asc(joinRequests.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toJoinRequest);
}

/**
 * Approves (adding the member) or rejects a pending request. Only a still-pending row is updated,
 * so two owners' tabs deciding at once cannot both win.
 */
export async function decideRequest(
  db: Db,
  reviewerId: number,
  requestId: number,
  decision: Decision,
  notify: Notify,
): Promise<JoinRequest> {
  const [found] = await db
    .select({ userId: joinRequests.userId, circleId: joinRequests.circleId, ownerId: circles.ownerId, circleName: circles.name })
    .from(joinRequests)
    .innerJoin(circles, eq(circles.id, joinRequests.circleId))
    .where(eq(joinRequests.id, requestId))
    .limit(1);
  if (!found) throw detail(404, REQUEST_MESSAGES.notFound);
  if (found.ownerId !== reviewerId) throw detail(403, REQUEST_MESSAGES.ownerOnly);

  await db.transaction(async (tx) => {
    const updated = await tx
      .update(joinRequests)
      .set({ status: DECIDED[decision], decidedAt: new Date() })
      .where(and(eq(joinRequests.id, requestId), eq(joinRequests.status, 'pending')))
      .returning({ id: joinRequests.id });
    if (updated.length === 0) throw detail(400, REQUEST_MESSAGES.decided);
    if (decision === 'approve') await addMember(tx, found.circleId, found.userId);
    await notify(tx, [
      {
        userId: found.userId,
        kind: 'join_decision',
        actorId: reviewerId,
        circleId: found.circleId,
        message: { code: decision === 'approve' ? 'joinApproved' : 'joinDeclined', params: { channel: found.circleName } },
      },
    ]);
  });

  const [row] = await db
    .select(requestColumns)
    .from(joinRequests)
    .innerJoin(users, eq(users.id, joinRequests.userId))
    .where(eq(joinRequests.id, requestId));
  return toJoinRequest(row);
}

/** The owner's queue of requests to join a private channel. */
export const createJoinRequestsService = ({ db, notify }: { db: Db; notify: Notify }) =>
  bindTo(db, {
    countPending: countPendingRequests,
    listPending: listPendingRequests,
    decide: (db: Db, reviewerId: number, requestId: number, decision: Decision) =>
      decideRequest(db, reviewerId, requestId, decision, notify),
  });
