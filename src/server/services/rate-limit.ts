import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { tooManyRequests } from '../http-errors.ts';

/**
 * Fixed-window counters for the per-IP limits. In-process by default; with REDIS_URL every instance
 * behind a load balancer shares the same counters. If Redis cannot be reached the limiter counts
 * in-process instead (and says so in the log), so an outage never locks people out nor turns into 500s.
 */

export type Hit = { count: number; allowed: boolean; retryAfterMs: number };

export type RateLimiter = {
  hit: (key: string, limit: number, windowMs: number) => Promise<Hit>;
  close: () => Promise<void>;
};

type Counter = (key: string, windowMs: number) => Promise<{ count: number; ttlMs: number }>;

const toHit = (count: number, ttlMs: number, limit: number): Hit => ({ count, allowed: count <= limit, retryAfterMs: Math.max(0, ttlMs) });

export function memoryCounter(now: () => number = Date.now): Counter & { size: () => number } {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  const counter = async (key: string, windowMs: number) => {
    const t = now();
    // Forget finished windows now and then, so one-off addresses do not pile up.
    if (t - lastSweep > 60_000) {
      for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      lastSweep = t;
    }
    let window = windows.get(key);
    if (!window || window.resetAt <= t) {
      window = { count: 0, resetAt: t + windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, ttlMs: window.resetAt - t };
  };
  return Object.assign(counter, { size: () => windows.size });
}

/** INCR with the window set on the first hit; returns the count and the time left in the window. */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

export function redisCounter(redis: Redis, prefix: string): Counter {
  return async (key, windowMs) => {
    const [count, ttlMs] = (await redis.eval(INCREMENT, 1, `${prefix}${key}`, String(windowMs))) as [number, number];
    return { count, ttlMs };
  };
}

export function createRateLimiter(options: { redisUrl?: string; prefix?: string; log: FastifyBaseLogger }): RateLimiter {
  const memory = memoryCounter();
  if (!options.redisUrl) {
    return { hit: async (key, limit, windowMs) => {
      const { count, ttlMs } = await memory(key, windowMs);
      return toHit(count, ttlMs, limit);
    }, close: async () => {} };
  }
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false });
  let warned = false;
  redis.on('error', (error) => {
    if (!warned) options.log.warn({ err: error }, 'rate limit: Redis unavailable, counting in-process');
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  const shared = redisCounter(redis, options.prefix ?? 'bsq:rl:');
  return {
    async hit(key, limit, windowMs) {
      try {
        const { count, ttlMs } = await shared(key, windowMs);
        return toHit(count, ttlMs, limit);
      } catch (error) {
        if (!warned) options.log.warn({ err: error }, 'rate limit: Redis command failed, counting in-process');
        warned = true;
        const { count, ttlMs } = await memory(key, windowMs);
        return toHit(count, ttlMs, limit);
      }
    },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Counts one request against `key` and throws 429 with Retry-After once the window's limit is passed. */
export async function enforceLimit(
  limiter: RateLimiter,
  rule: { key: string; limit: number; windowMs: number; message: string },
): Promise<void> {
  const hit = await limiter.hit(rule.key, rule.limit, rule.windowMs);
  if (!hit.allowed) throw tooManyRequests(hit.retryAfterMs / 1000, rule.message);
}
