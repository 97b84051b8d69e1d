import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ChannelType, Paged, ProfileCircle, ProfileResponse } from '../../lib/api-types.ts';
import type { Db } from '../db/client.ts';
import { circleMembers, circles, users } from '../db/schema.ts';
import { notFound } from '../http-errors.ts';
import { paginate } from '../pagination.ts';
import { listPosts } from './posts-service.ts';
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

/** The circles a person belongs to, most recently joined first, paged by `channels_page`. */
async function listMemberships(db: Db, userId: number, request: FastifyRequest): Promise<Paged<ProfileCircle>> {
  const mine = eq(circleMembers.userId, userId);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(circleMembers).where(mine);
  return paginate(request, {
    param: 'channels_page',
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
  });
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

/** The spec's profile: who the person is shown as, what they proved, their circles (`channels_page`) and posts (`posts_page`). */
export async function getProfile(db: Db, userId: number, request: FastifyRequest, proofsOf: ProofsOf): Promise<ProfileResponse> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User not found.');
  const [proofs, circlesPage, postsPage] = await Promise.all([
    proofsOf(user),
    listMemberships(db, userId, request),
    listPosts(db, { viewerId: userId, authorId: userId }, request, 'posts_page'),
  ]);
  return { ...toProfile(user, proofs), circles: circlesPage, posts: postsPage };
}
