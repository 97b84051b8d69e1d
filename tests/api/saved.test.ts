import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged, Post } from '../../src/lib/api-types.ts';
import { circleMembers } from '../../src/server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { UNTOUCHED_POST, addMember, createCircle, createUser, post, type TestCircle, type TestUser } from '../helpers/fixtures.ts';

let t: TestApp;
let alice: TestUser;
let open: TestCircle;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await createUser(t.app, 'alice');
  open = await createCircle(t.app, alice);
});
afterAll(() => t.close());

const save = (user: TestUser | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/users/me/saved/', headers: user?.headers, payload: payload as object });
const unsave = (user: TestUser | null, id: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/users/me/saved/${id}/`, headers: user?.headers });
const list = async (user: TestUser, query = '') => {
  const res = await t.app.inject({ url: `/api/users/me/saved/${query}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Paged<Post>;
};
const getPost = async (user: TestUser | null, id: number) =>
  (await t.app.inject({ url: `/api/posts/${id}/`, headers: user?.headers })).json() as Post;

describe('saving a post', () => {
  it('answers 201 with the Post marked saved, then 200 when saved again, and the post reads saved for its saver only', async () => {
    const reader = await createUser(t.app, 'reader');
    const id = await post(t.app, alice, open, 'Worth keeping');
    const first = await save(reader, { post: id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      ...UNTOUCHED_POST,
      saved: true,
      id,
      title: 'Worth keeping',
      description: '',
      images: [],
      videos: [],
      posted_by: alice.username,
      posted_by_color: alice.color,
      created_at: expect.any(String),
      circle: { id: open.id, name: open.name, channel_type: 'public' },
    });
    const again = await save(reader, { post: String(id) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, saved: true });
    expect((await getPost(reader, id)).saved).toBe(true);
    expect((await getPost(alice, id)).saved).toBe(false);
    expect((await getPost(null, id)).saved).toBe(false);
    const feed = (await t.app.inject({ url: `/api/posts/public/feed/?circle=${open.id}`, headers: reader.headers })).json() as Paged<Post>;
    expect(feed.results.find((p) => p.id === id)?.saved).toBe(true);
  });

  it('needs a signed-in member, a post id, and a post the member can see', async () => {
    const reader = await createUser(t.app, 'reader');
    expect((await save(null, { post: 1 })).statusCode).toBe(401);
    expect((await unsave(null, 1)).statusCode).toBe(401);
    const missing = await save(reader, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ post: ['This field is required.'] });
    const notId = await save(reader, { post: 'abc' });
    expect(notId.statusCode).toBe(400);
    expect(notId.json()).toEqual({ post: ['A valid integer is required.'] });
    const unknown = await save(reader, { post: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Post not found.', code: 'posts.notFound' });
    const secret = await createCircle(t.app, alice, undefined, { channelType: 'private' });
    const secretPost = await post(t.app, alice, secret, 'Members only');
    expect((await save(reader, { post: secretPost })).statusCode).toBe(404);
    await addMember(t.app, secret, reader);
    expect((await save(reader, { post: secretPost })).statusCode).toBe(201);
  });

  it('answers in Hindi for a Hindi reader', async () => {
    const reader = await createUser(t.app, 'reader');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/saved/',
      headers: { ...reader.headers, 'accept-language': 'hi' },
      payload: { post: 999_998 },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).not.toBe('Post not found.');
  });
});

describe('removing a saved post', () => {
  it('answers 204, the post reads unsaved, and removing it again changes nothing', async () => {
    const reader = await createUser(t.app, 'reader');
    const id = await post(t.app, alice, open, 'Read once');
    await save(reader, { post: id });
    const removed = await unsave(reader, id);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await getPost(reader, id)).saved).toBe(false);
    expect((await unsave(reader, id)).statusCode).toBe(204);
    expect((await list(reader)).count).toBe(0);
    expect((await unsave(reader, 'abc')).statusCode).toBe(404);
  });
});

describe('the saved list', () => {
  it('is private, newest saved first, and pages by keyset with no repeats or gaps while more are saved', async () => {
    const reader = await createUser(t.app, 'reader');
    const other = await createUser(t.app, 'other');
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await post(t.app, alice, open, `Post ${i}`));
    // Saved in an order unlike the posts' own: the list follows when each was saved.
    const order = [3, 0, 7, 1, 11, 5, 9, 2, 8, 4, 10, 6].map((i) => ids[i]);
    for (const id of order) expect((await save(reader, { post: id })).statusCode).toBe(201);
    await save(other, { post: ids[0] });

    const first = await list(reader);
    expect(first.count).toBe(12);
    expect(first.previous).toBeNull();
    expect(first.results.map((p) => p.id)).toEqual([...order].reverse().slice(0, 10));
    expect(first.results.every((p) => p.saved)).toBe(true);
    expect(first.next).toMatch(/page=2&cursor=/);

    // Saved after page 1 was read: it goes to the top, and page 2 neither repeats nor skips.
    await save(reader, { post: await post(t.app, alice, open, 'Late') });
    const next = new URL(first.next!, 'http://x');
    const second = await list(reader, next.search);
    expect(second.results.map((p) => p.id)).toEqual([...order].reverse().slice(10));
    expect(second.next).toBeNull();

    expect((await list(other)).results.map((p) => p.id)).toEqual([ids[0]]);
  });

  it('leaves out what the member can no longer see, and forgets a deleted post', async () => {
    const reader = await createUser(t.app, 'reader');
    const owner = await createUser(t.app, 'owner');
    const secret = await createCircle(t.app, owner, undefined, { channelType: 'private' });
    await addMember(t.app, secret, reader);
    const secretPost = await post(t.app, owner, secret, 'Inside');
    const openPost = await post(t.app, owner, open, 'Outside');
    await save(reader, { post: secretPost });
    await save(reader, { post: openPost });
    expect((await list(reader)).count).toBe(2);
    // The member leaves the private channel (as its owner removing them would).
    await t.app.ctx.db.delete(circleMembers).where(and(eq(circleMembers.circleId, secret.id), eq(circleMembers.userId, reader.id)));
    const after = await list(reader);
    expect(after.results.map((p) => p.id)).toEqual([openPost]);
    expect(after.count).toBe(1);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/posts/${openPost}/`, headers: owner.headers });
    expect(deleted.statusCode).toBe(204);
    expect(await list(reader)).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('needs a signed-in member', async () => {
    expect((await t.app.inject({ url: '/api/users/me/saved/' })).statusCode).toBe(401);
  });
});

describe('the write gate', () => {
  it('counts saving against the reaction limit (429 with Retry-After once it is reached)', async () => {
    const limited = await buildTestApp({}, { REACTIONS_PER_HOUR: '2', NEW_ACCOUNT_HOURS: '0' });
    try {
      const owner = await createUser(limited.app, 'owner');
      const reader = await createUser(limited.app, 'reader');
      const circle = await createCircle(limited.app, owner);
      const ids = [await post(limited.app, owner, circle), await post(limited.app, owner, circle), await post(limited.app, owner, circle)];
      const saveIn = (id: number) =>
        limited.app.inject({ method: 'POST', url: '/api/users/me/saved/', headers: reader.headers, payload: { post: id } });
      expect((await saveIn(ids[0])).statusCode).toBe(201);
      expect((await saveIn(ids[1])).statusCode).toBe(201);
      const refused = await saveIn(ids[2]);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      // Taking one off is not counted.
      expect(
        (await limited.app.inject({ method: 'DELETE', url: `/api/users/me/saved/${ids[0]}/`, headers: reader.headers })).statusCode,
      ).toBe(204);
    } finally {
      await limited.close();
    }
  });
});
