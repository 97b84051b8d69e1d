import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, post } from '../helpers/fixtures.ts';

const POSTS = 200_000;
const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Relevant search finds a discussion from last year among 200,000 posts, though 20,000 newer ones mention its word in
 * passing: ranking only the newest matches would never reach it. Its cost stays bounded (README: search).
 */
describe(`Relevant search at ${POSTS.toLocaleString('en')} posts`, () => {
  let t: TestApp;
  let oldPost: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const author = await createUser(t.app, 'archivist');
    const circle = await createCircle(t.app, author, 'Coastal Karnataka');
    oldPost = await post(t.app, author, circle, 'Flood relief camps in Udupi: where to help', {
      description: '<p>The flood has closed roads near Udupi. Relief camps at the school take rice, dal and blankets.</p>',
      createdAt: new Date(Date.now() - YEAR_MS),
    });
    // The newer posts, set-based: every tenth says "flood" in its text (a common word), none in its title. The
    // triggers that keep the channel's counters are off for the fill (one row updated 200,000 times in a transaction
    // walks an ever longer chain of its versions); search reads no counter.
    await t.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
      insert into posts (circle_id, author_id, title, description, created_at)
      select ${circle.id}, ${author.id}, 'Weekend notes ' || n,
        '<p>Notes ' || n || case when n % 10 = 0 then ': the flood warning was lifted by evening.' else ': a quiet day at the market.' end || '</p>',
        now() - (${POSTS} - n) * interval '1 minute'
      from generate_series(1, ${POSTS - 1}) n`);
    });
    await t.app.ctx.db.execute(sql`analyze posts`);
  }, 600_000);
  afterAll(() => t?.close());

  const search = async (q: string, sort?: 'relevant' | 'new') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/posts/search/?q=${encodeURIComponent(q)}${sort ? `&sort=${sort}` : ''}` });
    expect(res.statusCode).toBe(200);
    return res.json().search.posts as { id: number; title: string }[];
  };

  it('finds the year-old post first for its word, by default and as Relevant', async () => {
    const [first] = await search('flood');
    expect(first).toMatchObject({ id: oldPost, title: 'Flood relief camps in Udupi: where to help' });
    expect((await search('flood', 'relevant'))[0].id).toBe(oldPost);
    // Two words, both common in the texts.
    expect((await search('flood relief', 'relevant'))[0].id).toBe(oldPost);
  });

  it('lists the newest mentions first when sorted New', async () => {
    const found = await search('flood', 'new');
    expect(found).toHaveLength(10);
    expect(found.map((p) => p.id)).not.toContain(oldPost);
    expect(found.every((p) => p.title.startsWith('Weekend notes '))).toBe(true);
  });
});
