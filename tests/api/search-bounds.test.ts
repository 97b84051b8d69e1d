import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../src/server/db/client.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, post } from '../helpers/fixtures.ts';

/**
 * Search's cost stays bounded for several common words: the whole-index and other-script steps, meant for rare words,
 * are not run when every word is common (PostgreSQL's statistics say so), since two common words that never meet
 * would make them read every row of both (7.8 s at 5M comments).
 */
describe('search of several common words', () => {
  let t: TestApp;
  const sent: { text: string; values: unknown[] }[] = [];
  let recording = false;

  beforeAll(async () => {
    t = await buildTestApp({}, {}, { onStatement: (text, values) => void (recording && sent.push({ text, values })) });
    const author = await createUser(t.app, 'bounds');
    const circle = await createCircle(t.app, author, 'Bounded Words');
    await post(t.app, author, circle, 'Alpha zebracorn sighting');
    // A Devanagari word common among the posts (5 of 446).
    for (let i = 0; i < 5; i++) await post(t.app, author, circle, `बारिश की खबर ${i}`);
    for (let i = 0; i < 40; i++) await post(t.app, author, circle, i % 2 ? `Alpha gamma ${i}` : `Beta delta ${i}`);
    // Enough other posts that one title in them is rare (under 0.5 % of titles).
    await t.app.ctx.db.execute(
      sql`insert into posts (circle_id, author_id, title, description) select ${circle.id}, ${author.id}, 'Filler note ' || n, '' from generate_series(1, 400) n`,
    );
    await t.app.ctx.db.execute(sql`analyze posts, comments`);
  });
  afterAll(() => t?.close());

  /** A search as a visitor, with the statements it sent recorded in `sent`. */
  const searchRecorded = async (q: string) => {
    sent.length = 0;
    recording = true;
    const res = await t.app.inject({ method: 'GET', url: `/api/posts/search/?q=${encodeURIComponent(q)}` });
    recording = false;
    return res;
  };

  /** The posts' whole-index and other-script steps (not the titles' step; the comments and channels here are few). */
  const wholeTableSteps = () =>
    sent
      .map(({ text }) => text)
      .filter(
        (text) =>
          text.includes('"post_candidates"') && !text.includes('title_vector') && (text.includes('<%') || text.includes('+ 0 desc')),
      );

  it('answers two common words that never meet from the newest rows, without reading either word everywhere', async () => {
    const res = await searchRecorded('alpha beta');
    expect(res.statusCode).toBe(200);
    expect(res.json().search.posts).toEqual([]);
    expect(wholeTableSteps()).toEqual([]);
  });

  it('finds two common words where they meet, from the newest rows', async () => {
    const res = await searchRecorded('gamma alpha');
    expect(res.statusCode).toBe(200);
    const titles = (res.json().search.posts as { title: string }[]).map((p) => p.title);
    expect(titles).toHaveLength(10);
    for (const title of titles) expect(title).toMatch(/^Alpha gamma \d+$/);
    expect(wholeTableSteps()).toEqual([]);
  });

  it("asks the titles' index for a rare word only, and checks the common one on the titles it finds", async () => {
    const res = await searchRecorded('zebracorn alpha');
    expect(res.statusCode).toBe(200);
    expect((res.json().search.posts as { title: string }[]).map((p) => p.title)).toEqual(['Alpha zebracorn sighting']);
    const titleStep = sent.find(({ text }) => text.includes('"title_vector" @@'));
    expect(titleStep?.values).toContain('zebracorn:*');
    expect(titleStep?.values).toContain('zebracorn:* & alpha:*');
  });

  /** The posts' trigram (other-script) step, as sent. */
  const postsSkeletonStep = () =>
    sent.find(({ text }) => text.includes('"post_candidates"') && text.includes('<% "posts"."search_skeleton"'));

  it('looks a Hinglish query up in the trigram index by its rare word, not by a common one beside it', async () => {
    const res = await searchRecorded('alpha zug');
    expect(res.statusCode).toBe(200);
    const [{ skeleton }] = await executeRows<{ skeleton: string }>(t.app.ctx.db, sql`select bsq_search_skeleton('zug') as skeleton`);
    const step = postsSkeletonStep();
    expect(step?.values).toContain(skeleton);
    expect(step?.values).not.toContain('alph');
  });

  it('reads only the newest rows for the other script when every word of the skeleton is a common word’s', async () => {
    const res = await searchRecorded('alpha betaa');
    expect(res.statusCode).toBe(200);
    expect(postsSkeletonStep()?.text).toMatch(/order by "posts"\."id" desc limit 2000\)/);
  });

  it('still finds a common Devanagari word typed in Latin letters, among the newest rows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/posts/search/?q=baarish' });
    expect(res.statusCode).toBe(200);
    const titles = (res.json().search.posts as { title: string }[]).map((p) => p.title);
    expect(titles).toHaveLength(5);
    for (const title of titles) expect(title).toMatch(/^बारिश की खबर \d$/);
    expect(res.json().transliterated).toBe('बारिश');
  });
});
