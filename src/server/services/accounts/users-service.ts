import { bindTo } from '../../db/bind.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consents, users } from '../../db/schema/index.ts';
import { prepared } from '../../db/prepared.ts';
import { randomIdentity, type IdentityClass } from './identity-service.ts';
import { tokenStandingColumns } from './tokens-service.ts';

export type UserRow = typeof users.$inferSelect;

/** Handles are random; a clash is rare (16 colours x 24 animals x 9000 numbers) and simply retried. */
const HANDLE_ATTEMPTS = 20;

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** The token a signed-in call came with: its own id and its session's (see tokens-service). */
export type TokenIds = { jti: string; sid: string };

/**
 * The account a signed-in call acts as, with whether it agreed to the current privacy notice (the consent gate reads
 * `consented`) and the token's standing (blacklisted, or its session revoked): one prepared statement on every
 * signed-in call. It answers one row even for an unknown account, so a refused token reads as refused first.
 */
export async function findSignedInUser(db: Db, id: number, token: TokenIds, noticeVersion: number) {
  const statement = prepared(db, 'signed_in_user', () =>
    db
      .select({
        id: users.id,
        username: users.username,
        createdAt: users.createdAt,
        erasureRequestedAt: users.erasureRequestedAt,
        consentWithdrawnAt: users.consentWithdrawnAt,
        readingLanguages: users.readingLanguages,
        consented: sql<boolean>`exists (${db
          .select({ one: sql`1` })
          .from(consents)
          .where(
            and(eq(consents.userId, users.id), eq(consents.noticeVersion, sql.placeholder('notice')), eq(consents.adult, true)),
          )}) and ${users.consentWithdrawnAt} is null`,
        ...tokenStandingColumns(sql.placeholder('jti'), sql.placeholder('sid')),
      })
      .from(sql`(select 1) as one`)
      .leftJoin(users, eq(users.id, sql.placeholder('id'))),
  );
  const [row] = await statement.execute({ id, jti: token.jti, sid: token.sid, notice: String(noticeVersion) });
  const refused = Boolean(row.blacklisted) || Boolean(row.revoked);
  const user =
    row.id === null
      ? undefined
      : { ...row, id: row.id, username: row.username!, createdAt: row.createdAt!, consented: Boolean(row.consented) };
  return { refused, user };
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
  account: { emailHash: string; formerHash?: string | null; identityClass: IdentityClass },
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmailHash(db, account.emailHash);
  if (existing) return { user: existing, created: false };
  // An account stored under the address's former key (before one mailbox had one spelling) moves to the new key now.
  if (account.formerHash) {
    const [moved] = await db.update(users).set({ emailHash: account.emailHash }).where(eq(users.emailHash, account.formerHash)).returning();
    if (moved) return { user: moved, created: false };
  }
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

/** The accounts' lookups, as routes and plugins call them. */
export const createUsersService = ({ db, noticeVersion }: { db: Db; noticeVersion: number }) => ({
  ...bindTo(db, { findById: findUserById, findOrCreate: findOrCreateUser }),
  /** The account behind a token, with whether it agreed to the current notice (`noticeVersion`). */
  findSignedIn: (id: number, token: TokenIds) => findSignedInUser(db, id, token, noticeVersion),
});
