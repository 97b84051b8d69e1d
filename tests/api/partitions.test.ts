import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as schema from '../../src/server/db/schema/index.ts';
import { MONTH_PARTITIONED, monthPartitions } from '../../src/server/db/partitions.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { comment, createCircle, createUser, post, type TestUser } from '../helpers/fixtures.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let circleId: number;

const sqlRows = (text: string, values?: unknown[]) => t.app.ctx.database.executeSql(text, values).then((r) => r.rows);
/** Which partition holds a row: its table's name as PostgreSQL routes it. */
const partitionOf = async (table: string, where: string, values: unknown[]) =>
  (await sqlRows(`select tableoid::regclass::text as part from ${table} where ${where}`, values)).map((r) => r.part);
const monthSuffix = (at: Date) => `${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await createUser(t.app);
  bob = await createUser(t.app);
  circleId = (await createCircle(t.app, alice)).id;
});
afterAll(() => t.close());

describe('the month-partitioned tables', () => {
  it('are partitioned by range, with a default partition and this month and the next two made', async () => {
    const now = new Date();
    for (const { table, key } of MONTH_PARTITIONED) {
      const [info] = await sqlRows(
        `select p.partstrat as strategy, a.attname as key from pg_partitioned_table p
           join pg_attribute a on a.attrelid = p.partrelid and a.attnum = p.partattrs[0]
          where p.partrelid = $1::regclass`,
        [table],
      );
      expect(info).toEqual({ strategy: 'r', key });
      const names = (await monthPartitions(t.app.ctx.db, table)).map((p) => p.name);
      for (let i = 0; i <= 2; i++) {
        expect(names).toContain(`${table}_${monthSuffix(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1)))}`);
      }
      expect(await sqlRows(`select to_regclass($1)::text as name`, [`${table}_default`])).toEqual([{ name: `${table}_default` }]);
    }
  });

  it("keep a vote in its post's month and one vote per member per post, read back on the post", async () => {
    const postId = await post(t.app, alice, { id: circleId });
    const like = () => t.app.inject({ method: 'POST', url: `/api/posts/likes/?post_id=${postId}`, headers: bob.headers });
    expect((await like()).json()).toMatchObject({ liked: true, like_count: 1 });
    expect((await like()).json()).toMatchObject({ liked: true, like_count: 1 });
    expect(await partitionOf('post_reactions', 'post_id = $1', [postId])).toEqual([`post_reactions_${monthSuffix(new Date())}`]);
    // The primary key holds the post's creation time, which a post has one of: a second vote is refused by it.
    const [{ created }] = await sqlRows(`select created_at::text as created from posts where id = $1`, [postId]);
    await expect(
      sqlRows(`insert into post_reactions (post_id, user_id, kind, post_created_at) values ($1, $2, 'dislike', $3)`, [
        postId,
        bob.id,
        created,
      ]),
    ).rejects.toThrow(/duplicate key/);
    expect((await t.app.inject({ url: `/api/posts/${postId}/`, headers: bob.headers })).json()).toMatchObject({ liked: true });

    const commentId = await comment(t.app, alice, postId, 'A comment to upvote');
    const upvote = await t.app.inject({
      method: 'POST',
      url: `/api/posts/comments/upvotes/?comment_id=${commentId}`,
      headers: bob.headers,
    });
    expect(upvote.json()).toMatchObject({ upvoted: true, upvote_count: 1 });
    expect(await partitionOf('comment_upvotes', 'comment_id = $1', [commentId])).toEqual([`comment_upvotes_${monthSuffix(new Date())}`]);
  });

  it('catch a row of a month not made yet in the default partition, and move it when the month is made', async () => {
    const postId = await post(t.app, alice, { id: circleId });
    await t.app.inject({ method: 'POST', url: `/api/posts/likes/?post_id=${postId}`, headers: bob.headers });
    // An operator dates the post 14 months back: its vote follows it, into the default (no partition for that month).
    const old = new Date(Date.now() - 425 * 86_400_000);
    await t.app.ctx.db.update(schema.posts).set({ createdAt: old }).where(eq(schema.posts.id, postId));
    expect(await partitionOf('post_reactions', 'post_id = $1', [postId])).toEqual(['post_reactions_default']);
    expect((await t.app.inject({ url: `/api/posts/${postId}/`, headers: bob.headers })).json()).toMatchObject({
      liked: true,
      like_count: 1,
    });

    await sqlRows(`select ensure_month_partition('post_reactions', 'post_created_at', $1::timestamptz)`, [old.toISOString()]);
    expect(await partitionOf('post_reactions', 'post_id = $1', [postId])).toEqual([`post_reactions_${monthSuffix(old)}`]);
    expect((await t.app.inject({ url: `/api/posts/${postId}/`, headers: bob.headers })).json()).toMatchObject({
      liked: true,
      like_count: 1,
    });
    // Unliking still finds it there.
    const unlike = await t.app.inject({ method: 'DELETE', url: `/api/posts/likes/?post_id=${postId}`, headers: bob.headers });
    expect(unlike.json()).toMatchObject({ liked: false, like_count: 0 });
  });

  it('the scheduled job makes the months ahead; the purge drops a whole month of old notifications at once', async () => {
    const { retention } = t.app.ctx.services;
    await sqlRows(
      `drop table if exists notifications_${monthSuffix(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 2, 1)))}`,
    );
    const made = await retention.makePartitions();
    expect(made).toContain(
      `notifications_${monthSuffix(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 2, 1)))}`,
    );
    expect(await retention.makePartitions()).toEqual([]);

    // Eight months ago: a month of its own, older than NOTIFICATION_RETENTION_DAYS (180) in every row.
    const eightMonths = new Date(Date.now() - 245 * 86_400_000);
    await sqlRows(`select ensure_month_partition('notifications', 'created_at', $1::timestamptz)`, [eightMonths.toISOString()]);
    const oldMonth = `notifications_${monthSuffix(eightMonths)}`;
    for (const text of ['old one', 'old two'])
      await t.app.ctx.db.insert(schema.notifications).values({ userId: alice.id, kind: 'reply', text, createdAt: eightMonths });
    await t.app.ctx.db.insert(schema.notifications).values({ userId: alice.id, kind: 'reply', text: 'recent' });
    expect(await partitionOf('notifications', `user_id = $1 and text like 'old%'`, [alice.id])).toEqual([oldMonth, oldMonth]);

    const counts = await retention.purge();
    expect(counts.notificationMonths).toContain(oldMonth);
    expect(await sqlRows(`select to_regclass($1) as gone`, [oldMonth])).toEqual([{ gone: null }]);
    const left = await t.app.ctx.db.select().from(schema.notifications).where(eq(schema.notifications.userId, alice.id));
    expect(left.map((n) => n.text)).toContain('recent');
    expect(left.map((n) => n.text)).not.toContain('old one');
    // The member's list reads across the months left.
    const listed = await t.app.inject({ url: '/api/notifications/', headers: alice.headers });
    expect(listed.statusCode).toBe(200);
  });
});
