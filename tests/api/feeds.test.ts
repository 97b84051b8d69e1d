import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged, Post } from '../../src/lib/api-types.ts';
import { circles, posts } from '../../src/server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { UNTOUCHED_POST, addMember, createCircle, createUser, post, type TestCircle, type TestUser } from '../helpers/fixtures.ts';

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let open: TestCircle;
let other: TestCircle;
let secret: TestCircle;
const openPostIds: number[] = [];
let otherPostId: number;
let secretPostId: number;

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.headers });
const page = (res: { json: () => unknown }) => res.json() as Paged<Post>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, 'user', { color: '#aa3355' });
  member = await createUser(t.app);
  outsider = await createUser(t.app);
  open = await createCircle(t.app, owner, 'Campus Connect');
  other = await createCircle(t.app, owner, 'Science Hub');
  secret = await createCircle(t.app, owner, 'Inner Room', { channelType: 'private' });
  await addMember(t.app, secret, member);
  // 23 posts in Campus Connect, one a minute, so order is unambiguous; then one each in the others.
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 23; i++) {
    openPostIds.push(await post(t.app, owner, open, `Open ${i}`, { createdAt: new Date(start + i * 60_000) }));
  }
  otherPostId = await post(t.app, member, other, 'Science', { createdAt: new Date(start + 100 * 60_000) });
  secretPostId = await post(t.app, member, secret, 'Secret', { createdAt: new Date(start + 200 * 60_000) });
});
afterAll(() => t.close());

describe('public feed', () => {
  it('pages public posts newest first, 10 a page, with full next/previous URLs', async () => {
    const first = await get('/api/posts/public/feed/');
    expect(first.statusCode).toBe(200);
    const body = page(first);
    expect(body.count).toBe(24);
    expect(body.previous).toBeNull();
    // The next link carries a cursor past this page's last row (see the keyset paging tests below).
    expect(body.next).toMatch(/^http:\/\/localhost\/api\/posts\/public\/feed\/\?page=2&cursor=[\w-]+$/);
    expect(body.results.map((p) => p.title)).toEqual(['Science', ...Array.from({ length: 9 }, (_, i) => `Open ${22 - i}`)]);

    const second = page(await get('/api/posts/public/feed/?page=2'));
    expect(second.previous).toBe('http://localhost/api/posts/public/feed/');
    expect(second.next).toMatch(/^http:\/\/localhost\/api\/posts\/public\/feed\/\?page=3&cursor=[\w-]+$/);
    const third = page(await get('/api/posts/public/feed/?page=3'));
    expect(third.next).toBeNull();
    expect(third.results.map((p) => p.title)).toEqual(['Open 3', 'Open 2', 'Open 1', 'Open 0']);
  });

  it('builds page links on PUBLIC_SITE_URL, never on the Host header a client sends', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/posts/public/feed/', headers: { host: 'evil.example' } });
    expect(page(res).next).toMatch(/^http:\/\/localhost\/api\/posts\/public\/feed\/\?page=2&cursor=/);
    const other = await buildTestApp({ publicSiteUrl: undefined });
    try {
      const circle = await createCircle(other.app, await createUser(other.app), 'Paging');
      const author = await createUser(other.app);
      for (let i = 0; i < 11; i++) await post(other.app, author, circle, `P ${i}`);
      const relative = await other.app.inject({ method: 'GET', url: '/api/posts/public/feed/?page=2', headers: { host: 'evil.example' } });
      expect(page(relative).previous).toBe('/api/posts/public/feed/');
      const first = await other.app.inject({ method: 'GET', url: '/api/posts/public/feed/', headers: { host: 'evil.example' } });
      expect(page(first).next).toMatch(/^\/api\/posts\/public\/feed\/\?page=2&cursor=/);
    } finally {
      await other.close();
    }
  });

  it('gives every Post field of the spec', async () => {
    const [post] = page(await get('/api/posts/public/feed/?circle=Campus%20Connect')).results;
    expect(post).toEqual({
      id: openPostIds[22],
      title: 'Open 22',
      description: '',
      images: [],
      videos: [],
      posted_by: owner.username,
      posted_by_color: '#aa3355',
      created_at: new Date(Date.UTC(2026, 0, 1) + 22 * 60_000).toISOString(),
      circle: { id: open.id, name: 'Campus Connect', channel_type: 'public' },
      ...UNTOUCHED_POST,
    });
  });

  it('answers 404 Invalid page. past the end and for a non-numeric page', async () => {
    for (const query of ['page=4', 'page=abc', 'page=0', 'page=-1', 'page=1.5']) {
      const res = await get(`/api/posts/public/feed/?${query}`);
      expect(res.statusCode, query).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Invalid page.' });
    }
  });

  it('never shows a private circle’s posts, even to its members', async () => {
    for (const user of [undefined, member, owner]) {
      const titles: string[] = [];
      for (let n = 1; n <= 3; n++) titles.push(...page(await get(`/api/posts/public/feed/?page=${n}`, user)).results.map((p) => p.title));
      expect(titles).not.toContain('Secret');
      expect(titles).toHaveLength(24);
    }
  });

  it('filters by circle id or by name in any case', async () => {
    const byId = page(await get(`/api/posts/public/feed/?circle=${other.id}`));
    expect(byId.count).toBe(1);
    expect(byId.results[0].id).toBe(otherPostId);
    const byName = page(await get('/api/posts/public/feed/?circle=science%20HUB'));
    expect(byName.results.map((p) => p.id)).toEqual([otherPostId]);
    const campus = page(await get('/api/posts/public/feed/?circle=campus%20connect&page=3'));
    expect(campus.count).toBe(23);
    expect(campus.next).toBeNull();
    expect(campus.previous).toBe('http://localhost/api/posts/public/feed/?circle=campus+connect&page=2');
  });

  it('answers 404 Channel not found. for an unknown circle and for a private one', async () => {
    for (const circle of ['Nowhere', '999999', String(secret.id), 'inner%20room']) {
      for (const user of [undefined, member]) {
        const res = await get(`/api/posts/public/feed/?circle=${circle}`, user);
        expect(res.statusCode, circle).toBe(404);
        expect(res.json()).toMatchObject({ detail: 'Channel not found.' });
      }
    }
  });

  it('treats a bad token as a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/posts/public/feed/', headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(200);
    expect(page(res).count).toBe(24);
  });

  it('shows the signed-in viewer’s own reactions', async () => {
    const like = await t.app.inject({ method: 'POST', url: `/api/posts/likes/?post_id=${otherPostId}`, headers: member.headers });
    expect(like.statusCode).toBe(200);
    const mine = page(await get(`/api/posts/public/feed/?circle=${other.id}`, member)).results[0];
    expect(mine).toMatchObject({ liked: true, disliked: false, like_count: 1 });
    const visitor = page(await get(`/api/posts/public/feed/?circle=${other.id}`)).results[0];
    expect(visitor).toMatchObject({ liked: false, disliked: false, like_count: 1 });
    const someoneElse = page(await get(`/api/posts/public/feed/?circle=${other.id}`, outsider)).results[0];
    expect(someoneElse).toMatchObject({ liked: false, like_count: 1 });
  });
});

describe('user feed', () => {
  it('needs a signed-in user', async () => {
    const res = await get('/api/posts/user/feed/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: 'Authentication credentials were not provided.' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/posts/user/feed/', headers: { authorization: 'Bearer nonsense' } });
    expect(bad.statusCode).toBe(401);
  });

  it('includes a private circle’s posts for its members only', async () => {
    // In every language (`languages=all`): a member's feed is otherwise in their languages, which has no kept total.
    const forMember = page(await get('/api/posts/user/feed/?languages=all', member));
    expect(forMember.count).toBe(25);
    expect(forMember.results[0]).toMatchObject({ id: secretPostId, circle: { name: 'Inner Room', channel_type: 'private' } });
    const forOutsider = page(await get('/api/posts/user/feed/?languages=all', outsider));
    expect(forOutsider.count).toBe(24);
    expect(forOutsider.results.map((p) => p.id)).not.toContain(secretPostId);
  });

  it('filters by a private circle for members, and hides it from others as not found', async () => {
    const mine = page(await get(`/api/posts/user/feed/?circle=inner%20room`, member));
    expect(mine.results.map((p) => p.id)).toEqual([secretPostId]);
    const hidden = await get(`/api/posts/user/feed/?circle=${secret.id}`, outsider);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ detail: 'Channel not found.' });
  });

  it('pages like the public feed', async () => {
    const last = page(await get('/api/posts/user/feed/?page=3', member));
    expect(last.results).toHaveLength(5);
    expect(last.next).toBeNull();
    expect((await get('/api/posts/user/feed/?page=4', member)).statusCode).toBe(404);
  });

  it('answers a clear 400 for a repeated circle parameter', async () => {
    const res = await get('/api/posts/user/feed/?circle=a&circle=b', member);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ circle: ['Not a valid string.'] });
  });
});

describe('post detail', () => {
  it('shows a public post to anyone', async () => {
    const res = await get(`/api/posts/${otherPostId}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: otherPostId, title: 'Science', circle: { id: other.id } });
  });

  it('shows a private post only to members; others get Post not found.', async () => {
    expect((await get(`/api/posts/${secretPostId}/`, member)).statusCode).toBe(200);
    for (const user of [undefined, outsider]) {
      const res = await get(`/api/posts/${secretPostId}/`, user);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Post not found.' });
    }
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await get('/api/posts/999999/')).json()).toMatchObject({ detail: 'Post not found.' });
    for (const id of ['abc', '0', '99999999999999999999', '-3', '1.5']) {
      const res = await get(`/api/posts/${id}/`);
      expect(res.statusCode, id).toBe(404);
    }
  });
});

describe('feed totals', () => {
  it('follow posts that are added, moved and deleted by any writer (trigger-kept circle counters)', async () => {
    const total = async () => page(await get('/api/posts/public/feed/')).count;
    const before = await total();
    const extra = await post(t.app, owner, other, 'Extra');
    expect(await total()).toBe(before + 1);
    await t.app.ctx.db.update(posts).set({ circleId: secret.id }).where(eq(posts.id, extra));
    expect(await total()).toBe(before);
    expect(page(await get(`/api/posts/user/feed/?circle=${secret.id}&languages=all`, member)).count).toBe(2);
    await t.app.ctx.db.delete(posts).where(eq(posts.id, extra));
    expect(page(await get(`/api/posts/user/feed/?circle=${secret.id}&languages=all`, member)).count).toBe(1);
  });

  it("read the public circles' summed total, which follows a circle turning private and back, and a member adds their private circles", async () => {
    const publicFeed = async () => page(await get('/api/posts/public/feed/')).count;
    const memberFeed = async () => page(await get('/api/posts/user/feed/?languages=all', member)).count;
    // What the total stands for, counted the long way.
    const counted = async () => {
      const [{ sum }] = await t.app.ctx.db
        .select({ sum: sql<number>`coalesce(sum(${circles.postsCount}), 0)::int` })
        .from(circles)
        .where(eq(circles.channelType, 'public'));
      return sum;
    };
    const start = await publicFeed();
    expect(start).toBe(await counted());
    expect(await memberFeed()).toBe(start + 1); // and the Inner Room's one post

    const room = await createCircle(t.app, owner, 'Turning Room');
    await post(t.app, owner, room, 'In the turning room');
    await post(t.app, owner, room, 'Again in the turning room');
    expect(await publicFeed()).toBe(start + 2);
    await t.app.ctx.db.update(circles).set({ channelType: 'private' }).where(eq(circles.id, room.id));
    expect(await publicFeed()).toBe(start);
    expect(await memberFeed()).toBe(start + 1);
    await t.app.ctx.db.update(circles).set({ channelType: 'public' }).where(eq(circles.id, room.id));
    expect(await publicFeed()).toBe(start + 2);
    expect(await publicFeed()).toBe(await counted());
  });
});
