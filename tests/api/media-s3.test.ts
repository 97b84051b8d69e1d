/**
 * Media on an S3-compatible store (MEDIA_STORE=s3://bucket/prefix): a real S3 server (s3rver) runs in this process
 * on a free port. Uploads, their variants, private media, serving, deleting and the data export all go through the
 * bucket, and nothing stays in the local media directory; while the store is down, media requests answer 503 with
 * Retry-After and no post is half-made, and they work again when it is back.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../src/lib/api-types.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import {
  addMember,
  createCircle,
  createUser,
  type FilePart,
  makeImage,
  makeMp4,
  multipart,
  type TestCircle,
  type TestUser,
} from '../helpers/fixtures.ts';
import { readZip } from '../helpers/zip.ts';
import { until } from '../helpers/until.ts';

const BUCKET = 'bsq-media-test';
const PREFIX = 'instance-a';

let s3dir: string;
let server: S3rver;
let port: number;
let s3: S3Client;
let t: TestApp;
let author: TestUser;
let circle: TestCircle;

async function startS3(onPort = 0): Promise<number> {
  server = new S3rver({ port: onPort, address: '127.0.0.1', silent: true, directory: s3dir });
  const address = (await server.run()) as unknown as { port: number };
  return address.port;
}

const keys = async () => ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((object) => object.Key!).sort();

async function postForm(user: TestUser, entries: [string, string | FilePart][]) {
  const form = await multipart(entries);
  return t.app.inject({ method: 'POST', url: '/api/posts/', payload: form.payload, headers: { ...user.headers, ...form.headers } });
}

const localMedia = () => (existsSync(t.config.mediaDir) ? readdirSync(t.config.mediaDir).filter((name) => !name.startsWith('.')) : []);

beforeAll(async () => {
  s3dir = mkdtempSync(path.join(os.tmpdir(), 'bsq-s3-'));
  port = await startS3();
  s3 = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  t = await buildTestApp(
    {},
    {
      MEDIA_STORE: `s3://${BUCKET}/${PREFIX}`,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      JOB_POLL_SECONDS: '0.5',
    },
  );
  author = await createUser(t.app);
  circle = await createCircle(t.app, author, 'Bucket Circle');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await server?.close();
  s3?.destroy();
  if (s3dir) rmSync(s3dir, { recursive: true, force: true });
});

describe('media on an S3 store', () => {
  it('stores an upload and its variants in the bucket under the prefix, serves them through the server, and removes them with the post', async () => {
    const res = await postForm(author, [
      ['circle', String(circle.id)],
      ['title', 'To the bucket'],
      ['images', { data: await makeImage('jpeg', 800, 600), filename: 'a.jpg', type: 'image/jpeg' }],
      ['videos', { data: makeMp4(), filename: 'clip.mp4', type: 'video/mp4' }],
    ]);
    expect(res.statusCode).toBe(201);
    const post = res.json() as Post;
    const [image] = post.images;
    const [video] = post.videos;
    const names = [image, video, ...post.image_sources![0].variants.map((v) => v.url)].map(
      (url) => `${PREFIX}/${url.slice('/media/'.length)}`,
    );
    expect(await keys()).toEqual([...names].sort());
    expect(localMedia()).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const part = await t.app.inject({ method: 'GET', url: video, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(makeMp4().subarray(4, 12));
    expect(part.headers['content-range']).toBe(`bytes 4-11/${makeMp4().length}`);
    expect((await t.app.inject({ method: 'GET', url: '/media/00000000-0000-4000-8000-000000000000.png' })).statusCode).toBe(404);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/posts/${post.id}/`, headers: author.headers })).statusCode).toBe(204);
    expect(await keys()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(404);
  });

  it("keeps a private circle's media under private/ in the bucket, served only on the signed URL", async () => {
    const secret = await createCircle(t.app, author, 'Bucket Secret', { channelType: 'private' });
    const res = await postForm(author, [
      ['circle', String(secret.id)],
      ['title', 'Hidden'],
      ['images', { data: await makeImage('png', 400, 200), filename: 'p.png', type: 'image/png' }],
    ]);
    expect(res.statusCode).toBe(201);
    const [signed] = (res.json() as Post).images;
    const [pathname] = signed.split('?');
    expect(await keys()).toContain(`${PREFIX}/${pathname.slice('/media/'.length)}`);
    expect((await keys()).every((key) => key.startsWith(`${PREFIX}/private/`))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: signed });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
    expect((await t.app.inject({ method: 'GET', url: pathname })).statusCode).toBe(404);
    // Its variants are signed too.
    const [variant] = (res.json() as Post).image_sources![0].variants;
    expect(variant.url).toMatch(/\?expires=\d+&signature=/);
    expect((await t.app.inject({ method: 'GET', url: variant.url })).statusCode).toBe(200);
  });

  it("puts the member's files from the bucket into their data export", async () => {
    const member = await createUser(t.app, 'exporter');
    await addMember(t.app, circle, member);
    const res = await postForm(member, [
      ['circle', String(circle.id)],
      ['title', 'Mine'],
      ['images', { data: await makeImage('png', 330, 100), filename: 'm.png', type: 'image/png' }],
    ]);
    expect(res.statusCode).toBe(201);
    const post = res.json() as Post;
    const name = post.images[0].slice('/media/'.length);
    const started = await t.app.inject({ method: 'POST', url: '/api/users/me/export/', headers: member.headers });
    const id = started.json().id as string;
    let status = 'pending';
    for (let waited = 0; status === 'pending' && waited < 20_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await t.app.inject({ url: `/api/users/me/export/${id}/`, headers: member.headers })).json().status;
    }
    expect(status).toBe('ready');
    const zip = await readZip((await t.app.inject({ url: `/api/users/me/export/${id}/download/`, headers: member.headers })).rawPayload);
    const original = (await t.app.inject({ method: 'GET', url: post.images[0] })).rawPayload;
    expect(zip.get(`media/${name}`)).toEqual(original);
    for (const variant of post.image_sources![0].variants) expect(zip.has(`media/${variant.url.slice('/media/'.length)}`)).toBe(true);
  });

  it('answers 503 with Retry-After while the store is down, keeps no half-made post, and works again when it is back', async () => {
    const res = await postForm(author, [
      ['circle', String(circle.id)],
      ['title', 'Before the outage'],
      ['images', { data: await makeImage('png'), filename: 'b.png', type: 'image/png' }],
    ]);
    const [image] = (res.json() as Post).images;
    const before = (await t.app.inject({ method: 'GET', url: '/api/posts/public/feed/' })).json().count as number;
    await server.close();
    try {
      const read = await t.app.inject({ method: 'GET', url: image });
      expect(read.statusCode).toBe(503);
      expect(read.headers['retry-after']).toMatch(/^\d+$/);
      const write = await postForm(author, [
        ['circle', String(circle.id)],
        ['title', 'During the outage'],
        ['images', { data: await makeImage('png'), filename: 'c.png', type: 'image/png' }],
      ]);
      expect(write.statusCode).toBe(503);
      expect(write.headers['retry-after']).toMatch(/^\d+$/);
      expect((await t.app.inject({ method: 'GET', url: '/api/posts/public/feed/' })).json().count).toBe(before);
    } finally {
      await startS3(port);
    }
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);
    expect(localMedia()).toEqual([]);
  });

  it('deletes a post while the store is down (204, gone at once) and removes its files once the store is back', async () => {
    const res = await postForm(author, [
      ['circle', String(circle.id)],
      ['title', 'Deleted in an outage'],
      ['images', { data: await makeImage('png'), filename: 'd.png', type: 'image/png' }],
    ]);
    expect(res.statusCode).toBe(201);
    const post = res.json() as Post;
    const stored = (await keys()).filter((key) => key.includes(post.images[0].slice('/media/'.length).split('.')[0]));
    expect(stored.length).toBeGreaterThan(1);
    await server.close();
    try {
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/posts/${post.id}/`, headers: author.headers });
      expect(deleted.statusCode).toBe(204);
      expect((await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}/` })).statusCode).toBe(404);
    } finally {
      await startS3(port);
    }
    // The removal was queued as a job, retried until the store answers.
    await until('the files to be removed', async () => (await keys()).every((key) => !stored.includes(key)), 30_000);
  }, 60_000);
});
