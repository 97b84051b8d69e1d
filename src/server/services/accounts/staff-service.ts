import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffRoles, users } from '../../db/schema/index.ts';

/**
 * Staff roles. There are no passwords or stored addresses to build a staff sign-in on, so roles are granted
 * to an existing handle from the server's command line and checked on every staff request.
 */

export const STAFF_ROLES = ['moderator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** An admin may do everything a moderator may. */
const RANK: Record<StaffRole, number> = { moderator: 1, admin: 2 };

export const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

/** True when `held` is at least `needed`. */
export const roleCovers = (held: StaffRole, needed: StaffRole) => RANK[held] >= RANK[needed];

/** A staff command that cannot be carried out, in words for the person at the terminal. */
export class StaffCommandError extends Error {}

export type StaffMember = { username: string; role: StaffRole; grantedAt: Date };

export async function staffRoleOf(db: Db, userId: number): Promise<StaffRole | null> {
  const [row] = await db.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.userId, userId)).limit(1);
  return row && isStaffRole(row.role) ? row.role : null;
}

async function userIdByHandle(db: Db, username: string): Promise<number> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  if (!user) throw new StaffCommandError(`No account has the handle "${username}".`);
  return user.id;
}

/** Gives a handle a role (replacing the one it held). */
export async function grantRole(db: Db, username: string, role: StaffRole, now = new Date()): Promise<StaffMember> {
  const userId = await userIdByHandle(db, username);
  await db
    .insert(staffRoles)
    .values({ userId, role, grantedAt: now })
    .onConflictDoUpdate({ target: staffRoles.userId, set: { role, grantedAt: now } });
  return { username, role, grantedAt: now };
}

/** Takes a handle's staff role away; false when it held none. */
export async function revokeRole(db: Db, username: string): Promise<boolean> {
  const userId = await userIdByHandle(db, username);
  const removed = await db.delete(staffRoles).where(eq(staffRoles.userId, userId)).returning({ userId: staffRoles.userId });
  return removed.length > 0;
}

/** Every staff member, admins first, then by handle (staff are few: a short list, not a paged one). */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({ username: users.username, role: staffRoles.role, grantedAt: staffRoles.grantedAt })
    .from(staffRoles)
    .innerJoin(users, eq(users.id, staffRoles.userId))
    .orderBy(asc(staffRoles.role), asc(users.username));
  return rows.filter((row): row is StaffMember => isStaffRole(row.role));
}
