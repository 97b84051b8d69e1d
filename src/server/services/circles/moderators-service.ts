import { and, asc, eq, sql } from 'drizzle-orm';
import type { ChannelModerator, RemovalReason } from '../../../lib/api-types.ts';
import type { Lang } from '../../../lib/i18n.ts';
import type { Db, Executor } from '../../db/client.ts';
import { circleMembers, circleRemovalReasons, circles, users } from '../../db/schema/index.ts';
import { detail, fieldErrors, say } from '../../platform/errors.ts';
import type { Notify } from '../notifications/index.ts';
import { MESSAGES, requireCircle } from './circles-service.ts';

/**
 * A channel's moderator team and its canned removal reasons. The owner appoints members of the channel as its
 * moderators and dismisses them; moderators review the channel's queue and act on it, and keep its removal reasons
 * with the owner. Settings, rules and appointments stay the owner's alone.
 */

export const MAX_CHANNEL_MODERATORS = 25;
export const MAX_REMOVAL_REASONS = 30;
export const REMOVAL_REASON_MAX = 300;

export const TEAM_MESSAGES = {
  unknownMember: say('errors.circles.unknownMember'),
  ownerIsNotModerator: say('errors.circles.ownerIsNotModerator'),
  onlyMembersModerate: say('errors.circles.onlyMembersModerate'),
  tooManyModerators: say('errors.circles.tooManyModerators', { max: MAX_CHANNEL_MODERATORS }),
  notAModerator: say('errors.circles.notAModerator'),
  moderatorsOnly: say('errors.circles.moderatorsOnly'),
  tooManyReasons: say('errors.circles.tooManyRemovalReasons', { max: MAX_REMOVAL_REASONS }),
  reasonNotFound: say('errors.circles.removalReasonNotFound'),
  reasonNotOfChannel: say('errors.moderation.removalReasonNotOfChannel'),
} as const;

/** Whether the member is one of the channel's appointed moderators (not its owner, not staff). */
export async function isChannelModerator(db: Executor, userId: number, circleId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(circleMembers)
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId), eq(circleMembers.role, 'moderator')))
    .limit(1);
  return rows.length > 0;
}

/**
 * The channel's moderators, earliest appointed first (by when they joined: an appointment keeps the join time). A
 * private channel's are shown to its members only, as its posts are: a moderator's handle would tell an outsider who
 * belongs to it.
 */
export async function listModerators(db: Db, viewerId: number | null, circleId: number): Promise<ChannelModerator[]> {
  const circle = await requireCircle(db, viewerId, { id: circleId });
  if (circle.channel_type !== 'public' && !circle.is_member) throw detail(404, MESSAGES.notFound);
  return db
    .select({ username: users.username })
    .from(circleMembers)
    .innerJoin(users, eq(users.id, circleMembers.userId))
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.role, 'moderator')))
    .orderBy(asc(circleMembers.joinedAt), asc(circleMembers.userId));
}

async function memberByHandle(db: Executor, username: string): Promise<{ id: number; username: string } | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, sql`${users.erasureRequestedAt} is null`))
    .limit(1);
  return row ?? null;
}

/**
 * The owner appoints a member of the channel (by handle) as a moderator: `created` false when they already were one.
 * The member is told. 400 naming `username` for an unknown handle, the owner, or someone not in the channel.
 */
export async function appointModerator(
  db: Db,
  ownerId: number,
  circleId: number,
  username: string,
  notify: Notify,
): Promise<{ created: boolean; moderator: ChannelModerator }> {
  const circle = await requireCircle(db, ownerId, { id: circleId });
  if (!circle.is_owner) throw detail(403, MESSAGES.ownerOnly);
  const member = await memberByHandle(db, username);
  if (!member) throw fieldErrors({ username: [TEAM_MESSAGES.unknownMember] });
  if (member.id === ownerId) throw fieldErrors({ username: [TEAM_MESSAGES.ownerIsNotModerator] });
  const created = await db.transaction(async (tx) => {
    // The channel's row locked: two tabs appointing the 26th moderator at once cannot make 26.
    await tx.select({ id: circles.id }).from(circles).where(eq(circles.id, circleId)).for('update');
    const [membership] = await tx
      .select({ role: circleMembers.role })
      .from(circleMembers)
      .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, member.id)))
      .limit(1);
    if (!membership) throw fieldErrors({ username: [TEAM_MESSAGES.onlyMembersModerate] });
    if (membership.role === 'moderator') return false;
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(circleMembers)
      .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.role, 'moderator')));
    if (count >= MAX_CHANNEL_MODERATORS) throw detail(400, TEAM_MESSAGES.tooManyModerators);
    await tx
      .update(circleMembers)
      .set({ role: 'moderator' })
      .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, member.id)));
    await notify(tx, [
      {
        userId: member.id,
        actorId: ownerId,
        kind: 'join_decision',
        circleId,
        message: { code: 'appointedModerator', params: { channel: circle.name } },
      },
    ]);
    return true;
  });
  return { created, moderator: { username: member.username } };
}

/**
 * The owner dismisses a moderator, or a moderator steps down: they stay a member of the channel. 404 for a handle that
 * is not one of its moderators; 403 for anyone else.
 */
export async function dismissModerator(db: Db, userId: number, circleId: number, username: string, notify: Notify): Promise<void> {
  const circle = await requireCircle(db, userId, { id: circleId });
  const member = await memberByHandle(db, username);
  const stepsDown = member?.id === userId;
  if (!circle.is_owner && !stepsDown) throw detail(403, MESSAGES.ownerOnly);
  const changed = member
    ? await db
        .update(circleMembers)
        .set({ role: 'member' })
        .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, member.id), eq(circleMembers.role, 'moderator')))
        .returning({ userId: circleMembers.userId })
    : [];
  if (changed.length === 0) throw detail(404, TEAM_MESSAGES.notAModerator);
  if (!stepsDown)
    await notify(db, [
      {
        userId: member!.id,
        actorId: userId,
        kind: 'join_decision',
        circleId,
        message: { code: 'dismissedModerator', params: { channel: circle.name } },
      },
    ]);
}

/** Whether the member may moderate the channel: its owner or one of its moderators (staff are checked by the caller). */
async function requireTeam(db: Db, userId: number, circleId: number): Promise<void> {
  const circle = await requireCircle(db, userId, { id: circleId });
  if (!circle.is_owner && !circle.is_moderator) throw detail(403, TEAM_MESSAGES.moderatorsOnly);
}

const reasonColumns = { id: circleRemovalReasons.id, text: circleRemovalReasons.text, language: circleRemovalReasons.language };

/** The channel's removal reasons, oldest first (its owner, its moderators and staff read them). */
export async function listRemovalReasons(db: Db, userId: number, circleId: number, isStaff: boolean): Promise<RemovalReason[]> {
  if (!isStaff) await requireTeam(db, userId, circleId);
  else await requireCircle(db, userId, { id: circleId });
  const rows = await db
    .select(reasonColumns)
    .from(circleRemovalReasons)
    .where(eq(circleRemovalReasons.circleId, circleId))
    .orderBy(asc(circleRemovalReasons.id));
  return rows.map((row) => ({ ...row, language: row.language as Lang }));
}

/** The owner or a moderator adds a removal reason in a language; at most MAX_REMOVAL_REASONS a channel. */
export async function addRemovalReason(
  db: Db,
  userId: number,
  circleId: number,
  input: { text: string; language: Lang },
): Promise<RemovalReason> {
  await requireTeam(db, userId, circleId);
  return db.transaction(async (tx) => {
    await tx.select({ id: circles.id }).from(circles).where(eq(circles.id, circleId)).for('update');
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(circleRemovalReasons)
      .where(eq(circleRemovalReasons.circleId, circleId));
    if (count >= MAX_REMOVAL_REASONS) throw detail(400, TEAM_MESSAGES.tooManyReasons);
    const [row] = await tx
      .insert(circleRemovalReasons)
      .values({ circleId, ...input })
      .returning(reasonColumns);
    return { ...row, language: row.language as Lang };
  });
}

/** The owner or a moderator removes a reason; decisions already taken keep their words. */
export async function deleteRemovalReason(db: Db, userId: number, circleId: number, reasonId: number): Promise<void> {
  await requireTeam(db, userId, circleId);
  const removed = await db
    .delete(circleRemovalReasons)
    .where(and(eq(circleRemovalReasons.id, reasonId), eq(circleRemovalReasons.circleId, circleId)))
    .returning({ id: circleRemovalReasons.id });
  if (removed.length === 0) throw detail(404, TEAM_MESSAGES.reasonNotFound);
}

/** A removal reason's text, if it is the channel's: a decision names it instead of typing a reason. */
export async function removalReasonText(db: Executor, circleId: number, reasonId: number): Promise<string> {
  const [row] = await db
    .select({ text: circleRemovalReasons.text, circleId: circleRemovalReasons.circleId })
    .from(circleRemovalReasons)
    .where(eq(circleRemovalReasons.id, reasonId))
    .limit(1);
  if (!row || row.circleId !== circleId) throw fieldErrors({ removal_reason_id: [TEAM_MESSAGES.reasonNotOfChannel] });
  return row.text;
}
