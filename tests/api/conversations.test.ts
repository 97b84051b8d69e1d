import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentsResponse, ListedComment, Paged, Post, ThreadComment } from '../../src/lib/api-types.ts';
import { circles, comments } from '../../src/server/db/schema/index.ts';
import { FIRST_REPLIES, THREAD_DEPTH } from '../../src/server/services/comments/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { comment, createCircle, createUser, makeImage, multipart, post, type TestCircle, type TestUser } from '../helpers/fixtures.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let circle: TestCircle;

const HOUR = 3_600_000;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, user: TestUser | null = null, payload?: object) =>
  t.app.inject({ method, url, headers: user?.headers, ...(payload ? { payload } : {}) });
const list = async (postId: number, query = '', user: TestUser | null = null) =>
  (await call('GET', `/api/posts/comments/list/?post_id=${postId}${query}`, user)).json() as CommentsResponse;
async function reply(user: TestUser, postId: number, parent: number | null, body: string): Promise<number> {
  const res = await call('POST', '/api/posts/comments/', user, { post: postId, parent, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const ids = (items: { id: number }[]) => items.map((c) => c.id);

beforeAll(async () => {
  t = await buildTestApp();
  [alice, bob, carol] = await Promise.all([createUser(t.app, 'alice'), createUser(t.app, 'bob'), createUser(t.app, 'carol')]);
  circle = await createCircle(t.app, alice);
});
afterAll(() => t.close());

describe('replies', () => {
  it('nest under their parent with parent and reply_count, and the post counts every comment', async () => {
    const postId = await post(t.app, alice, circle, 'Threads');
    const top = await reply(bob, postId, null, 'Top');
    const first = await reply(alice, postId, top, 'First reply');
    const created = await call('POST', '/api/posts/comments/', carol, { post: postId, parent: first, body: 'Deeper' });
    expect(created.json()).toMatchObject({ parent: first, reply_count: 0, upvoted: false, edited_at: null, deleted: false });

    const answer = await list(postId);
    expect(answer.post.comment_count).toBe(3);
    expect(answer.comments.count).toBe(1);
    const [thread] = answer.comments.results;
    expect(thread).toMatchObject({ id: top, parent: null, reply_count: 2 });
    expect(thread.replies).toHaveLength(1);
    expect(thread.replies[0]).toMatchObject({ id: first, parent: top, reply_count: 1 });
    expect(thread.replies[0].replies).toEqual([created.json()]);
  });

  it(`show ${THREAD_DEPTH} levels in the list; deeper ones come from the replies of the last shown`, async () => {
    const postId = await post(t.app, alice, circle, 'Deep');
    const chain = [await reply(bob, postId, null, 'level 0')];
    for (let depth = 1; depth <= THREAD_DEPTH + 2; depth++)
      chain.push(await reply(depth % 2 ? alice : bob, postId, chain.at(-1)!, `level ${depth}`));
    const [top] = (await list(postId)).comments.results;
    expect(top.reply_count).toBe(THREAD_DEPTH + 2);
    let node: ThreadComment = top;
    const seen = [node.id];
    while (node.replies?.length) {
      node = node.replies[0];
      seen.push(node.id);
    }
    expect(seen).toEqual(chain.slice(0, THREAD_DEPTH + 1));
    expect(node.reply_count).toBe(2);
    const continued = (await call('GET', `/api/posts/comments/${node.id}/replies/`)).json() as Paged<ListedComment>;
    expect(ids(continued.results)).toEqual([chain[THREAD_DEPTH + 1]]);
    expect(ids(continued.results[0].replies)).toEqual([chain[THREAD_DEPTH + 2]]);
    const one = (await call('GET', `/api/posts/comments/${chain[THREAD_DEPTH + 1]}/`)).json() as ListedComment;
    expect(one).toMatchObject({ id: chain[THREAD_DEPTH + 1], parent: node.id, reply_count: 1 });
  });

  it(`include the first ${FIRST_REPLIES} replies of a comment; the replies list pages the rest`, async () => {
    const postId = await post(t.app, alice, circle, 'Busy thread');
    const top = await reply(bob, postId, null, 'Question');
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) answers.push(await reply(carol, postId, top, `Answer ${i}`));
    const [thread] = (await list(postId, '&sort=new')).comments.results;
    expect(thread.reply_count).toBe(12);
    expect(ids(thread.replies)).toEqual(answers.slice(-FIRST_REPLIES).reverse());
    const page1 = (await call('GET', `/api/posts/comments/${top}/replies/?sort=new`)).json() as Paged<ListedComment>;
    expect(page1.count).toBe(12);
    expect(page1.results).toHaveLength(10);
    const page2 = (await call('GET', `/api/posts/comments/${top}/replies/?sort=new&page=2`)).json() as Paged<ListedComment>;
    expect([...ids(page1.results), ...ids(page2.results)]).toEqual([...answers].reverse());
  });

  it('must answer a comment of the same post, not a deleted one', async () => {
    const postId = await post(t.app, alice, circle, 'One');
    const otherPost = await post(t.app, alice, circle, 'Two');
    const elsewhere = await reply(bob, otherPost, null, 'Elsewhere');
    const res = await call('POST', '/api/posts/comments/', carol, { post: postId, parent: elsewhere, body: 'Lost' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ parent: ['Reply to a comment of the same post.'] });
    expect((await call('POST', '/api/posts/comments/', carol, { post: postId, parent: 99999999, body: 'x' })).json()).toEqual({
      parent: ['Reply to a comment of the same post.'],
    });
    expect((await call('POST', '/api/posts/comments/', carol, { post: postId, parent: 'abc', body: 'x' })).statusCode).toBe(400);
    const gone = await reply(bob, postId, null, 'Soon gone');
    await call('DELETE', `/api/posts/comments/${gone}/`, bob);
    expect((await call('POST', '/api/posts/comments/', carol, { post: postId, parent: gone, body: 'x' })).json()).toEqual({
      parent: ["You can't reply to a deleted comment."],
    });
  });
});

describe('comment upvotes', () => {
  it('are one per member, toggled, idempotent, and shown as upvoted to the voter', async () => {
    const postId = await post(t.app, alice, circle, 'Votes');
    const id = await reply(bob, postId, null, 'Vote me');
    const up = (user: TestUser) => call('POST', `/api/posts/comments/upvotes/?comment_id=${id}`, user);
    const down = (user: TestUser) => call('DELETE', `/api/posts/comments/upvotes/?comment_id=${id}`, user);
    expect((await up(alice)).json()).toEqual({ comment_id: id, upvoted: true, upvote_count: 1 });
    expect((await up(alice)).json()).toEqual({ comment_id: id, upvoted: true, upvote_count: 1 });
    expect((await up(carol)).json()).toEqual({ comment_id: id, upvoted: true, upvote_count: 2 });
    expect((await list(postId, '', alice)).comments.results[0]).toMatchObject({ upvote_count: 2, upvoted: true });
    expect((await list(postId, '', bob)).comments.results[0]).toMatchObject({ upvote_count: 2, upvoted: false });
    expect((await down(alice)).json()).toEqual({ comment_id: id, upvoted: false, upvote_count: 1 });
    expect((await down(alice)).json()).toEqual({ comment_id: id, upvoted: false, upvote_count: 1 });
    expect((await call('POST', '/api/posts/comments/upvotes/?comment_id=99999999', alice)).json()).toMatchObject({
      detail: 'Comment not found.',
    });
    expect((await call('POST', `/api/posts/comments/upvotes/?comment_id=${id}`)).statusCode).toBe(401);
    expect((await call('POST', '/api/posts/comments/upvotes/', alice)).json()).toEqual({ comment_id: ['This field is required.'] });
  });
});

describe('comment sorting', () => {
  it('Best weighs upvotes against age (a fresh comment rises above an old popular one), New is newest, Top is most upvoted', async () => {
    const postId = await post(t.app, alice, circle, 'Sorts');
    const now = Date.now();
    const at = (hoursAgo: number, upvotes: number, body: string) =>
      t.app.ctx.db
        .insert(comments)
        .values({ postId, authorId: bob.id, body, upvoteCount: upvotes, createdAt: new Date(now - hoursAgo * HOUR) })
        .returning({ id: comments.id })
        .then(([row]) => row.id);
    // Ten times the upvotes is worth 12.5 hours: 100 upvotes two days ago rank below a fresh comment with none.
    const oldPopular = await at(48, 100, 'old and popular');
    const recentGood = await at(1, 10, 'recent and good');
    const fresh = await at(0, 0, 'fresh');
    expect(ids((await list(postId)).comments.results)).toEqual([recentGood, fresh, oldPopular]);
    expect(ids((await list(postId, '&sort=best')).comments.results)).toEqual([recentGood, fresh, oldPopular]);
    expect(ids((await list(postId, '&sort=new')).comments.results)).toEqual([fresh, recentGood, oldPopular]);
    expect(ids((await list(postId, '&sort=top')).comments.results)).toEqual([oldPopular, recentGood, fresh]);
    // Votes move the rank: enough upvotes lift the fresh comment to the top of Best.
    await t.app.ctx.db.update(comments).set({ upvoteCount: 1000 }).where(eq(comments.id, fresh));
    expect(ids((await list(postId)).comments.results)[0]).toBe(fresh);
    const bad = await call('GET', `/api/posts/comments/list/?post_id=${postId}&sort=loud`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ sort: ['"loud" is not a valid choice.'] });
  });
});

describe('every upvote counts', () => {
  it('ranks a comment with one upvote above a newer one with none in Best, and a post with one like above a newer one in Hot', async () => {
    const postId = await post(t.app, alice, circle, 'First votes');
    const now = Date.now();
    const [upvoted] = await t.app.ctx.db
      .insert(comments)
      .values({ postId, authorId: bob.id, body: 'one upvote', upvoteCount: 1, createdAt: new Date(now - 60_000) })
      .returning({ id: comments.id });
    const [newer] = await t.app.ctx.db
      .insert(comments)
      .values({ postId, authorId: bob.id, body: 'none yet', createdAt: new Date(now) })
      .returning({ id: comments.id });
    expect(ids((await list(postId, '&sort=best')).comments.results)).toEqual([upvoted.id, newer.id]);

    const hotCircle = await createCircle(t.app, alice, 'First Likes');
    const liked = await post(t.app, alice, hotCircle, 'Liked', { createdAt: new Date(now - 60_000) });
    const plain = await post(t.app, alice, hotCircle, 'Newer', { createdAt: new Date(now) });
    expect((await call('POST', `/api/posts/likes/?post_id=${liked}`, bob)).statusCode).toBe(200);
    const hot = (await call('GET', `/api/posts/public/feed/?circle=${hotCircle.id}&sort=hot`)).json() as Paged<Post>;
    expect(ids(hot.results)).toEqual([liked, plain]);
  });
});

describe('editing and deleting comments', () => {
  it('is for the author only; an edit shows edited_at', async () => {
    const postId = await post(t.app, alice, circle, 'Edits');
    const id = await reply(bob, postId, null, 'Tpyo');
    const other = await call('PATCH', `/api/posts/comments/${id}/`, alice, { body: 'Hijack' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ detail: 'You can only edit or delete your own comments.' });
    expect((await call('DELETE', `/api/posts/comments/${id}/`, alice)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/posts/comments/${id}/`, null, { body: 'x' })).statusCode).toBe(401);
    expect((await call('PATCH', `/api/posts/comments/${id}/`, bob, { body: '  ' })).json()).toEqual({
      non_field_errors: ['Please enter a comment or select media.'],
    });
    const edited = await call('PATCH', `/api/posts/comments/${id}/`, bob, { body: 'Typo' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, body: 'Typo', edited_at: expect.any(String) });
    expect((await list(postId)).comments.results[0]).toMatchObject({ body: 'Typo', edited_at: edited.json().edited_at });
    expect((await call('PATCH', '/api/posts/comments/99999999/', bob, { body: 'x' })).statusCode).toBe(404);
  });

  it('keeps a deleted comment with replies as [deleted]; one without replies disappears; counts stay true', async () => {
    const postId = await post(t.app, alice, circle, 'Deletes');
    const parent = await reply(bob, postId, null, 'Parent');
    const child = await reply(carol, postId, parent, 'Child');
    const leaf = await reply(bob, postId, null, 'Leaf');
    expect((await list(postId)).post.comment_count).toBe(3);

    expect((await call('DELETE', `/api/posts/comments/${parent}/`, bob)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/posts/comments/${parent}/`, bob)).statusCode).toBe(404);
    let answer = await list(postId, '&sort=new');
    expect(answer.post.comment_count).toBe(2);
    const kept = answer.comments.results.find((c) => c.id === parent)!;
    expect(kept).toMatchObject({ deleted: true, body: '', author: '[deleted]', media_url: null, reply_count: 1 });
    expect(ids(kept.replies)).toEqual([child]);

    expect((await call('DELETE', `/api/posts/comments/${leaf}/`, bob)).statusCode).toBe(204);
    answer = await list(postId, '&sort=new');
    expect(ids(answer.comments.results)).toEqual([parent]);
    expect(answer.comments.count).toBe(1);

    // The last reply gone, the [deleted] parent has nothing left to hold up and leaves too.
    expect((await call('DELETE', `/api/posts/comments/${child}/`, carol)).statusCode).toBe(204);
    answer = await list(postId);
    expect(answer.comments.results).toEqual([]);
    expect(answer.post.comment_count).toBe(0);
  });

  it("removes a deleted comment's media file", async () => {
    const postId = await post(t.app, alice, circle, 'Pictures');
    const form = await multipart([
      ['post', String(postId)],
      ['body', 'Look'],
      ['media', { data: await makeImage('png'), filename: 'a.png', type: 'image/png' }],
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/posts/comments/',
      payload: form.payload,
      headers: { ...bob.headers, ...form.headers },
    });
    const file = path.join(t.config.mediaDir, path.basename(created.json().media_url));
    expect(existsSync(file)).toBe(true);
    await call('DELETE', `/api/posts/comments/${created.json().id}/`, bob);
    expect(existsSync(file)).toBe(false);
  });
});

describe('editing and deleting posts', () => {
  it('is for the author only; an edited post carries edited_at', async () => {
    const postId = await post(t.app, alice, circle, 'Draft title');
    const other = await call('PATCH', `/api/posts/${postId}/`, bob, { title: 'Mine now' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ detail: 'You can only edit or delete your own posts.' });
    expect((await call('DELETE', `/api/posts/${postId}/`, bob)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/posts/${postId}/`, alice, {})).statusCode).toBe(400);
    expect((await call('PATCH', `/api/posts/${postId}/`, alice, { title: '' })).json()).toEqual({
      title: ['This field may not be blank.'],
    });
    const unedited = (await call('GET', `/api/posts/${postId}/`)).json() as Post;
    expect(unedited).not.toHaveProperty('edited_at');
    const edited = await call('PATCH', `/api/posts/${postId}/`, alice, { title: 'Final title', description: '<p>Now with text</p>' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id: postId,
      title: 'Final title',
      description: '<p>Now with text</p>',
      edited_at: expect.any(String),
    });
    expect((await call('GET', `/api/posts/${postId}/`)).json()).toEqual(edited.json());
  });

  it('takes a deleted post out of every list, with its comments, its count and its media files', async () => {
    const form = await multipart([
      ['circle', String(circle.id)],
      ['title', 'With a photo'],
      ['images', { data: await makeImage('jpeg'), filename: 'p.jpg', type: 'image/jpeg' }],
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      payload: form.payload,
      headers: { ...alice.headers, ...form.headers },
    });
    expect(created.statusCode).toBe(201);
    const postId = created.json().id as number;
    const file = path.join(t.config.mediaDir, path.basename(created.json().images[0]));
    expect(existsSync(file)).toBe(true);
    await comment(t.app, bob, postId, 'Nice');
    const [before] = await t.app.ctx.db.select({ n: circles.postsCount }).from(circles).where(eq(circles.id, circle.id));

    expect((await call('DELETE', `/api/posts/${postId}/`, alice)).statusCode).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect((await call('GET', `/api/posts/${postId}/`)).statusCode).toBe(404);
    expect((await call('GET', `/api/posts/comments/list/?post_id=${postId}`)).statusCode).toBe(404);
    const feed = (await call('GET', `/api/posts/public/feed/?circle=${circle.id}`)).json() as Paged<Post>;
    expect(ids(feed.results)).not.toContain(postId);
    const [after] = await t.app.ctx.db.select({ n: circles.postsCount }).from(circles).where(eq(circles.id, circle.id));
    expect(after.n).toBe(before.n - 1);
    expect((await call('DELETE', `/api/posts/${postId}/`, alice)).statusCode).toBe(404);
  });
});

describe('feed sorts', () => {
  it('New by default; Hot decays votes with age; Top of the day, week and all time', async () => {
    const own = await createCircle(t.app, alice);
    const now = Date.now();
    const add = async (title: string, hoursAgo: number, likes: number) => {
      const id = await post(t.app, alice, own, title, { createdAt: new Date(now - hoursAgo * HOUR) });
      const { posts } = await import('../../src/server/db/schema/index.ts');
      await t.app.ctx.db.update(posts).set({ likeCount: likes }).where(eq(posts.id, id));
      return id;
    };
    const ancient = await add('ancient classic', 24 * 30, 1000);
    const lastWeek = await add('last week', 24 * 3, 50);
    const yesterday = await add('yesterday', 2, 5);
    const justNow = await add('just now', 0, 0);
    const feed = async (sort?: string) =>
      ids(((await call('GET', `/api/posts/public/feed/?circle=${own.id}${sort ? `&sort=${sort}` : ''}`)).json() as Paged<Post>).results);
    expect(await feed()).toEqual([justNow, yesterday, lastWeek, ancient]);
    expect(await feed('new')).toEqual([justNow, yesterday, lastWeek, ancient]);
    expect(await feed('hot')).toEqual([yesterday, justNow, lastWeek, ancient]);
    expect(await feed('top_day')).toEqual([yesterday, justNow]);
    expect(await feed('top_week')).toEqual([lastWeek, yesterday, justNow]);
    expect(await feed('top_all')).toEqual([ancient, lastWeek, yesterday, justNow]);
    // In every language: a member's feed is otherwise in their languages, which has no total.
    const dayPage = (await call('GET', `/api/posts/user/feed/?circle=${own.id}&sort=top_day&languages=all`, alice)).json() as Paged<Post>;
    expect(dayPage.count).toBe(2);
    expect((await call('GET', '/api/posts/public/feed/?sort=best')).json()).toEqual({ sort: ['"best" is not a valid choice.'] });
  });
});
