import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ChannelType, Post, ProfileCircle, ProfileResponse } from '../../lib/api-types.ts';
import type { Db } from '../db/client.ts';
import { circleMembers, circles, users } from '../db/schema.ts';
import { notFound } from '../http-errors.ts';
import type { PageSource } from '../pagination.ts';
import { identityChips } from './identity-service.ts';
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

/** The circles a person belongs to, most recently joined first. */
async function listMemberships(db: Db, userId: number): Promise<PageSource<ProfileCircle>> {
  const mine = eq(circleMembers.userId, userId);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(circleMembers).where(mine);
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

function toProfile(user: UserRow): Omit<ProfileResponse, 'circles' | 'posts'> {
  return {
    profile: { id: user.id, username: user.username, profile_image: user.profileImage, is_aadhaar_verified: user.isAadhaarVerified },
    color: user.color,
    animal: user.animal,
    identity: identityChips(user.identityClass, user.isAadhaarVerified),
    // Every account exists because its address was verified by a code.
    is_verified: true,
  };
}

export type Profile = Omit<ProfileResponse, 'circles' | 'posts'> & { circles: PageSource<ProfileCircle>; posts: PageSource<Post> };

/** The spec's profile: who the person is shown as, their circles and their posts. */
export async function getProfile(db: Db, userId: number): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User not found.');
  const [circles, posts] = await Promise.all([listMemberships(db, userId), listPosts(db, { viewerId: userId, authorId: userId })]);
  return { ...toProfile(user), circles, posts };
}
