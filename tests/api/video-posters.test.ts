import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, Post } from '../../src/lib/api-types.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import {
  addMember,
  createCircle,
  createUser,
  type FilePart,
  makeImage,
  multipart,
  post as writePost,
  type TestCircle,
  type TestUser,
} from '../helpers/fixtures.ts';
import { latestOtp, signIn } from '../helpers/sign-in.ts';
import { readZip } from '../helpers/zip.ts';
import { until } from '../helpers/until.ts';

/**
 * Poster frames: the browser sends one image after each video; the server keeps it as an image with its variants,
 * answers it beside the video, and removes it with the video, the post or the comment.
 */

let t: TestApp;
let author: TestUser;
let circle: TestCircle;

/** A real two-second H.264 clip (recorded by Chromium's MediaRecorder, 160×120). */
const clip = (): FilePart => ({
  data: readFileSync(path.join(import.meta.dirname, '../fixtures/clip-2s.mp4')),
  filename: 'clip.mp4',
  type: 'video/mp4',
});
/** A poster frame as a browser's canvas.toBlob makes it: a 160×120 JPEG. */
const frame = async (): Promise<FilePart> => ({ data: await makeImage('jpeg', 160, 120), filename: 'poster.jpg', type: 'image/jpeg' });
/** A still image, where a poster frame may not follow. */
const png = async (): Promise<FilePart> => ({ data: await makeImage('png'), filename: 'a.png', type: 'image/png' });

const stored = (url: string) => path.join(t.config.mediaDir, url.replace(/^\/media\//, '').split('?')[0]);

async function send(url: string, user: TestUser, entries: [string, string | FilePart][]) {
  const form = await multipart(entries);
  return t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...user.headers, ...form.headers } });
}

/** A post of one clip followed by its poster frame, as Create post sends it. */
async function postClip(user: TestUser, circleId: number, title: string): Promise<Post> {
  const res = await send('/api/posts/', user, [
    ['circle', String(circleId)],
    ['title', title],
    ['videos', clip()],
    ['video_posters', await frame()],
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Post;
}

beforeAll(async () => {
  t = await buildTestApp({}, { JOB_POLL_SECONDS: '0.5' });
  author = await createUser(t.app);
  circle = await createCircle(t.app, author, 'Poster Circle');
});
afterAll(() => t.close());

describe('a post with videos and their poster frames', () => {
  it('answers each video with its poster and variants, serves them, and deletes them with the post', async () => {
    const res = await send('/api/posts/', author, [
      ['circle', String(circle.id)],
      ['title', 'Two clips'],
      ['videos', clip()],
      ['video_posters', await frame()],
      // The second video's frame could not be drawn: it comes without one.
      ['videos', clip()],
    ]);
    expect(res.statusCode).toBe(201);
    const post = res.json() as Post;
    expect(post.videos).toHaveLength(2);
    expect(post.images).toEqual([]);
    const [poster, none] = post.video_posters!;
    expect(none).toBeNull();
    expect(poster).toEqual({
      url: expect.stringMatching(/^\/media\/[0-9a-f-]{36}_160x120\.jpg$/),
      width: 160,
      height: 120,
      variants: [
        { url: expect.stringMatching(/_160x120-160\.avif$/), width: 160, format: 'avif' },
        { url: expect.stringMatching(/_160x120-160\.webp$/), width: 160, format: 'webp' },
      ],
    });

    // Read back: the post page's answer carries the same posters.
    const read = (await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}/` })).json() as Post;
    expect(read.video_posters).toEqual(post.video_posters);
    for (const url of [poster!.url, ...poster!.variants.map((v) => v.url)]) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toMatch(/^image\/(jpeg|webp|avif)$/);
    }
    const webp = await t.app.inject({ method: 'GET', url: poster!.variants.find((v) => v.format === 'webp')!.url });
    expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp');

    const files = [...post.videos, poster!.url, ...poster!.variants.map((v) => v.url)];
    files.forEach((url) => expect(existsSync(stored(url))).toBe(true));
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/posts/${post.id}/`, headers: author.headers });
    expect(gone.statusCode).toBe(204);
    files.forEach((url) => expect(existsSync(stored(url))).toBe(false));
  });

  it('lists the poster among the uploads, and deleting the video takes its poster along', async () => {
    const post = await postClip(author, circle.id, 'One clip');
    const poster = post.video_posters![0]!;
    const uploads = (await t.app.inject({ method: 'GET', url: '/api/users/me/uploads/', headers: author.headers })).json() as {
      url: string;
      post_id: number;
    }[];
    expect(
      uploads
        .filter((u) => u.post_id === post.id)
        .map((u) => u.url)
        .sort(),
    ).toEqual([post.videos[0], poster.url].sort());

    const name = post.videos[0].slice('/media/'.length);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/me/uploads/${name}/`, headers: author.headers })).statusCode).toBe(204);
    const after = (await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}/` })).json() as Post;
    expect(after.videos).toEqual([]);
    expect(after.video_posters).toBeUndefined();
    [poster.url, ...poster.variants.map((v) => v.url)].forEach((url) => expect(existsSync(stored(url))).toBe(false));
  });

  it('deleting only the poster leaves the video without one', async () => {
    const post = await postClip(author, circle.id, 'Poster to go');
    const poster = post.video_posters![0]!;
    const name = poster.url.slice('/media/'.length);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/me/uploads/${name}/`, headers: author.headers })).statusCode).toBe(204);
    const after = (await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}/` })).json() as Post;
    expect(after.videos).toEqual(post.videos);
    expect(after.video_posters).toEqual([null]);
    expect(existsSync(stored(post.videos[0]))).toBe(true);
    [poster.url, ...poster.variants.map((v) => v.url)].forEach((url) => expect(existsSync(stored(url))).toBe(false));
  });

  it('refuses a poster that follows no video, or that is not an image, and keeps no file', async () => {
    const before = readdirSync(t.config.mediaDir).sort();
    const first = await send('/api/posts/', author, [
      ['circle', String(circle.id)],
      ['title', 'Poster first'],
      ['video_posters', await frame()],
      ['videos', clip()],
    ]);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ video_posters: ['A poster frame must come right after the video it belongs to.'] });

    const notAnImage = await send('/api/posts/', author, [
      ['circle', String(circle.id)],
      ['title', 'Video as poster'],
      ['videos', clip()],
      ['video_posters', clip()],
    ]);
    expect(notAnImage.statusCode).toBe(400);
    expect(notAnImage.json()).toEqual({ video_posters: ["Upload a valid image as the video's poster frame."] });

    const hindi = await send('/api/posts/', { ...author, headers: { ...author.headers, 'accept-language': 'hi' } as TestUser['headers'] }, [
      ['circle', String(circle.id)],
      ['title', 'Poster after an image'],
      ['images', await png()],
      ['video_posters', await frame()],
    ]);
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json()).toEqual({ video_posters: ['पोस्टर-फ़्रेम ठीक उसी वीडियो के बाद भेजें जिसका वह है।'] });
    expect(readdirSync(t.config.mediaDir).sort()).toEqual(before);
  });

  it('signs a private circle’s poster like its video', async () => {
    const hidden = await createCircle(t.app, author, 'Poster Hideout', { channelType: 'private' });
    const member = await createUser(t.app);
    await addMember(t.app, hidden, member);
    const post = await postClip(author, hidden.id, 'Members only clip');
    const poster = post.video_posters![0]!;
    expect(post.videos[0]).toMatch(/^\/media\/private\/[0-9a-f-]{36}\.mp4\?expires=\d+&signature=/);
    expect(poster.url).toMatch(/^\/media\/private\/[0-9a-f-]{36}_160x120\.jpg\?expires=\d+&signature=/);
    expect((await t.app.inject({ method: 'GET', url: poster.variants[0].url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: poster.url.split('?')[0] })).statusCode).toBe(404);
  });
});

describe('a poster frame in the member’s data rights', () => {
  it('is in the data export with its variants, and an erased account leaves none of its files', async () => {
    const signed = await signIn(t);
    const member = { headers: signed.auth } as TestUser;
    const post = await postClip(member, circle.id, 'Leaving soon');
    const poster = post.video_posters![0]!;
    const posterFiles = [poster.url, ...poster.variants.map((v) => v.url)];

    const { id } = (await t.app.inject({ method: 'POST', url: '/api/users/me/export/', headers: signed.auth })).json() as { id: string };
    await until(
      'the export',
      async () => (await t.app.inject({ url: `/api/users/me/export/${id}/`, headers: signed.auth })).json().status === 'ready',
    );
    const zip = await readZip((await t.app.inject({ url: `/api/users/me/export/${id}/download/`, headers: signed.auth })).rawPayload);
    for (const url of [post.videos[0], ...posterFiles])
      expect(zip.get(`media/${url.slice('/media/'.length)}`), url).toEqual(readFileSync(stored(url)));

    await t.app.inject({ method: 'POST', url: '/api/users/me/delete/send-otp/', headers: signed.auth, payload: { email: signed.email } });
    const erase = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/delete/',
      headers: signed.auth,
      payload: { otp: latestOtp(t, signed.email), erase_content: true },
    });
    expect(erase.statusCode).toBe(202);
    await until('the files to go', async () => [post.videos[0], ...posterFiles].every((url) => !existsSync(stored(url))));
  });
});

describe('a comment with a video and its poster frame', () => {
  it('answers media_poster, and deleting the comment removes the poster files', async () => {
    const postId = await writePost(t.app, author, circle, 'Talk');
    const res = await send('/api/posts/comments/', author, [
      ['post', String(postId)],
      ['body', ''],
      ['media', clip()],
      ['poster', await frame()],
    ]);
    expect(res.statusCode).toBe(201);
    const comment = res.json() as Comment;
    expect(comment.media_kind).toBe('video');
    expect(comment.media_poster).toMatchObject({ url: expect.stringMatching(/_160x120\.jpg$/), width: 160, height: 120 });
    const listed = (await t.app.inject({ method: 'GET', url: `/api/posts/comments/list/?post_id=${postId}` })).json() as {
      comments: { results: Comment[] };
    };
    expect(listed.comments.results[0].media_poster).toEqual(comment.media_poster);

    const files = [comment.media_url!, comment.media_poster!.url, ...comment.media_poster!.variants.map((v) => v.url)];
    files.forEach((url) => expect(existsSync(stored(url))).toBe(true));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/posts/comments/${comment.id}/`, headers: author.headers })).statusCode).toBe(
      204,
    );
    files.forEach((url) => expect(existsSync(stored(url))).toBe(false));
  });

  it('takes a video comment without a poster, and refuses a poster beside an image', async () => {
    const postId = await writePost(t.app, author, circle, 'More talk');
    const plain = await send('/api/posts/comments/', author, [
      ['post', String(postId)],
      ['body', 'no frame'],
      ['media', clip()],
    ]);
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).not.toHaveProperty('media_poster');

    const beside = await send('/api/posts/comments/', author, [
      ['post', String(postId)],
      ['body', 'a picture'],
      ['media', await png()],
      ['poster', await frame()],
    ]);
    expect(beside.statusCode).toBe(400);
    expect(beside.json()).toEqual({ poster: ['A poster frame must come right after the video it belongs to.'] });
  });
});
