import { bindTo } from '../../db/bind.ts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ChannelType, IdentityChip, Post, ProfileCard, ProfileCircle, ProfileResponse } from '../../../lib/api-types.ts';
import type { Db } from '../../db/client.ts';
import { circleMembers, circles, users } from '../../db/schema/index.ts';
import { notFound, say } from '../../platform/errors.ts';
import type { KeysetPageSource, PageSource } from '../../db/keyset.ts';
import { listPosts } from '../posts/index.ts';
import { findUserById, type UserRow } from './users-service.ts';

/** Marks the profile as created; true only the first time (the client may POST it again). */
export async function createProfile(db: Db, userId: number): Promise<boolean> {
  const marked = await db
    .update(users)
    .set({ profileCreatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.profileCreatedAt)))
    .returning({ id: users.id });
  return marked.length > 0;
}

/** The circles a person belongs to, most recently joined first. */
async function listMemberships(db: Db, userId: number): Promise<PageSource<ProfileCircle>> {
  const mine = eq(circleMembers.userId, userId);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(circleMembers)
    .where(mine);
  return {
    count,
    load: async (limit, offset) => {
      const rows = await db
        .select({
          circleId: circleMembers.circleId,
          circleName: circles.name,
          channelType: circles.channelType,
          role: circleMembers.role,
          joinedAt: circleMembers.joinedAt,
        })
        .from(circleMembers)
        .innerJoin(circles, eq(circles.id, circleMembers.circleId))
        .where(mine)
        .orderBy(desc(circleMembers.joinedAt), desc(circleMembers.circleId))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({
        circle_id: row.circleId,
        circle_name: row.circleName,
        channel_type: row.channelType as ChannelType,
        role: row.role === 'owner' ? 'owner' : 'member',
        joined_at: row.joinedAt.toISOString(),
      }));
    },
  };
}

/** What an account has proven, as the profile shows it: its verifications, the chips that follow them and the badge. */
export type ProofsOf = (user: UserRow) => Promise<Pick<ProfileResponse, 'verifications' | 'identity' | 'is_verified'>>;

function toProfile(user: UserRow, proofs: Awaited<ReturnType<ProofsOf>>): Omit<ProfileResponse, 'circles' | 'posts'> {
  return {
    profile: { id: user.id, username: user.username, profile_image: user.profileImage, is_aadhaar_verified: user.isAadhaarVerified },
    color: user.color,
    animal: user.animal,
    identity: proofs.identity,
    verifications: proofs.verifications,
    is_verified: proofs.is_verified,
  };
}

export type Profile = Omit<ProfileResponse, 'circles' | 'posts'> & { circles: PageSource<ProfileCircle>; posts: PageSource<Post> };

/** The spec's profile: who the person is shown as, their circles and their posts. */
export async function getProfile(db: Db, userId: number, proofsOf: ProofsOf): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound(say('errors.users.notFound'));
  const [proofs, circles, posts] = await Promise.all([
    proofsOf(user),
    listMemberships(db, userId),
    listPosts(db, { viewerId: userId, authorId: userId }),
  ]);
  return { ...toProfile(user, proofs), circles, posts };
}

/** A member's public card by handle (what an @mention links to); 404 'User not found.' for an unknown handle. */
export async function getProfileCard(db: Db, username: string, proofsOf: ProofsOf): Promise<ProfileCard> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  const user = row ? await findUserById(db, row.id) : null;
  if (!user) throw notFound(say('errors.users.notFound'));
  const proofs = await proofsOf(user);
  return {
    username: user.username,
    color: user.color,
    animal: user.animal,
    identity: proofs.identity,
    member_since: user.createdAt.toISOString(),
  };
}

/** Handles asked for at once by a screen that shows chips beside them (a feed page, a thread). */
export const MAX_CHIP_HANDLES = 50;

/**
 * The identity chips of several members by handle, for the chips shown beside every handle: the same chips (and the
 * same k-anonymity rule) as each one's card. Unknown handles are left out.
 */
export async function chipsByHandle(db: Db, handles: string[], proofsOf: ProofsOf): Promise<Record<string, IdentityChip[]>> {
  const wanted = [...new Set(handles)].slice(0, MAX_CHIP_HANDLES);
  if (wanted.length === 0) return {};
  // The accounts in one statement (not one lookup per handle); each one's proofs as its card reads them.
  const found = await db.select().from(users).where(inArray(users.username, wanted));
  const entries = await Promise.all(found.map(async (user) => [user.username, (await proofsOf(user)).identity] as const));
  return Object.fromEntries(entries);
}

/** A member's public posts, newest first, keyset paged, as the viewer may see them (the card's list). */
export async function listMemberPosts(db: Db, viewerId: number | null, username: string): Promise<KeysetPageSource<Post>> {
  const [row] = await db
    .select({ id: users.id, erasing: users.erasureRequestedAt })
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  if (!row || row.erasing) throw notFound(say('errors.users.notFound'));
  return listPosts(db, { viewerId, authorId: row.id, publicOnly: true });
}

/** A member's profile, card, chips and posts. */
export const createProfileService = ({ db }: { db: Db }) =>
  bindTo(db, { create: createProfile, get: getProfile, card: getProfileCard, chips: chipsByHandle, memberPosts: listMemberPosts });
