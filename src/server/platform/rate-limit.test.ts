import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createRateLimiter } from './rate-limit.ts';

const log = Fastify({ logger: false }).log;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('limiter', () => {
  it('allows up to the limit and tells how long to wait after it', async () => {
    const limiter = createRateLimiter({ log });
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await limiter.hit('k', 3, 60_000));
    expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
    expect(hits.map((h) => h.count)).toEqual([1, 2, 3, 4]);
    expect(hits[3].retryAfterMs).toBeGreaterThan(59_000);
    await limiter.close();
  });

  it('counts keys apart and starts again after the window', async () => {
    const limiter = createRateLimiter({ log });
    expect((await limiter.hit('a', 1, 1000)).allowed).toBe(true);
    expect((await limiter.hit('b', 1, 1000)).allowed).toBe(true);
    expect((await limiter.hit('a', 1, 1000)).allowed).toBe(false);
    await sleep(1100);
    expect(await limiter.hit('a', 1, 1000)).toMatchObject({ allowed: true, count: 1 });
    await limiter.close();
  });

  it('counts in-process when Redis cannot be reached, instead of failing', async () => {
    const limiter = createRateLimiter({ redisUrl: 'redis://127.0.0.1:9', log });
    const first = await limiter.hit('k', 1, 60_000);
    const second = await limiter.hit('k', 1, 60_000);
    expect([first.allowed, second.allowed]).toEqual([true, false]);
    await limiter.close();
  });
});

describe('on Redis', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `bsq:test:${randomUUID()}`;
  const a = createRateLimiter({ redisUrl, prefix, log });
  const b = createRateLimiter({ redisUrl, prefix, log });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('shares one count between two instances and expires with the window', async () => {
    expect((await a.hit('ip', 5, 1000)).count).toBe(1);
    const second = await b.hit('ip', 5, 1000);
    expect(second.count).toBe(2);
    expect(second.retryAfterMs).toBeGreaterThan(0);
    expect(second.retryAfterMs).toBeLessThanOrEqual(1000);
    await sleep(1100);
    expect((await a.hit('ip', 5, 1000)).count).toBe(1);
  });
});
