import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { randomIdentity, type IdentityClass } from './identity-service.ts';

export type UserRow = typeof users.$inferSelect;

/** Handles are random; a clash is rare (16 colours x 24 animals x 9000 numbers) and simply retried. */
const HANDLE_ATTEMPTS = 20;

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

async function findUserByEmailHash(db: Db, hash: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.emailHash, hash)).limit(1);
  return user;
}

/**
 * The account behind a verified address, created on first sign-in with a fresh anonymous identity.
 * `created` is true exactly when this call made the account. Safe under concurrency: the insert
 * skips on any unique clash, then either the account exists (someone else made it) or the handle clashed.
 */
export async function findOrCreateUser(
  db: Db,
  account: { emailHash: string; identityClass: IdentityClass },
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmailHash(db, account.emailHash);
  if (existing) return { user: existing, created: false };
  for (let attempt = 0; attempt < HANDLE_ATTEMPTS; attempt++) {
    const [created] = await db
      .insert(users)
      .values({ emailHash: account.emailHash, identityClass: account.identityClass, ...randomIdentity() })
      .onConflictDoNothing()
      .returning();
    if (created) return { user: created, created: true };
    const raced = await findUserByEmailHash(db, account.emailHash);
    if (raced) return { user: raced, created: false };
  }
  throw new Error('could not find a free anonymous handle');
}
