import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY, gated } from '../../src/server/plugins/admission.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, post } from '../helpers/fixtures.ts';

/**
 * One request in the database at a time and a line of 5: a burst of 60 saturates it, the overflow turned away at once.
 * The wait is long enough (2 s) that a small burst on a slow machine is never timed out: the wait's own limit is
 * tested in http/request-gate.test.ts.
 */
let t: TestApp;
let author: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await buildTestApp({}, { REQUEST_CONCURRENCY: '1', REQUEST_QUEUE_WAIT_MS: '2000', REQUEST_QUEUE_MAX: '5' });
  author = await createUser(t.app);
  const circle = await createCircle(t.app, author, 'Busy Square');
  for (let i = 0; i < 15; i++) await post(t.app, author, circle, `Post ${i}`);
});
afterAll(() => t.close());

const feed = () => t.app.inject({ method: 'GET', url: '/api/posts/public/feed/' });

describe('a saturated database', () => {
  it('turns the overflow away with 503 and Retry-After at once, answers the rest, and leaves no request hanging', async () => {
    const started = Date.now();
    const answers = await Promise.race([
      Promise.all(Array.from({ length: 60 }, feed)),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('a request hung')), 20_000)),
    ]);
    const busy = answers.filter((res) => res.statusCode === 503);
    const served = answers.filter((res) => res.statusCode === 200);
    expect(busy.length + served.length).toBe(60);
    expect(served.length).toBeGreaterThan(0);
    expect(busy.length).toBeGreaterThan(0);
    for (const res of busy) {
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toMatchObject({ detail: BUSY });
    }
    expect(Date.now() - started).toBeLessThan(20_000);
    // The health check is never queued behind the database's line.
    const during = await Promise.all([...Array.from({ length: 20 }, feed), t.app.inject({ method: 'GET', url: '/api/health' })]);
    expect(during.at(-1)!.statusCode).not.toBe(503);
  });

  it('lets every request in again once the burst has passed (no turn is lost)', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await feed();
      expect(res.statusCode).toBe(200);
    }
    // Sequential bursts the size of the gate and its line are all served.
    const answers = await Promise.all(Array.from({ length: 3 }, feed));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
  });
});

describe('an upload on a slow connection', () => {
  it('does not hold a database turn while its body streams in', async () => {
    const body = new PassThrough();
    const boundary = 'slow-upload-boundary';
    const upload = t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: { ...author.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    body.write(`--${boundary}\r\nContent-Disposition: form-data; name="circle"\r\n\r\nBusy Square\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // With the gate's one turn held by the upload, this would wait its 2 s and be turned away.
    expect((await feed()).statusCode).toBe(200);
    body.end(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSlow upload\r\n--${boundary}--\r\n`);
    expect((await upload).statusCode).toBe(201);
  });
});

describe('clients that go away while waiting in line', () => {
  /** A real GET on a real socket, destroyed after `afterMs`: the client gives up while the request waits its turn. */
  const dropped = (port: number, afterMs: number) =>
    new Promise<void>((resolve) => {
      const request = httpRequest({ host: '127.0.0.1', port, path: '/api/posts/public/feed/', method: 'GET' });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.end();
      setTimeout(() => request.destroy(), afterMs);
    });

  it('give their turn back: after 30 dropped waiters every call is still served, and health says the gate admits', async () => {
    const dropping = await buildTestApp({}, { REQUEST_CONCURRENCY: '1', REQUEST_QUEUE_WAIT_MS: '5000', REQUEST_QUEUE_MAX: '100' });
    try {
      const owner = await createUser(dropping.app);
      const circle = await createCircle(dropping.app, owner, 'Dropping Square');
      for (let i = 0; i < 10; i++) await post(dropping.app, owner, circle, `Post ${i}`);
      await dropping.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = dropping.app.server.address() as AddressInfo;
      for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 10 }, (_, i) => dropped(port, 2 + 3 * i)));
      // Whatever was let in finishes; then the gate must admit again.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = await Promise.all(
        Array.from({ length: 3 }, () => dropping.app.inject({ method: 'GET', url: '/api/posts/public/feed/' })),
      );
      expect(after.map((res) => res.statusCode)).toEqual([200, 200, 200]);
      const health = await dropping.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json().gate).toMatchObject({ admitting: true });
    } finally {
      await dropping.close();
    }
  });
});

describe('what waits on a slow reader holds no turn', () => {
  it('an export download (its id a UUID) is not gated; the export list still is', () => {
    const id = '3f0c9a52-2d7e-4b7a-9d1e-6f1f3b1b9c11';
    expect(gated({ url: `/api/users/me/export/${id}/download/?expires=1&signature=${'a'.repeat(64)}`, headers: {} })).toBe(false);
    expect(gated({ url: `/api/users/me/export/${id}/`, headers: {} })).toBe(true);
    expect(gated({ url: '/api/notifications/stream/?ticket=x', headers: {} })).toBe(false);
    expect(gated({ url: '/api/healthy-looking/', headers: {} })).toBe(true);
  });
});
