import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../src/lib/api-types.ts';
import { buildTestApp, movableClock, type TestApp } from '../helpers/app.ts';
import { appVariant } from '../helpers/app-variant.ts';
import {
  addMember,
  createCircle,
  createUser,
  type FilePart,
  makeImage,
  makeMp4,
  makePhoneJpeg,
  MP4_LOCATION,
  multipart,
  type TestCircle,
  type TestUser,
} from '../helpers/fixtures.ts';

let t: TestApp;
let small: TestApp;
let author: TestUser;
let circle: TestCircle;

const mediaDir = (app: TestApp) => app.config.mediaDir;
const storedFiles = (app: TestApp) => readdirSync(mediaDir(app)).sort();
const storedPath = (app: TestApp, url: string) => path.join(mediaDir(app), url.replace(/^\/media\//, ''));

async function postForm(app: TestApp, user: TestUser, entries: [string, string | FilePart][]) {
  const form = await multipart(entries);
  return app.app.inject({ method: 'POST', url: '/api/posts/', payload: form.payload, headers: { ...user.headers, ...form.headers } });
}

const postCount = async (app: TestApp) => (await app.app.inject({ method: 'GET', url: '/api/posts/public/feed/' })).json().count as number;

beforeAll(async () => {
  t = await buildTestApp();
  author = await createUser(t.app);
  circle = await createCircle(t.app, author, 'Media Circle');
});
afterAll(async () => {
  await t.close();
  await small?.close();
});

describe('uploads with a post', () => {
  it('stores images and videos under random names, serves them at /media/, and lists them on the post', async () => {
    const res = await postForm(t, author, [
      ['circle', String(circle.id)],
      ['title', 'Trip'],
      ['images', { data: await makeImage('png'), filename: 'a.png', type: 'image/png' }],
      ['images', { data: await makeImage('jpeg'), filename: 'b.jpg', type: 'image/jpeg' }],
      ['images', { data: await makeImage('gif'), filename: 'c.gif', type: 'image/gif' }],
      ['images', { data: await makeImage('webp'), filename: 'd.webp', type: 'image/webp' }],
      ['videos', { data: makeMp4(), filename: 'clip.mp4', type: 'video/mp4' }],
    ]);
    expect(res.statusCode).toBe(201);
    const post = res.json() as Post;
    expect(post.images).toHaveLength(4);
    // Still images carry their pixel size in their names; the animated GIF does not (it has no variants).
    post.images.forEach((url, i) =>
      expect(url).toMatch(new RegExp(`^/media/[0-9a-f-]{36}(_\\d+x\\d+)?\\.${['png', 'jpg', 'gif', 'webp'][i]}$`)),
    );
    expect(post.videos).toEqual([expect.stringMatching(/^\/media\/[0-9a-f-]{36}\.mp4$/)]);
    // The video keeps its size and media but loses its shooting location; the images are real images of their type.
    const video = readFileSync(storedPath(t, post.videos[0]));
    expect(video.length).toBe(makeMp4().length);
    expect(video.includes(Buffer.from(MP4_LOCATION))).toBe(false);
    const served = await t.app.inject({ method: 'GET', url: post.images[0] });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
    expect(storedFiles(t).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('removes EXIF and GPS from a phone photo and turns it upright', async () => {
    const photo = await makePhoneJpeg();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await postForm(t, author, [
      ['circle', circle.name],
      ['title', 'Photo'],
      ['images', { data: photo, filename: 'IMG_0001.JPG', type: 'image/jpeg' }],
    ]);
    expect(res.statusCode).toBe(201);
    const [url] = (res.json() as Post).images;
    const stored = readFileSync(storedPath(t, url));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('SecretPhoneMaker'))).toBe(false);
  });

  it('goes by content, not by name or declared type: a PNG named .mp4 is stored as an image', async () => {
    const res = await postForm(t, author, [
      ['circle', circle.name],
      ['title', 'Renamed'],
      ['videos', { data: await makeImage('png'), filename: 'movie.mp4', type: 'video/mp4' }],
    ]);
    expect(res.statusCode).toBe(201);
    const post = res.json() as Post;
    expect(post.videos).toEqual([]);
    expect(post.images).toEqual([expect.stringMatching(/\.png$/)]);
  });

  it('refuses a text file named .png, and keeps nothing of the request', async () => {
    const before = storedFiles(t);
    const count = await postCount(t);
    const res = await postForm(t, author, [
      ['circle', circle.name],
      ['title', 'Fake'],
      ['images', { data: await makeImage('png'), filename: 'ok.png', type: 'image/png' }],
      ['images', { data: Buffer.from('just some text, honest'), filename: 'evil.png', type: 'image/png' }],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ images: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'] });
    expect(storedFiles(t)).toEqual(before);
    expect(await postCount(t)).toBe(count);
  });

  it('refuses a non-MP4 or a broken MP4 in videos with the video message', async () => {
    const quicktime = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  '), Buffer.alloc(8)]);
    const truncated = makeMp4().subarray(0, 100);
    for (const data of [quicktime, truncated]) {
      const res = await postForm(t, author, [
        ['circle', circle.name],
        ['title', 'Mov'],
        ['videos', { data, filename: 'clip.mp4', type: 'video/mp4' }],
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ videos: ['Upload a valid MP4 video.'] });
    }
  });

  it('refuses an image whose body is corrupt after a valid signature', async () => {
    const broken = Buffer.concat([(await makeImage('png')).subarray(0, 20), Buffer.from('garbage garbage')]);
    const res = await postForm(t, author, [
      ['circle', circle.name],
      ['title', 'Broken'],
      ['images', { data: broken, filename: 'x.png' }],
    ]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['images']);
  });

  it('deletes the stored files when the post itself is refused', async () => {
    const before = storedFiles(t);
    const cases: [string, string | FilePart][][] = [
      [
        ['images', { data: await makeImage('png'), filename: 'a.png' }],
        ['circle', circle.name],
      ],
      [
        ['images', { data: await makeImage('png'), filename: 'a.png' }],
        ['circle', 'Nowhere'],
        ['title', 'x'],
      ],
      [
        ['videos', { data: makeMp4(), filename: 'a.mp4' }],
        ['circle', circle.name],
        ['title', 'x'.repeat(301)],
      ],
    ];
    for (const entries of cases) {
      const res = await postForm(t, author, entries);
      expect(res.statusCode).toBe(400);
    }
    expect(storedFiles(t)).toEqual(before);
  });

  it('skips empty file inputs and files in unknown fields', async () => {
    const res = await postForm(t, author, [
      ['circle', circle.name],
      ['title', 'Nothing attached'],
      ['images', { data: Buffer.alloc(0), filename: '' }],
      ['attachment', { data: Buffer.from('ignored'), filename: 'x.txt' }],
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ images: [], videos: [] });
  });

  it('does not accept uploads from visitors', async () => {
    const form = await multipart([
      ['circle', circle.name],
      ['title', 'x'],
      ['images', { data: await makeImage('png'), filename: 'a.png' }],
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/posts/', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('size limit', () => {
  // A second app with a tiny limit, built once (building one takes seconds).
  beforeAll(async () => {
    small = await buildTestApp({ maxUploadBytes: 4096 });
  });

  it('answers 413 for a file over the limit and keeps nothing', async () => {
    const user = await createUser(small.app);
    const place = await createCircle(small.app, user, 'Small');
    const fits = await postForm(small, user, [
      ['circle', place.name],
      ['title', 'fits'],
      ['videos', { data: makeMp4(), filename: 'a.mp4' }],
    ]);
    expect(fits.statusCode).toBe(201);
    const before = storedFiles(small);
    const big = Buffer.concat([makeMp4(), Buffer.alloc(10_000)]);
    const res = await postForm(small, user, [
      ['circle', place.name],
      ['title', 'too big'],
      ['images', { data: await makeImage('png'), filename: 'a.png' }],
      ['videos', { data: big, filename: 'big.mp4' }],
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ detail: 'File too large. Each file may be at most 4 KB.' });
    expect(storedFiles(small)).toEqual(before);
    expect(await postCount(small)).toBe(1);
  });
});

describe('an upload over the limit', () => {
  it('is cut at the limit: the 413 comes at once, before the rest of the body is read', async () => {
    const limited = await appVariant(t, { maxUploadBytes: 1024 * 1024 });
    await limited.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = limited.app.server.address() as AddressInfo;
    const boundary = 'bsqboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="circle"\r\n\r\n${circle.id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const declared = 256 * 1024 * 1024;
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let answeredAfter = -1;
    socket.on('data', (chunk) => {
      if (answeredAfter < 0) answeredAfter = sent;
      answer += chunk.toString('latin1');
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => {});
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `POST /api/posts/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${author.access}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      socket.write(head);
      const chunk = Buffer.alloc(64 * 1024, 7);
      const started = Date.now();
      // Write until the server answers or stops reading (or 256 MB went, which is what the old server waited for).
      while (answeredAfter < 0 && !socket.destroyed && sent < declared - head.length - chunk.length && Date.now() - started < 20_000) {
        sent += chunk.length;
        if (!socket.write(chunk)) {
          await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), new Promise((resolve) => setTimeout(resolve, 200))]);
        }
      }
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain('File too large.');
      // Answered after at most the limit plus what the sockets buffer, far below the 256 MB declared.
      expect(answeredAfter).toBeGreaterThanOrEqual(0);
      expect(answeredAfter).toBeLessThan(32 * 1024 * 1024);
      expect(storedFiles(t).filter((name) => name.startsWith('.'))).toEqual([]);
    } finally {
      socket.destroy();
      await limited.close();
    }
  }, 60_000);
});

describe('media of a private circle', () => {
  let p: TestApp;
  const clock = movableClock();
  let owner: TestUser;
  let member: TestUser;
  let secret: TestCircle;
  let open: TestCircle;
  beforeAll(async () => {
    p = await buildTestApp({}, {}, { clock });
    owner = await createUser(p.app);
    member = await createUser(p.app);
    secret = await createCircle(p.app, owner, 'Hidden Room', { channelType: 'private' });
    open = await createCircle(p.app, owner, 'Open Yard');
    await addMember(p.app, secret, member);
  });
  afterAll(() => p?.close());

  const get = (url: string) => p.app.inject({ method: 'GET', url });
  const SIGNED = /^\/media\/private\/[0-9a-f-]{36}_\d+x\d+\.png\?expires=\d+&signature=[\w-]+$/;

  it('is served only on the signed, expiring URL the API gives those who see the post', async () => {
    const created = await postForm(p, owner, [
      ['circle', String(secret.id)],
      ['title', 'Inside'],
      ['images', { data: await makeImage('png'), filename: 'a.png', type: 'image/png' }],
    ]);
    expect(created.statusCode).toBe(201);
    const [url] = (created.json() as Post).images;
    expect(url).toMatch(SIGNED);
    // A member reading the post gets a working signed URL too.
    const seen = await p.app.inject({ method: 'GET', url: `/api/posts/${created.json().id}/`, headers: member.headers });
    const [memberUrl] = (seen.json() as Post).images;
    expect(memberUrl).toMatch(SIGNED);
    const served = await get(memberUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
    // Without the signature, with another one, or with a changed expiry: the same 404 as a missing file.
    const [pathname, query] = url.split('?');
    const params = new URLSearchParams(query);
    expect((await get(pathname)).statusCode).toBe(404);
    expect((await get(`${pathname}?expires=${params.get('expires')}&signature=${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await get(`${pathname}?expires=${Number(params.get('expires')) + 3600}&signature=${params.get('signature')}`)).statusCode).toBe(
      404,
    );
    // An outsider does not see the post, so never gets a URL; a URL copied out of the circle stops working.
    expect(
      (await p.app.inject({ method: 'GET', url: `/api/posts/${created.json().id}/`, headers: (await createUser(p.app)).headers }))
        .statusCode,
    ).toBe(404);
    clock.advance(7 * 3600_000);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('is not served through any other spelling of its path: percent-encoded, upper-case %2F, or a variant, unsigned', async () => {
    const created = await postForm(p, owner, [
      ['circle', String(secret.id)],
      ['title', 'Encoded'],
      ['images', { data: await makeImage('png'), filename: 'e.png', type: 'image/png' }],
    ]);
    const [pathname] = (created.json() as Post).images[0].split('?');
    const file = pathname.slice('/media/private/'.length);
    const sources = (created.json() as Post & { image_sources: { srcset?: string }[] }).image_sources;
    const variant = JSON.stringify(sources).match(/\/media\/private\/([0-9a-f-]{36}_\d+x\d+-\d+\.(?:webp|avif))/)![1];
    const encodedPrivate = [...'private'].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    for (const name of [file, variant]) {
      for (const spelling of [
        `/media/%70rivate/${name}`,
        `/media/private%2F${name}`,
        `/media/private%2f${name}`,
        `/media/${encodedPrivate}/${name}`,
        `/media/${encodedPrivate}%2F${name}`,
      ]) {
        const res = await get(spelling);
        expect({ spelling, status: res.statusCode }).toEqual({ spelling, status: 404 });
      }
      expect((await p.app.inject({ method: 'HEAD', url: `/media/%70rivate/${name}` })).statusCode).toBe(404);
    }
  });

  it("covers a comment's media in a private circle; public media keeps plain URLs cached by anyone", async () => {
    const inside = await postForm(p, owner, [
      ['circle', String(secret.id)],
      ['title', 'Thread'],
    ]);
    const form = await multipart([
      ['post', String(inside.json().id)],
      ['body', 'look'],
      ['media', { data: await makeImage('png'), filename: 'c.png', type: 'image/png' }],
    ]);
    const comment = await p.app.inject({
      method: 'POST',
      url: '/api/posts/comments/',
      payload: form.payload,
      headers: { ...member.headers, ...form.headers },
    });
    expect(comment.statusCode).toBe(201);
    expect(comment.json().media_url).toMatch(SIGNED);
    expect((await get(comment.json().media_url)).statusCode).toBe(200);
    expect((await get(comment.json().media_url.split('?')[0])).statusCode).toBe(404);

    const outside = await postForm(p, owner, [
      ['circle', String(open.id)],
      ['title', 'Outside'],
      ['images', { data: await makeImage('png'), filename: 'b.png', type: 'image/png' }],
    ]);
    const [url] = (outside.json() as Post).images;
    expect(url).toMatch(/^\/media\/[0-9a-f-]{36}_24x16\.png$/);
    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('image variants', () => {
  it('stores a photo once with WebP and AVIF copies 320, 640 and 1280 wide, describes them on the post, and removes them with it', async () => {
    const before = storedFiles(t);
    const res = await postForm(t, author, [
      ['circle', String(circle.id)],
      ['title', 'Wide photo'],
      ['images', { data: await makeImage('jpeg', 2000, 1000), filename: 'wide.jpg', type: 'image/jpeg' }],
      ['images', { data: await makeImage('png', 500, 300), filename: 'small.png', type: 'image/png' }],
    ]);
    expect(res.statusCode).toBe(201);
    const post = res.json() as Post;
    const [wide, small] = post.image_sources!;
    expect(wide).toMatchObject({ url: post.images[0], width: 2000, height: 1000 });
    expect(wide.variants.map((v) => `${v.width}.${v.format}`)).toEqual([
      '320.avif',
      '320.webp',
      '640.avif',
      '640.webp',
      '1280.avif',
      '1280.webp',
    ]);
    // A smaller image gets the standard widths below its own, and its own width (a wide screen still gets it whole).
    expect(small).toMatchObject({ url: post.images[1], width: 500, height: 300 });
    expect(small.variants.map((v) => `${v.width}.${v.format}`)).toEqual(['320.avif', '320.webp', '500.avif', '500.webp']);
    for (const variant of [...wide.variants, ...small.variants]) {
      const served = await t.app.inject({ method: 'GET', url: variant.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(`image/${variant.format}`);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.width).toBe(variant.width);
      expect(meta.format).toBe(variant.format === 'avif' ? 'heif' : 'webp');
    }
    const sizes = await Promise.all(wide.variants.map(async (v) => (await t.app.inject({ method: 'GET', url: v.url })).rawPayload.length));
    const original = (await t.app.inject({ method: 'GET', url: wide.url })).rawPayload.length;
    expect(Math.max(...sizes.slice(0, 4))).toBeLessThan(original);
    expect(storedFiles(t).length).toBe(before.length + 2 + 10);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/posts/${post.id}/`, headers: author.headers })).statusCode).toBe(204);
    expect(storedFiles(t)).toEqual(before);
  });

  it("keeps an old post's image without a size as it was: no size, no variants", async () => {
    const { imageSources } = await import('../../src/lib/media-variants.ts');
    expect(imageSources('/media/0b7c5d3e-1111-4222-8333-944455556666.png')).toEqual({
      url: '/media/0b7c5d3e-1111-4222-8333-944455556666.png',
      width: null,
      height: null,
      variants: [],
    });
  });
});

describe('serving media', () => {
  it('answers a byte range of a video (players seek), 416 for a range past its end, and HEAD without a body', async () => {
    const res = await postForm(t, author, [
      ['circle', String(circle.id)],
      ['title', 'Clip'],
      ['videos', { data: makeMp4(), filename: 'clip.mp4', type: 'video/mp4' }],
    ]);
    const [video] = (res.json() as Post).videos;
    const whole = makeMp4().length;
    const part = await t.app.inject({ method: 'GET', url: video, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${whole}`);
    expect(part.rawPayload.length).toBe(10);
    expect(part.headers['content-type']).toBe('video/mp4');
    const past = await t.app.inject({ method: 'GET', url: video, headers: { range: `bytes=${whole + 10}-` } });
    expect(past.statusCode).toBe(416);
    const head = await t.app.inject({ method: 'HEAD', url: video });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(whole));
    expect(head.rawPayload.length).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/media/missing.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/../config.ts' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: video, payload: { a: 1 } })).statusCode).toBe(405);
  });
});
