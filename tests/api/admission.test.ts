import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY } from '../../src/server/plugins/admission.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, post } from '../helpers/fixtures.ts';

/**
 * One request in the database at a time and a line of 5: a burst of 60 saturates it, the overflow turned away at once.
 * The wait is long enough (2 s) that a small burst on a slow machine is never timed out: the wait's own limit is
 * tested in request-gate.test.ts.
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
      expect(res.json()).toEqual({ detail: BUSY });
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
