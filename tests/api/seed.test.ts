import { sql } from 'drizzle-orm';
import { executeRows } from '../../src/server/db/client.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Circle } from '../../src/lib/api-types.ts';
import { circles } from '../../src/server/db/schema/index.ts';
import { seedDemoData } from '../../src/server/services/site/seed/demo-seed.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser } from '../helpers/fixtures.ts';

let seeded: TestApp;

// Seeded at start-up as SEED_DEMO does; the tests that empty a database again build their own, so every
// test sees the seed whatever ran before it.
beforeAll(async () => {
  seeded = await buildTestApp({ seedDemo: true });
});
afterAll(() => seeded.close());

/** A seeded app of a test's own, closed when the test ends. */
const seededApp = async () => {
  const app = await buildTestApp({ seedDemo: true });
  return Object.assign(app, { [Symbol.asyncDispose]: () => app.close() });
};

const rows = async <T>(app: FastifyInstance, query: ReturnType<typeof sql>) => executeRows<T>(app.ctx.db, query);
const scalar = async (app: FastifyInstance, query: ReturnType<typeof sql>) =>
  Number(Object.values((await rows<Record<string, unknown>>(app, query))[0])[0]);

async function tableCounts(app: FastifyInstance) {
  const out: Record<string, number> = {};
  for (const table of ['users', 'circles', 'circle_members', 'posts', 'post_reactions', 'comments']) {
    out[table] = await scalar(app, sql.raw(`select count(*) from ${table}`));
  }
  return out;
}

/** Every stored counter matches the rows it counts, and every author belongs where they wrote. */
async function expectConsistent(app: FastifyInstance) {
  const problems = await rows(
    app,
    sql`
      select 'members_count' as what, c.name as at from circles c
        where c.members_count <> (select count(*) from circle_members m where m.circle_id = c.id)
      union all select 'owner', c.name from circles c
        where (select count(*) from circle_members m where m.circle_id = c.id and m.role = 'owner' and m.user_id = c.owner_id) <> 1
      union all select 'like_count', p.title from posts p
        where p.like_count <> (select count(*) from post_reactions r where r.post_id = p.id and r.kind = 'like')
      union all select 'dislike_count', p.title from posts p
        where p.dislike_count <> (select count(*) from post_reactions r where r.post_id = p.id and r.kind = 'dislike')
      union all select 'comment_count', p.title from posts p
        where p.comment_count <> (select count(*) from comments k where k.post_id = p.id)
      union all select 'author not a member', p.title from posts p
        where not exists (select 1 from circle_members m where m.circle_id = p.circle_id and m.user_id = p.author_id)
      union all select 'private comment by non-member', k.body from comments k join posts p on p.id = k.post_id join circles c on c.id = p.circle_id
        where c.channel_type = 'private' and not exists (select 1 from circle_members m where m.circle_id = c.id and m.user_id = k.author_id)
      union all select 'private reaction by non-member', p.title from post_reactions r join posts p on p.id = r.post_id join circles c on c.id = p.circle_id
        where c.channel_type = 'private' and not exists (select 1 from circle_members m where m.circle_id = c.id and m.user_id = r.user_id)
      union all select 'comment before its post', k.body from comments k join posts p on p.id = k.post_id where k.created_at < p.created_at
      union all select 'in the future', p.title from posts p where p.created_at > now()
    `,
  );
  expect(problems).toEqual([]);
}

describe('demo seed', () => {
  it('creates the landing page’s circles, regional ones and one private circle', async () => {
    const page1 = (await seeded.app.inject({ url: '/api/circles/' })).json();
    expect(page1.count).toBe(8);
    const names = page1.results.map((c: Circle) => c.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Campus Connect',
        'Science Hub',
        'Finance Forum',
        'Bengaluru Startups',
        'Mumbai Monsoon',
        'Indian Cricket',
        'Dakshina Kannada and Udupi',
      ]),
    );
    expect(page1.results.filter((c: Circle) => c.channel_type === 'private').map((c: Circle) => c.name)).toEqual(['Founders Circle']);
    expect(page1.results[0]).toMatchObject({ name: 'Indian Cricket', members_count: 7 });
  });

  it('writes about thirty posts spread over the last days, with likes and comments', async () => {
    const stats = (
      await rows<{ posts: number; days: number; likes: number; comments: number; html: number }>(
        seeded.app,
        sql`select count(*)::int as posts, count(distinct date_trunc('day', now() - created_at))::int as days,
              sum(like_count)::int as likes, sum(comment_count)::int as comments,
              count(*) filter (where description like '<p>%')::int as html
            from posts`,
      )
    )[0];
    expect(stats.posts).toBeGreaterThanOrEqual(28);
    expect(stats.days).toBeGreaterThanOrEqual(5);
    expect(stats.likes).toBeGreaterThan(50);
    expect(stats.comments).toBeGreaterThan(20);
    expect(stats.html).toBe(stats.posts);
  });

  it('keeps every counter consistent with its rows', async () => {
    await expectConsistent(seeded.app);
  });

  it('stores no e-mail address: only random 64-hex keys, and anonymous handles', async () => {
    const users = await rows<{ email_hash: string; username: string }>(seeded.app, sql`select email_hash, username from users`);
    expect(users).toHaveLength(8);
    for (const user of users) {
      expect(user.email_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(user.username).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+$/);
    }
  });

  it('keeps the private circle’s posts out of what visitors can search', async () => {
    const visitor = (await seeded.app.inject({ url: '/api/posts/search/?q=runway' })).json().search;
    expect(visitor.posts).toEqual([]);
    const cric = (await seeded.app.inject({ url: '/api/posts/search/?q=cric' })).json().search;
    expect(cric.posts.length).toBeGreaterThan(0);
    expect(cric.posts.every((p: { circle_name: string }) => p.circle_name !== 'Founders Circle')).toBe(true);
  });

  it('does nothing on a restart', async () => {
    const before = await tableCounts(seeded.app);
    await seedDemoData(seeded.app.ctx.db, seeded.app.log);
    expect(await tableCounts(seeded.app)).toEqual(before);
  });

  it('seeds again, quickly and only once, when the circles are gone, reusing the demo people', async () => {
    await using own = await seededApp();
    const seeded = own;
    await seeded.app.ctx.db.delete(circles);
    const started = performance.now();
    const db = seeded.app.ctx.db;
    await Promise.all([seedDemoData(db, seeded.app.log), seedDemoData(db, seeded.app.log)]);
    const ms = performance.now() - started;
    console.info(`demo seed took ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(1500); // about 50-150 ms on an idle machine; generous for a busy CI box
    expect(await tableCounts(seeded.app)).toMatchObject({ users: 8, circles: 8, circle_members: 37, posts: 31 });
    await expectConsistent(seeded.app);
    // An app of its own, seeded: slow on a busy machine.
  }, 180_000);

  it('leaves a database alone once someone created a circle', async () => {
    await using own = await seededApp();
    const seeded = own;
    await seeded.app.ctx.db.delete(circles);
    await createCircle(seeded.app, await createUser(seeded.app), 'My Own Circle');
    await seedDemoData(seeded.app.ctx.db, seeded.app.log);
    const list = (await seeded.app.inject({ url: '/api/circles/' })).json();
    expect(list.results.map((c: Circle) => c.name)).toEqual(['My Own Circle']);
    // An app of its own, seeded: slow on a busy machine.
  }, 180_000);
});
