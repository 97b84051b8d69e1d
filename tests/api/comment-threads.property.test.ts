import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, posts } from '../../src/server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, post, type TestCircle, type TestUser } from '../helpers/fixtures.ts';

/**
 * Whatever happens to a thread (replies anywhere, deletes, deletions undone, holds and releases), every comment's
 * reply_count is the number of its descendants that are neither deleted nor held, and the post's comment_count the
 * number of visible comments that are not deleted. The counters are kept by triggers; this checks them against the rows themselves.
 */
let t: TestApp;
let author: TestUser;
let circle: TestCircle;

beforeAll(async () => {
  t = await buildTestApp();
  author = await createUser(t.app, 'writer', { createdAt: new Date(Date.now() - 30 * 86_400_000) });
  circle = await createCircle(t.app, author);
});
afterAll(() => t.close());

type Step = { op: 'reply'; parent: number } | { op: 'delete' | 'undelete' | 'hold' | 'release'; target: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.nat(1000).map((parent) => ({ op: 'reply' as const, parent })) },
  { weight: 2, arbitrary: fc.nat(1000).map((target) => ({ op: 'delete' as const, target })) },
  { weight: 1, arbitrary: fc.nat(1000).map((target) => ({ op: 'undelete' as const, target })) },
  { weight: 1, arbitrary: fc.nat(1000).map((target) => ({ op: 'hold' as const, target })) },
  { weight: 1, arbitrary: fc.nat(1000).map((target) => ({ op: 'release' as const, target })) },
);

describe('reply counts', () => {
  it('always equal the replies below each comment, and comment_count the comments left', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const postId = await post(t.app, author, circle, 'Property thread');
        const created: number[] = [];
        for (const s of steps) {
          if (s.op === 'reply') {
            // Index 0 of the choice is a new top-level comment; otherwise a reply to an existing comment.
            const pick = s.parent % (created.length + 1);
            const parentId = pick === 0 ? null : created[pick - 1];
            const [row] = await t.app.ctx.db
              .insert(comments)
              .values({ postId, authorId: author.id, parentId, body: 'x' })
              .returning({ id: comments.id });
            created.push(row.id);
          } else if (created.length > 0) {
            const target = created[s.target % created.length];
            const change =
              s.op === 'delete' || s.op === 'undelete'
                ? { deletedAt: s.op === 'delete' ? new Date() : null }
                : { moderationStatus: s.op === 'hold' ? ('held' as const) : ('visible' as const) };
            await t.app.ctx.db.update(comments).set(change).where(eq(comments.id, target));
          }
        }
        const rows = await t.app.ctx.db
          .select({
            id: comments.id,
            parentId: comments.parentId,
            replyCount: comments.replyCount,
            deletedAt: comments.deletedAt,
            status: comments.moderationStatus,
          })
          .from(comments)
          .where(eq(comments.postId, postId));
        const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
        const expected = new Map(rows.map((r) => [r.id, 0]));
        for (const row of rows) {
          if (row.deletedAt || row.status === 'held') continue;
          for (let up = row.parentId; up !== null; up = parentOf.get(up) ?? null) expected.set(up, expected.get(up)! + 1);
        }
        for (const row of rows) expect(row.replyCount, `comment ${row.id}`).toBe(expected.get(row.id));
        const [{ count }] = await t.app.ctx.db.select({ count: posts.commentCount }).from(posts).where(eq(posts.id, postId));
        expect(count).toBe(rows.filter((r) => !r.deletedAt && r.status === 'visible').length);
      }),
      { numRuns: 40 },
    );
  });
});
