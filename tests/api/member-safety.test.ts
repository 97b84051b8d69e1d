import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CommentsResponse, Paged, Post } from '../../src/lib/api-types.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { until } from '../helpers/until.ts';
import { createCircle, createUser, post, type TestCircle, type TestUser } from '../helpers/fixtures.ts';

let t: TestApp;
let me: TestUser;
let pest: TestUser;
let friend: TestUser;
let circle: TestCircle;
let pestPost: number;
let myPost: number;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: user?.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const feedIds = async (user: TestUser) =>
  ((await call('GET', '/api/posts/user/feed/', user)).json() as Paged<Post>).results.map((p) => p.id);

/** A fresh app: my circle with the pest's post, my post, and the pest's first comment on it. */
async function setUp() {
  t = await buildTestApp();
  me = await createUser(t.app);
  pest = await createUser(t.app);
  friend = await createUser(t.app);
  circle = await createCircle(t.app, me, 'Cricket Corner');
  pestPost = await post(t.app, pest, circle, 'Pest talks cricket');
  myPost = await post(t.app, me, circle, 'My cricket thoughts');
  const res = await call('POST', '/api/posts/comments/', pest, { post: myPost, body: 'First comment from the pest' });
  expect(res.statusCode).toBe(201);
}
const block = () => call('POST', '/api/users/me/blocks/', me, { username: pest.username });

describe('blocks', () => {
  // Every test from a fresh app, nobody blocked yet.
  beforeEach(setUp);
  afterEach(() => t.close());

  it('need a signed-in member', async () => {
    expect((await call('GET', '/api/users/me/blocks/', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/users/me/blocks/', null, { username: pest.username })).statusCode).toBe(401);
  });

  it('block by handle: 201 with the block, 200 the second time', async () => {
    const first = await call('POST', '/api/users/me/blocks/', me, { username: pest.username });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ username: pest.username, color: pest.color, blocked_at: expect.any(String) });
    const again = await call('POST', '/api/users/me/blocks/', me, { username: pest.username });
    expect(again.statusCode).toBe(200);
    const list = await call('GET', '/api/users/me/blocks/', me);
    expect(list.json()).toEqual({ count: 1, next: null, previous: null, results: [first.json()] });
  });

  it('answer field errors for an unknown handle, oneself and a missing handle', async () => {
    expect((await call('POST', '/api/users/me/blocks/', me, { username: 'NoSuchPerson999' })).json()).toEqual({
      username: ['User not found.'],
    });
    const self = await call('POST', '/api/users/me/blocks/', me, { username: me.username });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ username: ['You cannot block yourself.'] });
    const missing = await call('POST', '/api/users/me/blocks/', me, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('username');
  });

  it('hide the blocked member’s posts and comments from the blocker everywhere, not from others', async () => {
    await block();
    expect(await feedIds(me)).toEqual([myPost]);
    expect(await feedIds(friend)).toEqual([myPost, pestPost]);
    const search = (await call('GET', '/api/posts/search/?q=cricket', me)).json().search;
    expect(search.posts.map((p: { id: number }) => p.id)).toEqual([myPost]);
    const thread = (await call('GET', `/api/posts/comments/list/?post_id=${myPost}`, me)).json() as CommentsResponse;
    expect(thread.comments.results).toEqual([]);
    const forFriend = (await call('GET', `/api/posts/comments/list/?post_id=${myPost}`, friend)).json() as CommentsResponse;
    expect(forFriend.comments.results).toHaveLength(1);
  });

  it('stop the blocked member commenting on the blocker’s posts, with a clear 403', async () => {
    await block();
    const res = await call('POST', '/api/posts/comments/', pest, { post: myPost, body: 'Let me in' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: "You can't comment on this post: its author has blocked you." });
    expect((await call('POST', '/api/posts/comments/', pest, { post: pestPost, body: 'On my own post' })).statusCode).toBe(201);
  });

  it("stop the blocked member replying to the blocker's comment under a third member's post, and telling the blocker anything", async () => {
    const friendsPost = await post(t.app, friend, circle, 'Friend asks about the match');
    const mine = await call('POST', '/api/posts/comments/', me, { post: friendsPost, body: 'I think India wins' });
    expect(mine.statusCode).toBe(201);
    await block();
    const inbox = async (user: TestUser) =>
      (await call('GET', '/api/notifications/', user)).json().results as { id: number; kind: string; text: string }[];
    const before = (await inbox(me)).map((n) => n.id);

    const reply = await call('POST', '/api/posts/comments/', pest, { post: friendsPost, parent: mine.json().id, body: 'No chance' });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ detail: "You can't reply to this comment: its author has blocked you." });

    // An @mention and an upvote (its first, a milestone) from the blocked member tell the blocker nothing.
    const witness = await createUser(t.app);
    const mention = await call('POST', '/api/posts/comments/', pest, {
      post: friendsPost,
      body: `Hey @${me.username} and @${witness.username}`,
    });
    expect(mention.statusCode).toBe(201);
    expect((await call('POST', `/api/posts/comments/upvotes/?comment_id=${mine.json().id}`, pest)).statusCode).toBe(200);
    // The mention is told through the job queue: on a loaded machine that can take a while.
    await until('the witness is told', async () => (await inbox(witness)).some((n) => n.kind === 'mention'), 45_000);
    await new Promise((r) => setTimeout(r, 500));
    expect((await inbox(me)).filter((n) => !before.includes(n.id))).toEqual([]);
  });

  it('unblock: 204, then 404 the second time; the posts come back', async () => {
    await block();
    expect((await call('DELETE', `/api/users/me/blocks/${pest.username}/`, me)).statusCode).toBe(204);
    const again = await call('DELETE', `/api/users/me/blocks/${pest.username}/`, me);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ detail: 'You have not blocked this member.' });
    expect(await feedIds(me)).toEqual([myPost, pestPost]);
    expect((await call('POST', '/api/posts/comments/', pest, { post: myPost, body: 'Back again' })).statusCode).toBe(201);
  });
});

describe('muted words', () => {
  beforeAll(setUp);
  afterAll(() => t.close());

  it('start empty and are replaced as a cleaned list', async () => {
    expect((await call('GET', '/api/users/me/muted-words/', me)).json()).toEqual({ words: [] });
    const put = await call('PUT', '/api/users/me/muted-words/', me, { words: ['  Crypto ', 'crypto', 'IPL  final', '', 'क्रिकेट'] });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ words: ['crypto', 'ipl final', 'क्रिकेट'] });
    expect((await call('GET', '/api/users/me/muted-words/', me)).json()).toEqual({ words: ['crypto', 'ipl final', 'क्रिकेट'] });
    expect((await call('GET', '/api/users/me/muted-words/', friend)).json()).toEqual({ words: [] });
  });

  it('refuse anything but a list of short words', async () => {
    expect((await call('PUT', '/api/users/me/muted-words/', me, { words: 'crypto' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/users/me/muted-words/', me, { words: ['x'.repeat(51)] })).statusCode).toBe(400);
    expect(
      (await call('PUT', '/api/users/me/muted-words/', me, { words: Array.from({ length: 101 }, (_, i) => `w${i}`) })).statusCode,
    ).toBe(400);
    expect((await call('PUT', '/api/users/me/muted-words/', me, {})).statusCode).toBe(400);
    expect((await call('PUT', '/api/users/me/muted-words/', null, { words: [] })).statusCode).toBe(401);
  });
});
