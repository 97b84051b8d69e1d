import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Comment, CommentsResponse } from '../../src/lib/api-types.ts';
import { comments } from '../../src/server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import {
  addMember,
  createCircle,
  createUser,
  type FilePart,
  makeImage,
  makeMp4,
  makePhoneJpeg,
  multipart,
  post,
  type TestCircle,
  type TestUser,
} from '../helpers/fixtures.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let outsider: TestUser;
let postId: number;
let secretPostId: number;
let busyPostId: number;

const list = (id: number | string, user: TestUser | null = null, page = '') =>
  t.app.inject({ method: 'GET', url: `/api/posts/comments/list/?post_id=${id}${page}`, headers: user?.headers });
const comment = (body: unknown, user: TestUser | null = alice) =>
  t.app.inject({ method: 'POST', url: '/api/posts/comments/', payload: body as object, headers: user?.headers });
async function commentForm(user: TestUser, entries: [string, string | FilePart][]) {
  const form = await multipart(entries);
  return t.app.inject({
    method: 'POST',
    url: '/api/posts/comments/',
    payload: form.payload,
    headers: { ...user.headers, ...form.headers },
  });
}
const mediaFiles = () => readdirSync(t.config.mediaDir).sort();

let open: TestCircle;
let secret: TestCircle;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await createUser(t.app, 'user', { color: '#118844' });
  bob = await createUser(t.app);
  outsider = await createUser(t.app);
  open = await createCircle(t.app, alice);
  secret = await createCircle(t.app, alice, undefined, { channelType: 'private' });
  await addMember(t.app, secret, bob);
});
// Every test gets posts of its own (one with twelve comments by bob), so none depends on what an earlier one wrote.
beforeEach(async () => {
  postId = await post(t.app, alice, open, 'Discuss');
  secretPostId = await post(t.app, alice, secret, 'Hidden');
  busyPostId = await post(t.app, alice, open, 'Busy');
  const start = Date.UTC(2026, 1, 1);
  await t.app.ctx.db.insert(comments).values(
    Array.from({ length: 12 }, (_, i) => ({
      postId: busyPostId,
      authorId: bob.id,
      body: `Comment ${i}`,
      createdAt: new Date(start + i * 1000),
    })),
  );
});
afterAll(() => t.close());

describe('POST /api/posts/comments/', () => {
  it('needs a signed-in user', async () => {
    const res = await comment({ post: postId, body: 'hi' }, null);
    expect(res.statusCode).toBe(401);
  });

  it('adds a text comment, answers 201 with the Comment and bumps the post’s count', async () => {
    const res = await comment({ post: postId, body: '  First!  ' });
    expect(res.statusCode).toBe(201);
    const created = res.json() as Comment;
    expect(created).toEqual({
      id: expect.any(Number),
      post: postId,
      body: 'First!',
      media_kind: null,
      media_url: null,
      media_items: [],
      author: alice.username,
      author_color: '#118844',
      created_at: expect.any(String),
      language: 'en',
      upvote_count: 0,
      moderation_status: 'visible',
      safety_warning: null,
      removed_reason: null,
      parent: null,
      reply_count: 0,
      upvoted: false,
      edited_at: null,
      deleted: false,
    });
    const after = (await list(postId)).json() as CommentsResponse;
    expect(after.post.comment_count).toBe(1);
    expect(after.comments.results[0]).toEqual({ ...created, replies: [] });
  });

  it('accepts the post id as a string and keeps markup as plain text', async () => {
    const res = await comment({ post: String(postId), body: '<b>not bold</b><script>x</script>' });
    expect(res.statusCode).toBe(201);
    expect(res.json().body).toBe('<b>not bold</b><script>x</script>');
  });

  it('takes one image as multipart, strips its metadata, and derives media_kind from content', async () => {
    const res = await commentForm(bob, [
      ['post', String(postId)],
      ['body', ''],
      ['media_kind', 'video'],
      ['media', { data: await makePhoneJpeg(), filename: 'clip.mp4', type: 'video/mp4' }],
    ]);
    expect(res.statusCode).toBe(201);
    const created = res.json() as Comment;
    expect(created).toMatchObject({
      body: '',
      media_kind: 'image',
      media_url: expect.stringMatching(/^\/media\/[0-9a-f-]{36}_\d+x\d+\.jpg$/),
    });
    const served = await t.app.inject({ method: 'GET', url: created.media_url! });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('takes an MP4 video with text', async () => {
    const res = await commentForm(bob, [
      ['post', String(postId)],
      ['body', 'Watch this'],
      ['media', { data: makeMp4(), filename: 'v.mp4', type: 'video/mp4' }],
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ body: 'Watch this', media_kind: 'video', media_url: expect.stringMatching(/\.mp4$/) });
  });

  it('needs text or media', async () => {
    for (const body of [{ post: postId }, { post: postId, body: '   ' }, { post: postId, body: null }]) {
      const res = await comment(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: ['Please enter a comment or select media.'] });
    }
    const emptyForm = await commentForm(alice, [
      ['post', String(postId)],
      ['body', ' '],
    ]);
    expect(emptyForm.statusCode).toBe(400);
    expect(emptyForm.json()).toEqual({ non_field_errors: ['Please enter a comment or select media.'] });
  });

  it('refuses media that is not an image or MP4, more than one file, and keeps no file', async () => {
    const before = mediaFiles();
    const text = await commentForm(alice, [
      ['post', String(postId)],
      ['media', { data: Buffer.from('plain text'), filename: 'a.png', type: 'image/png' }],
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ media: ['Please select an image or video file.'] });
    const two = await commentForm(alice, [
      ['post', String(postId)],
      ['media', { data: await makeImage('png'), filename: 'a.png' }],
      ['media', { data: await makeImage('png'), filename: 'b.png' }],
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ media: ['Upload at most 1 file.'] });
    const unknownPost = await commentForm(alice, [
      ['post', '999999'],
      ['media', { data: await makeImage('png'), filename: 'a.png' }],
    ]);
    expect(unknownPost.statusCode).toBe(404);
    expect(mediaFiles()).toEqual(before);
  });

  it('checks post and body', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{ body: 'x' }, { post: ['This field is required.'] }],
      [{ post: 'abc', body: 'x' }, { post: ['A valid integer is required.'] }],
      [{ post: postId, body: 7 }, { body: ['Not a valid string.'] }],
      [{ post: postId, body: 'x'.repeat(10_001) }, { body: ['Ensure this field has no more than 10000 characters.'] }],
      [['x'], { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await comment(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    expect((await comment({ post: postId, body: 'y'.repeat(10_000) })).statusCode).toBe(201);
  });

  it('answers 404 for an unknown post, and for a private post the user cannot see', async () => {
    for (const [user, id] of [
      [alice, 999_999],
      [outsider, secretPostId],
    ] as const) {
      const res = await comment({ post: id, body: 'hello' }, user);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Post not found.' });
    }
    const member = await comment({ post: secretPostId, body: 'members talk' }, bob);
    expect(member.statusCode).toBe(201);
  });
});

describe('GET /api/posts/comments/list/', () => {
  it('answers the post and a page of its comments, newest first', async () => {
    const res = await list(busyPostId);
    expect(res.statusCode).toBe(200);
    const body = res.json() as CommentsResponse;
    // comment_count follows the comments table (a trigger), whoever wrote them.
    expect(body.post).toMatchObject({ id: busyPostId, title: 'Busy', comment_count: 12 });
    expect(body.comments.count).toBe(12);
    expect(body.comments.previous).toBeNull();
    expect(body.comments.next).toMatch(
      new RegExp(`^http://localhost/api/posts/comments/list/\\?post_id=${busyPostId}&page=2&cursor=[\\w-]+$`),
    );
    expect(body.comments.results.map((c) => c.body)).toEqual(Array.from({ length: 10 }, (_, i) => `Comment ${11 - i}`));
    const second = (await list(busyPostId, null, '&page=2')).json() as CommentsResponse;
    expect(second.comments.results.map((c) => c.body)).toEqual(['Comment 1', 'Comment 0']);
    expect(second.comments.next).toBeNull();
  });

  it('puts a new comment first', async () => {
    await comment({ post: busyPostId, body: 'Newest' }, alice);
    const body = (await list(busyPostId)).json() as CommentsResponse;
    expect(body.comments.results[0].body).toBe('Newest');
  });

  it('shows the post with the viewer’s reaction', async () => {
    await t.app.inject({ method: 'POST', url: `/api/posts/likes/?post_id=${busyPostId}`, headers: bob.headers });
    expect(((await list(busyPostId, bob)).json() as CommentsResponse).post).toMatchObject({ liked: true, like_count: 1 });
    expect(((await list(busyPostId)).json() as CommentsResponse).post).toMatchObject({ liked: false, like_count: 1 });
  });

  it('hides a private post’s comments from visitors and non-members', async () => {
    await comment({ post: secretPostId, body: 'members talk' }, bob);
    for (const user of [null, outsider]) {
      const res = await list(secretPostId, user);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Post not found.' });
    }
    const member = (await list(secretPostId, bob)).json() as CommentsResponse;
    expect(member.comments.results.map((c) => c.body)).toEqual(['members talk']);
  });

  it('answers clear errors for bad input', async () => {
    expect((await list(999_999)).json()).toMatchObject({ detail: 'Post not found.' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/posts/comments/list/' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ post_id: ['This field is required.'] });
    expect((await list('abc')).json()).toEqual({ post_id: ['A valid integer is required.'] });
    const pastEnd = await list(busyPostId, null, '&page=9');
    expect(pastEnd.statusCode).toBe(404);
    expect(pastEnd.json()).toMatchObject({ detail: 'Invalid page.' });
  });
});
