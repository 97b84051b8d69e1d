import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createCircle, createUser, post, type TestUser } from '../helpers/fixtures.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let outsider: TestUser;
let open: Awaited<ReturnType<typeof createCircle>>;
let postId: number;
let secretPostId: number;

const react = (method: 'POST' | 'DELETE', kind: 'likes' | 'dislikes', user: TestUser | null, id: number | string = postId) =>
  t.app.inject({ method, url: `/api/posts/${kind}/?post_id=${id}`, headers: user?.headers });
const postAs = async (user: TestUser | null, id = postId) =>
  (await t.app.inject({ method: 'GET', url: `/api/posts/${id}/`, headers: user?.headers })).json();

beforeAll(async () => {
  t = await buildTestApp();
  alice = await createUser(t.app);
  bob = await createUser(t.app);
  outsider = await createUser(t.app);
  open = await createCircle(t.app, alice);
  const secret = await createCircle(t.app, alice, undefined, { channelType: 'private' });
  await addMember(t.app, secret, bob);
  secretPostId = await post(t.app, alice, secret);
});
afterAll(() => t.close());
// Every test reacts to a post of its own, so none depends on what an earlier one did.
beforeEach(async () => {
  postId = await post(t.app, alice, open);
});

describe('likes and dislikes', () => {
  it('needs a signed-in user', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      for (const kind of ['likes', 'dislikes'] as const) {
        const res = await react(method, kind, null);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ detail: 'Authentication credentials were not provided.' });
      }
    }
  });

  it('likes once however often it is asked', async () => {
    const first = await react('POST', 'likes', alice);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ post_id: postId, liked: true, disliked: false, like_count: 1, dislike_count: 0 });
    const again = await react('POST', 'likes', alice);
    expect(again.json()).toEqual({ post_id: postId, liked: true, disliked: false, like_count: 1, dislike_count: 0 });
    expect(await postAs(alice)).toMatchObject({ liked: true, disliked: false, like_count: 1, dislike_count: 0 });
  });

  it('counts each user’s reaction', async () => {
    await react('POST', 'likes', alice);
    const res = await react('POST', 'likes', bob);
    expect(res.json()).toMatchObject({ liked: true, like_count: 2 });
    expect(await postAs(null)).toMatchObject({ liked: false, like_count: 2 });
  });

  it('makes like and dislike exclusive: a dislike replaces the like and back', async () => {
    await react('POST', 'likes', alice);
    await react('POST', 'likes', bob);
    const dislike = await react('POST', 'dislikes', alice);
    expect(dislike.json()).toEqual({ post_id: postId, liked: false, disliked: true, like_count: 1, dislike_count: 1 });
    expect(await postAs(alice)).toMatchObject({ liked: false, disliked: true, like_count: 1, dislike_count: 1 });
    const like = await react('POST', 'likes', alice);
    expect(like.json()).toEqual({ post_id: postId, liked: true, disliked: false, like_count: 2, dislike_count: 0 });
  });

  it('undoes with DELETE, and a DELETE of what is not there changes nothing', async () => {
    await react('POST', 'likes', alice);
    await react('POST', 'likes', bob);
    const notThere = await react('DELETE', 'dislikes', alice);
    expect(notThere.json()).toEqual({ post_id: postId, liked: true, disliked: false, like_count: 2, dislike_count: 0 });
    const undo = await react('DELETE', 'likes', alice);
    expect(undo.json()).toEqual({ post_id: postId, liked: false, disliked: false, like_count: 1, dislike_count: 0 });
    const twice = await react('DELETE', 'likes', alice);
    expect(twice.json()).toEqual({ post_id: postId, liked: false, disliked: false, like_count: 1, dislike_count: 0 });
    expect(await postAs(alice)).toMatchObject({ liked: false, disliked: false, like_count: 1 });
  });

  it('keeps counts right under concurrent requests', async () => {
    await react('POST', 'likes', bob); // replaced by bob's dislikes below
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => react('POST', 'dislikes', outsider)),
      ...Array.from({ length: 5 }, () => react('POST', 'dislikes', bob)),
    ]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await postAs(null)).toMatchObject({ like_count: 0, dislike_count: 2 });
  });

  it('checks post_id', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/posts/likes/', headers: alice.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ post_id: ['This field is required.'] });
    for (const bad of ['abc', '1.5', '-2', '0', '99999999999']) {
      const res = await react('POST', 'likes', alice, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ post_id: ['A valid integer is required.'] });
    }
  });

  it('answers 404 for an unknown post and for a private post the user cannot see', async () => {
    for (const [user, id] of [
      [alice, 999_999],
      [outsider, secretPostId],
    ] as const) {
      const res = await react('POST', 'likes', user, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Post not found.' });
    }
    const member = await react('POST', 'likes', bob, secretPostId);
    expect(member.json()).toMatchObject({ liked: true, like_count: 1 });
  });

  it('answers 405 for other methods', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/posts/likes/?post_id=1', headers: alice.headers });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toMatchObject({ detail: 'Method "GET" not allowed.' });
  });
});
