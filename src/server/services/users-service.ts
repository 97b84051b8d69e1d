import { and, eq, sql } from 'drizzle-orm';
import { NOTICE_VERSION } from '../../lib/privacy-notice.ts';
import type { Db } from '../db/client.ts';
import { consents, users } from '../db/schema.ts';
import { randomIdentity, type IdentityClass } from './identity-service.ts';

export type UserRow = typeof users.$inferSelect;

/** Handles are random; a clash is rare (16 colours x 24 animals x 9000 numbers) and simply retried. */
const HANDLE_ATTEMPTS = 20;

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/**
 * The account a signed-in call acts as, with whether it agreed to the current privacy notice: one query on every
 * signed-in call (the consent gate reads `consented`).
 */
export async function findSignedInUser(db: Db, id: number) {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      createdAt: users.createdAt,
      erasureRequestedAt: users.erasureRequestedAt,
      consented: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(consents)
        .where(and(eq(consents.userId, users.id), eq(consents.noticeVersion, NOTICE_VERSION), eq(consents.adult, true)))})`,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
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
