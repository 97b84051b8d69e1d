import { bindTo } from '../../db/bind.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userBlocks, users } from '../../db/schema/index.ts';
import { detail, fieldErrors, notFound, say } from '../../platform/errors.ts';

/**
 * A member's own protections: blocking another member (their posts and comments disappear for the blocker, and
 * they may not comment on the blocker's posts) and muting words (matching posts collapse in the blocker's app).
 */

export const MESSAGES = {
  userNotFound: say('errors.memberSafety.userNotFound'),
  notBlocked: say('errors.memberSafety.notBlocked'),
  cannotBlockSelf: say('errors.memberSafety.cannotBlockSelf'),
};

export const MAX_MUTED_WORDS = 100;
export const MAX_MUTED_WORD_LENGTH = 50;

export type Block = { username: string; color: string; blocked_at: string };

async function findUserIdByName(db: Db, username: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return row?.id ?? null;
}

/** Blocks a member by handle; `created` is false when they were already blocked (nothing changes). */
export async function blockMember(db: Db, blockerId: number, username: string): Promise<{ block: Block; created: boolean }> {
  const blockedId = await findUserIdByName(db, username);
  if (blockedId === null) throw fieldErrors({ username: [MESSAGES.userNotFound] });
  if (blockedId === blockerId) throw fieldErrors({ username: [MESSAGES.cannotBlockSelf] });
  const inserted = await db
    .insert(userBlocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ blockedId: userBlocks.blockedId });
  const [block] = await selectBlocks(db, blockerId).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  return { block: toBlock(block), created: inserted.length > 0 };
}

export async function unblockMember(db: Db, blockerId: number, username: string): Promise<void> {
  const blockedId = await findUserIdByName(db, username);
  if (blockedId === null) throw notFound(MESSAGES.userNotFound);
  const removed = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .returning({ blockedId: userBlocks.blockedId });
  if (removed.length === 0) throw detail(404, MESSAGES.notBlocked);
}

const selectBlocks = (db: Db, blockerId: number) =>
  db
    .select({ username: users.username, color: users.color, blockedAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .$dynamic();

function toBlock(row: { username: string; color: string; blockedAt: Date }): Block {
  return { username: row.username, color: row.color, blocked_at: row.blockedAt.toISOString() };
}

/** The members someone blocked, most recent first: their count and how to load a page. */
export async function listBlocks(db: Db, blockerId: number) {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, blockerId));
  return {
    count,
    load: async (limit: number, offset: number) => {
      const rows = await selectBlocks(db, blockerId)
        .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
        .limit(limit)
        .offset(offset);
      return rows.map(toBlock);
    },
  };
}

export async function getMutedWords(db: Db, userId: number): Promise<string[]> {
  const [row] = await db.select({ words: users.mutedWords }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.words ?? [];
}

/**
 * Muted words as one cleaned list: trimmed, lower case, each once, in the order given. Matching is by whole word or
 * phrase in the app, so "upi" mutes "UPI" but not "upil".
 */
export function cleanMutedWords(words: string[]): string[] {
  const seen = new Set<string>();
  for (const word of words) {
    const clean = word.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
    if (clean) seen.add(clean);
  }
  return [...seen];
}

export async function setMutedWords(db: Db, userId: number, words: string[]): Promise<string[]> {
  const clean = cleanMutedWords(words);
  await db.update(users).set({ mutedWords: clean }).where(eq(users.id, userId));
  return clean;
}

/** Blocks and muted words. */
export const createMemberSafetyService = ({ db }: { db: Db }) =>
  bindTo(db, { block: blockMember, unblock: unblockMember, listBlocks, getMutedWords, setMutedWords });
