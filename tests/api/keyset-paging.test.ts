import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentsResponse, Paged, Post } from '../../src/lib/api-types.ts';
import { MAX_PAGE_BY_NUMBER } from '../../src/server/http/pagination.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, post, type TestCircle, type TestUser } from '../helpers/fixtures.ts';

/**
 * Deep pages: page numbers stay the API's labels, and the `next`/`previous` links carry a cursor so page 500 is
 * found on the index like page 1. 5,010 posts, a minute apart (two share each minute, so the id breaks ties).
 */
const POSTS = 5010;
let t: TestApp;
let statements: string[] | null = null;
let author: TestUser;
let circle: TestCircle;
let busyPostId: number;

const get = (url: string) => t.app.inject({ method: 'GET', url });
const pathOf = (link: string) => link.replace(/^http:\/\/localhost/, '');

beforeAll(async () => {
  // Every statement the app sends, while a test counts them (the job queue's polls left out).
  t = await buildTestApp({}, {}, { onStatement: (text) => void (text.includes('pgboss') || statements?.push(text)) });
  author = await createUser(t.app);
  circle = await createCircle(t.app, author, 'Deep Feed');
  // Set-based, like the bench data: one statement, the triggers keep the circle's posts_count.
  await t.app.ctx.db.execute(sql`
    insert into posts (circle_id, author_id, title, created_at, like_count)
    select ${circle.id}, ${author.id}, 'Post ' || n, timestamptz '2026-01-01' + (n / 2) * interval '1 minute', n % 7
    from generate_series(1, ${POSTS}) as n`);
  busyPostId = await post(t.app, author, circle, 'Busy');
  await t.app.ctx.db.execute(sql`
    insert into comments (post_id, author_id, body, created_at)
    select ${busyPostId}, ${author.id}, 'Comment ' || n, timestamptz '2026-02-01' + (n / 3) * interval '1 second'
    from generate_series(1, 35) as n`);
}, 60_000);
afterAll(() => t.close());

/** Follows `next` links from `start`, calling `between` after each page; every page's results in order. */
async function walk<T>(start: string, pick: (body: unknown) => Paged<T>, between?: (page: number) => Promise<void>) {
  const pages: T[][] = [];
  let url: string | null = start;
  while (url) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    const body = pick(res.json());
    pages.push(body.results);
    await between?.(pages.length);
    url = body.next ? pathOf(body.next) : null;
  }
  return pages;
}

describe('keyset paging under page numbers', () => {
  it('reaches page 500 and beyond through the next links, each post once, in order, while new posts arrive', async () => {
    const pages = await walk<Post>(
      '/api/posts/public/feed/',
      (body) => body as Paged<Post>,
      async (page) => {
        // New posts land on page 1 while someone reads on: they shift numbered pages, never a cursor's.
        if (page % 100 === 0) await post(t.app, author, circle, `Late ${page}`, { createdAt: new Date('2027-01-01') });
      },
    );
    const ids = pages.flat().map((p) => p.id);
    expect(pages.length).toBeGreaterThanOrEqual(500);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(POSTS + 1);
    const created = pages.flat().map((p) => p.created_at);
    for (let i = 1; i < ids.length; i++) {
      expect(created[i] < created[i - 1] || (created[i] === created[i - 1] && ids[i] < ids[i - 1]), `row ${i}`).toBe(true);
    }
    // Page 500's previous link (a cursor before its first row) gives page 499 again, and that page's next gives 500.
    const ids500 = (body: Paged<Post>) => body.results.map((p) => p.id);
    let page499: Paged<Post> = (await get('/api/posts/public/feed/')).json();
    for (let page = 2; page <= 499; page++) page499 = (await get(pathOf(page499.next!))).json();
    const page500 = (await get(pathOf(page499.next!))).json() as Paged<Post>;
    expect(page500.previous).toMatch(/page=499&cursor=/);
    const back = (await get(pathOf(page500.previous!))).json() as Paged<Post>;
    expect(ids500(back)).toEqual(ids500(page499));
    expect(back.next).toMatch(/page=500&cursor=/);
    expect(ids500((await get(pathOf(back.next!))).json())).toEqual(ids500(page500));
  }, 120_000);

  it('serves pages by number up to the cap, and answers a clear 400 past it without a cursor', async () => {
    const byNumber = (await get(`/api/posts/public/feed/?page=${MAX_PAGE_BY_NUMBER}`)).json() as Paged<Post>;
    expect(byNumber.results).toHaveLength(10);
    const deep = await get(`/api/posts/public/feed/?page=${MAX_PAGE_BY_NUMBER + 1}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().detail).toMatch(/too deep to open by number.*"next" and "previous" links.*cursor/);
    expect((await get('/api/posts/public/feed/?page=100000')).statusCode).toBe(404);
  });

  it('answers 404 for a cursor that is not one, or one on page 1', async () => {
    for (const bad of ['nonsense', 'YXwxfDE7IGRyb3AgdGFibGUgcG9zdHM', 'Ynw5OTk5OTk5OTk5OTl8MjAyNi0wMS0wMQ']) {
      const res = await get(`/api/posts/public/feed/?page=2&cursor=${bad}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Invalid cursor.' });
    }
    const first = (await get('/api/posts/public/feed/')).json() as Paged<Post>;
    const cursor = new URL(first.next!).searchParams.get('cursor');
    expect((await get(`/api/posts/public/feed/?cursor=${cursor}`)).json()).toMatchObject({ detail: 'Invalid page.' });
  });

  it('gives the same pages by cursor as by number for each feed sort', async () => {
    for (const sort of ['hot', 'top_all', 'new']) {
      const numbered: number[] = [];
      for (let page = 1; page <= 4; page++) {
        numbered.push(...((await get(`/api/posts/public/feed/?sort=${sort}&page=${page}`)).json() as Paged<Post>).results.map((p) => p.id));
      }
      const walked: number[] = [];
      let url: string | null = `/api/posts/public/feed/?sort=${sort}`;
      for (let page = 1; page <= 4 && url; page++) {
        const body = (await get(url)).json() as Paged<Post>;
        walked.push(...body.results.map((p) => p.id));
        url = body.next ? pathOf(body.next) : null;
      }
      expect(walked, sort).toEqual(numbered);
    }
  });

  it('pages a post’s comments by cursor in each sort, each comment once', async () => {
    for (const sort of ['best', 'new', 'top']) {
      const pages = await walk(
        `/api/posts/comments/list/?post_id=${busyPostId}&sort=${sort}`,
        (body) => (body as CommentsResponse).comments,
      );
      const ids = pages.flat().map((c) => c.id);
      expect(ids, sort).toHaveLength(35);
      expect(new Set(ids).size).toBe(35);
      expect(pages).toHaveLength(4);
    }
  });

  it('shows more comments past page 50 on a post with 600 top-level comments, each once, in every sort', async () => {
    const crowded = await post(t.app, author, circle, 'Crowded');
    await t.app.ctx.db.execute(sql`
      insert into comments (post_id, author_id, body, created_at, upvote_count)
      select ${crowded}, ${author.id}, 'Top ' || n, timestamptz '2026-03-01' + n * interval '1 second', n % 5
      from generate_series(1, 600) as n`);
    for (const sort of ['best', 'new', 'top'] as const) {
      const pages = await walk(`/api/posts/comments/list/?post_id=${crowded}&sort=${sort}`, (body) => (body as CommentsResponse).comments);
      expect(pages.length, sort).toBe(60);
      const ids = pages.flat().map((c) => c.id);
      expect(new Set(ids).size, sort).toBe(600);
    }
    // Page 51 asked by number alone is the clear 400; the client follows the link's cursor instead.
    expect((await get(`/api/posts/comments/list/?post_id=${crowded}&page=51`)).statusCode).toBe(400);
  });

  it('answers an empty page number as DRF does: 404 "Invalid page."', async () => {
    for (const url of ['/api/posts/public/feed/?page=', `/api/posts/comments/list/?post_id=${busyPostId}&page=`, '/api/circles/?page=']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ detail: 'Invalid page.' });
    }
  });

  it('counts the same on every page: by number, through a cursor, and for page=last', async () => {
    const first = (await get('/api/posts/public/feed/')).json() as Paged<Post>;
    expect(first.count).toBeGreaterThan(POSTS);
    const second = (await get(pathOf(first.next!))).json() as Paged<Post>;
    expect(second.count).toBe(first.count);
    const last = (await get('/api/posts/public/feed/?page=last')).statusCode;
    // The last page is far past the pages served by number: a clear 400, as for its number.
    expect(last).toBe(400);
    const channelLast = (await get(`/api/posts/comments/list/?post_id=${busyPostId}&page=last`)).json() as CommentsResponse;
    expect(channelLast.comments.count).toBe(35);
    expect(channelLast.comments.results).toHaveLength(5);
    expect((await get(`/api/posts/comments/list/?post_id=${busyPostId}&page=5`)).statusCode).toBe(404);
  });

  it('reads a feed page in one statement (a channel’s too), a member’s in two with the signed-in check, a post with its comments in three; writes a post in six', async () => {
    const count = async (url: string, headers: Record<string, string> = {}, payload?: object) => {
      const sent: string[] = (statements = []);
      const res = await t.app.inject({ method: payload ? 'POST' : 'GET', url, headers, payload });
      expect(res.statusCode, url).toBe(payload ? 201 : 200);
      return sent.length;
    };
    try {
      expect(await count('/api/posts/public/feed/')).toBe(1);
      expect(await count('/api/posts/public/feed/?sort=hot')).toBe(1);
      // A channel's page finds its circle, by id or by name, in the same statement.
      expect(await count(`/api/posts/public/feed/?circle=${circle.id}`)).toBe(1);
      expect(await count(`/api/posts/public/feed/?circle=${encodeURIComponent(circle.name)}&sort=top_all`)).toBe(1);
      expect(await count('/api/posts/user/feed/', author.headers)).toBe(2);
      expect(await count(`/api/posts/comments/list/?post_id=${busyPostId}`)).toBe(3);
      // The signed-in check, the site-wide suspension check, the circle (once, for every check and the post), the
      // suspension check in that circle, the insert, and the post as answered (an open circle's requirement reads nothing).
      const elsewhere = await createCircle(t.app, author, 'Counted Writes');
      const written = await count('/api/posts/', author.headers, {
        circle: elsewhere.name,
        title: 'Counted',
        description: '<p>Counting</p>',
      });
      expect(written).toBe(6);
    } finally {
      statements = null;
    }
  });
});
