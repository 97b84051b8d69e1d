import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkPreview, Post } from '../../src/lib/api-types.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, type TestCircle, type TestUser } from '../helpers/fixtures.ts';
import { until } from '../helpers/until.ts';

/**
 * Link posts: the preview is fetched in a job from a local server (allowed by LINK_PREVIEW_ALLOW_HOSTS, as nothing
 * else on a private address is), its image re-encoded and served from our media store; every refusal the issue names
 * leaves the preview `failed` with the link still shown, and the scam shield reads what the linked page says.
 */
let t: TestApp;
let author: TestUser;
let reader: TestUser;
let circle: TestCircle;
let server: http.Server;
let base: string;
const served: string[] = [];

const ARTICLE = `<!doctype html><html><head>
  <title>Plain title</title>
  <meta property="og:title" content="Udupi &amp; Manipal get a new bus route">
  <meta property="og:description" content="The KSRTC adds buses every 20 minutes from Monday.">
  <meta property="og:image" content="/cover.jpg">
  <link rel="alternate" type="application/json+oembed" href="/oembed.json">
</head><body><h1>Ignored</h1><meta property="og:title" content="late"></body></html>`;

const SCAM_PAGE = `<html><head><meta property="og:title" content="SBI KYC update">
  <meta property="og:description" content="Dear customer, your KYC is pending. Pay Rs 10 to upi id kyc.update@okaxis now or your account is blocked today.">
  </head></html>`;

let cover: Buffer;

beforeAll(async () => {
  // A photo with a location in its metadata: what we keep must have none.
  cover = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#1d4ed8' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Someone', ImageDescription: 'near 12.97N 77.59E' } })
    .toBuffer();
  server = http.createServer((request, response) => {
    served.push(request.url ?? '');
    const send = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': type, ...headers });
      response.end(body);
    };
    switch (request.url) {
      case '/article':
        return send(200, 'text/html; charset=utf-8', ARTICLE);
      case '/cover.jpg':
        return send(200, 'image/jpeg', cover);
      case '/scam':
        return send(200, 'text/html', SCAM_PAGE);
      case '/to-metadata':
        return send(302, 'text/plain', '', { location: 'http://169.254.169.254/latest/meta-data/' });
      case '/huge':
        return send(200, 'text/html', 'x'.repeat(1024 * 1024 + 10));
      default:
        return send(404, 'text/plain', 'missing');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ linkPreviewAllowHosts: [`127.0.0.1:${port}`] });
  // An established account: a new account's links are held for review (NEW_ACCOUNT_HOURS), which is not what this tests.
  const established = new Date(Date.now() - 3 * 86_400_000);
  [author, reader] = await Promise.all([createUser(t.app, 'author', { createdAt: established }), createUser(t.app, 'reader')]);
  circle = await createCircle(t.app, author, `Coastal News ${Date.now().toString(36)}`);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const createLinkPost = (link: unknown, title = 'Worth a read') =>
  t.app.inject({ method: 'POST', url: '/api/posts/', headers: author.headers, payload: { circle: circle.id, title, link } });

async function settled(postId: number): Promise<Post> {
  return until(
    'the link preview',
    async () => {
      const res = await t.app.inject({ url: `/api/posts/${postId}/`, headers: reader.headers });
      expect(res.statusCode, res.body).toBe(200);
      const post = res.json() as Post;
      return post.link?.status !== 'pending' && post;
    },
    30_000,
  );
}

describe('link posts', () => {
  it('answers 201 with the link pending, then shows the page’s title, description and our own copy of its image', async () => {
    const started = Date.now();
    const created = await createLinkPost(`${base}/article`);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().link).toEqual({ url: `${base}/article`, title: null, description: null, image: null, status: 'pending' });
    const post = await settled(created.json().id);
    console.log(`link preview ready in ${Date.now() - started} ms`);
    expect(post.link).toEqual({
      url: `${base}/article`,
      title: 'Udupi & Manipal get a new bus route',
      description: 'The KSRTC adds buses every 20 minutes from Monday.',
      image: expect.stringMatching(/^\/media\/[\w-]+\.jpg$/),
      status: 'ready',
    } satisfies LinkPreview);
    // No oEmbed: the page's oEmbed address was never asked for.
    expect(served).not.toContain('/oembed.json');
    // The image is ours, re-encoded: served from the media store, without the metadata it came with.
    const image = await t.app.inject({ url: post.link!.image! });
    expect(image.statusCode).toBe(200);
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.width).toBe(64);
    expect(meta.exif).toBeUndefined();
    // It is on the feed's card too.
    const feed = (await t.app.inject({ url: `/api/posts/public/feed/?circle=${circle.id}` })).json();
    expect(feed.results.find((p: Post) => p.id === post.id).link.status).toBe('ready');
  });

  it('refuses what is not an http or https address, with the field named, in the reader’s language', async () => {
    for (const link of ['javascript:alert(1)', 'ftp://example.in/x', 'not a url', `https://example.in/${'x'.repeat(2000)}`, 42]) {
      const res = await createLinkPost(link);
      expect(res.statusCode, String(link)).toBe(400);
      expect(Object.keys(res.json())).toEqual(['link']);
    }
    expect((await createLinkPost('javascript:alert(1)')).json()).toEqual({
      link: ['Enter a web address starting with http:// or https://.'],
    });
    const hindi = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: { ...author.headers, 'accept-language': 'hi' },
      payload: { circle: circle.id, title: 'x', link: 'ftp://example.in' },
    });
    expect(hindi.json()).toEqual({ link: ['http:// या https:// से शुरू होने वाला वेब पता दर्ज करें।'] });
    // Without a link a post carries none.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: author.headers,
      payload: { circle: circle.id, title: 'No link' },
    });
    expect(plain.json().link).toBeNull();
  });

  it('never fetches a private address: metadata, a redirect to it, a name that resolves to loopback, an IPv4-mapped loopback', async () => {
    const port = new URL(base).port;
    for (const link of [
      'http://169.254.169.254/latest/meta-data/',
      `${base}/to-metadata`,
      `http://localhost:${port}/article`,
      `http://[::ffff:127.0.0.1]:${port}/article`,
      `${base}/huge`,
      `${base}/missing`,
    ]) {
      const before = served.length;
      const created = await createLinkPost(link);
      expect(created.statusCode, created.body).toBe(201);
      const post = await settled(created.json().id);
      expect(post.link, link).toMatchObject({ url: new URL(link).toString(), status: 'failed', title: null, image: null });
      // Only our allowed server's own pages were asked for: nothing reached a refused address.
      expect(
        served.slice(before).every((url) => ['/to-metadata', '/huge', '/missing'].includes(url)),
        link,
      ).toBe(true);
    }
  });

  it('reads what the linked page says: a scam page puts a warning on the post and tells its author', async () => {
    const created = await createLinkPost(`${base}/scam`, 'Look at this');
    expect(created.statusCode, created.body).toBe(201);
    const post = await until(
      'the verdict',
      async () => {
        const seen = (await t.app.inject({ url: `/api/posts/${created.json().id}/`, headers: author.headers })).json() as Post;
        return seen.link?.status === 'ready' && (seen.safety_warning !== null || seen.moderation_status !== 'visible') && seen;
      },
      30_000,
    );
    expect(post.link?.title).toBe('SBI KYC update');
    const inbox = (await t.app.inject({ url: '/api/notifications/', headers: author.headers })).json();
    const told = inbox.results.find((n: { post_id: number }) => n.post_id === post.id);
    expect(['postWarnedForLink', 'postHeldForLink']).toContain(told.code);
  });
});
