import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem, Post } from '../../src/lib/api-types.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, makeMp4, multipart, type TestCircle, type TestUser } from '../helpers/fixtures.ts';
import { until } from '../helpers/until.ts';

/**
 * Video for slow networks: an uploaded video is transcoded in a job to H.264/AAC MP4 at 240p and 360p (a 480p clip is
 * never made larger), faststart, without its metadata; the post then points at the best rendition, lists them all,
 * and the original is gone. A file ffmpeg cannot read stays as it was, `failed`.
 */
let t: TestApp;
let author: TestUser;
let circle: TestCircle;
let work: string;
let clip: Buffer;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'bsq-clip-'));
  const file = path.join(work, 'clip.mp4');
  // A 3-second 854x480 clip with sound and a shooting location in its metadata, made by the same ffmpeg.
  // prettier-ignore
  execFileSync(ffmpeg.path, [
    '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=854x480:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', '-metadata', 'location=+12.9716+077.5946/', file,
  ]);
  clip = readFileSync(file);
  t = await buildTestApp();
  author = await createUser(t.app);
  circle = await createCircle(t.app, author, `Clips ${Date.now().toString(36)}`);
});
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

async function postVideo(data: Buffer): Promise<Post> {
  const { payload, headers } = await multipart([
    ['circle', String(circle.id)],
    ['title', 'Ferry ride'],
    ['videos', { data, filename: 'ride.mp4', type: 'video/mp4' }],
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/posts/', headers: { ...author.headers, ...headers }, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Post;
}

const videoOf = async (postId: number): Promise<MediaItem> =>
  ((await t.app.inject({ url: `/api/posts/${postId}/`, headers: author.headers })).json() as Post).media_items.find(
    (item) => item.kind === 'video',
  )!;

const describeFile = (bytes: Buffer) => {
  const file = path.join(work, `probe-${Math.random().toString(36).slice(2)}.mp4`);
  writeFileSync(file, bytes);
  try {
    execFileSync(ffmpeg.path, ['-hide_banner', '-i', file], { stdio: 'pipe' });
  } catch (error) {
    return String((error as { stderr: Buffer }).stderr);
  }
  return '';
};

describe('video renditions', () => {
  it('answers at once with the video pending, then lists 240p and 360p and plays the best; the original goes', async () => {
    const started = Date.now();
    const post = await postVideo(clip);
    const original = post.videos[0];
    expect(post.media_items).toEqual([{ kind: 'video', url: original, alt: null, renditions: [], transcode: 'pending' }]);
    const video = await until(
      'the renditions',
      async () => {
        const item = await videoOf(post.id);
        return item.transcode !== 'pending' && item;
      },
      120_000,
    );
    console.log(
      `3-second 480p clip transcoded in ${Date.now() - started} ms: ${video.renditions.map((r) => `${r.height}p ${r.bytes} B`).join(', ')}`,
    );
    expect(video.transcode).toBe('ready');
    expect(video.renditions.map((r) => r.height)).toEqual([240, 360]);
    const best = video.renditions[1].url;
    expect(video.url).toBe(best);
    expect(best).toBe(original.replace(/\.mp4$/, '-360p.mp4'));
    const after = (await t.app.inject({ url: `/api/posts/${post.id}/`, headers: author.headers })).json() as Post;
    expect(after.videos).toEqual([best]);
    // The original is gone from the store; each rendition is served, H.264 and AAC, its index first, no location.
    expect((await t.app.inject({ url: original })).statusCode).toBe(404);
    for (const rendition of video.renditions) {
      const served = await t.app.inject({ url: rendition.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('video/mp4');
      expect(served.rawPayload.length).toBe(rendition.bytes);
      const description = describeFile(served.rawPayload);
      expect(description).toMatch(new RegExp(`Video: h264[^\\n]*x${rendition.height}[\\s,]`));
      expect(description).toMatch(/Audio: aac/);
      expect(description).not.toContain('12.9716');
      // faststart: the index (moov) before the media (mdat).
      expect(served.rawPayload.indexOf('moov')).toBeLessThan(served.rawPayload.indexOf('mdat'));
    }
    expect(video.renditions[0].bytes).toBeLessThan(video.renditions[1].bytes);
  });

  it('makes a comment’s video’s renditions too: its media_url then plays the best', async () => {
    const host = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: author.headers,
      payload: { circle: circle.id, title: 'Clips here' },
    });
    const form = await multipart([
      ['post', String(host.json().id)],
      ['body', 'Mine from the same ferry'],
      ['media', { data: clip, filename: 'mine.mp4', type: 'video/mp4' }],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts/comments/',
      headers: { ...author.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const original = res.json().media_url as string;
    expect(res.json().media_items[0]).toMatchObject({ kind: 'video', transcode: 'pending', renditions: [] });
    const comment = await until(
      'the comment’s renditions',
      async () => {
        const seen = (await t.app.inject({ url: `/api/posts/comments/${res.json().id}/`, headers: author.headers })).json();
        return seen.media_items?.[0]?.transcode !== 'pending' && seen;
      },
      120_000,
    );
    expect(comment.media_items[0].transcode).toBe('ready');
    expect(comment.media_items[0].renditions.map((r: { height: number }) => r.height)).toEqual([240, 360]);
    expect(comment.media_url).toBe(original.replace(/\.mp4$/, '-360p.mp4'));
    expect((await t.app.inject({ url: original })).statusCode).toBe(404);
    expect((await t.app.inject({ url: comment.media_url })).statusCode).toBe(200);
  });

  it('leaves a video ffmpeg cannot read as it was, failed, still served', async () => {
    const post = await postVideo(makeMp4());
    const video = await until(
      'the outcome',
      async () => {
        const item = await videoOf(post.id);
        return item.transcode !== 'pending' && item;
      },
      60_000,
    );
    expect(video).toMatchObject({ url: post.videos[0], transcode: 'failed', renditions: [] });
    expect((await t.app.inject({ url: post.videos[0] })).statusCode).toBe(200);
  });
});
