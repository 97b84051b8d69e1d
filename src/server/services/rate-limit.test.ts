import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createRateLimiter, memoryCounter, redisCounter } from './rate-limit.ts';

const log = Fastify({ logger: false }).log;

describe('memory counter', () => {
  it('counts within a window and starts again after it', async () => {
    let now = 1_000_000;
    const count = memoryCounter(() => now);
    expect(await count('a', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    now += 400;
    expect(await count('a', 1000)).toEqual({ count: 2, ttlMs: 600 });
    expect(await count('b', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    now += 600;
    expect(await count('a', 1000)).toEqual({ count: 1, ttlMs: 1000 });
  });

  it('forgets finished windows', async () => {
    let now = 0;
    const count = memoryCounter(() => now);
    for (let i = 0; i < 100; i++) await count(`ip-${i}`, 1000);
    expect(count.size()).toBe(100);
    now += 61_000;
    await count('fresh', 1000);
    expect(count.size()).toBe(1);
  });
});

describe('limiter', () => {
  it('allows up to the limit and tells how long to wait after it', async () => {
    const limiter = createRateLimiter({ log });
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await limiter.hit('k', 3, 60_000));
    expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
    expect(hits[3].retryAfterMs).toBeGreaterThan(59_000);
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

describe('Redis counter', () => {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = `bsq:test:${randomUUID()}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('shares one count between two clients and expires with the window', async () => {
    const other = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const a = redisCounter(redis, prefix);
    const b = redisCounter(other, prefix);
    expect((await a('ip', 200)).count).toBe(1);
    const second = await b('ip', 200);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(200);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await a('ip', 200)).count).toBe(1);
    await other.quit();
  });
});
