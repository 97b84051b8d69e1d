import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests, type Message } from './errors.ts';

/**
 * Counters for the product's limits (sign-in codes per address, writes per member and action).
 * They are counted on `rate-limiter-flexible`: in-process by default; with REDIS_URL every instance
 * behind a load balancer shares the same counters, and if Redis cannot be reached the library's
 * insurance limiter counts in-process instead (said once in the log), so an outage never locks people
 * out nor turns into 500s.
 *
 * Why not `@fastify/rate-limit`: it limits requests per route and key generator, while these limits are
 * rules of the services, keyed by what the rule counts (an address's keyed hash, a member and an
 * action) and checked wherever the rule applies, whichever route reaches it.
 */

export type Hit = { count: number; allowed: boolean; retryAfterMs: number };

export type RateLimiter = {
  hit: (key: string, limit: number, windowMs: number) => Promise<Hit>;
  close: () => Promise<void>;
};

const toHit = (result: RateLimiterRes, limit: number): Hit => ({
  count: result.consumedPoints,
  allowed: result.consumedPoints <= limit,
  retryAfterMs: Math.max(0, result.msBeforeNext),
});

/** The library counts in whole seconds; a window shorter than one second counts as one. */
const windowSeconds = (windowMs: number) => Math.max(1, Math.ceil(windowMs / 1000));

export function createRateLimiter(options: { redisUrl?: string; prefix?: string; log: FastifyBaseLogger }): RateLimiter {
  const keyPrefix = options.prefix ?? 'bsq:rl';
  // One counter per (limit, window) pair; a rule's limit and window come from config and do not change.
  const limiters = new Map<string, RateLimiterAbstract>();
  let redis: Redis | undefined;
  let warned = false;
  if (options.redisUrl) {
    // Commands wait for the first connection; once Redis is away a command fails after one retry and the
    // insurance counter answers.
    redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    redis.on('error', (error) => {
      if (!warned) options.log.warn({ err: error }, 'rate limit: Redis unavailable, counting in-process');
      warned = true;
    });
    redis.on('ready', () => {
      warned = false;
    });
  }
  const limiterFor = (limit: number, windowMs: number) => {
    const id = `${limit}:${windowMs}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      const shape = { points: limit, duration: windowSeconds(windowMs), keyPrefix };
      const memory = new RateLimiterMemory(shape);
      limiter = redis ? new RateLimiterRedis({ ...shape, storeClient: redis, insuranceLimiter: memory }) : memory;
      limiters.set(id, limiter);
    }
    return limiter;
  };
  return {
    async hit(key, limit, windowMs) {
      try {
        return toHit(await limiterFor(limit, windowMs).consume(key), limit);
      } catch (outcome) {
        // The library rejects with the counter's state once the limit is passed.
        if (outcome instanceof RateLimiterRes) return toHit(outcome, limit);
        throw outcome;
      }
    },
    close: async () => {
      if (redis) await redis.quit().catch(() => redis?.disconnect());
    },
  };
}

/** Counts one request against `key` and throws 429 with Retry-After once the window's limit is passed. */
export async function enforceLimit(
  limiter: RateLimiter,
  rule: { key: string; limit: number; windowMs: number; message: string | Message },
): Promise<void> {
  const hit = await limiter.hit(rule.key, rule.limit, rule.windowMs);
  if (!hit.allowed) throw tooManyRequests(hit.retryAfterMs / 1000, rule.message);
}
