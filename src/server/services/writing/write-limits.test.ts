import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/errors.ts';
import { createRateLimiter } from '../../platform/rate-limit.ts';
import { wordMessage, type Message } from '../../platform/errors.ts';
import { createWriteLimits, waitInWords, type WriteLimitRules } from './write-limits.ts';

const HOUR = 3_600_000;
const rules: WriteLimitRules = {
  post: { limit: 8, windowMs: HOUR },
  comment: { limit: 60, windowMs: HOUR },
  channel: { limit: 5, windowMs: 24 * HOUR },
  report: { limit: 20, windowMs: HOUR },
  reaction: { limit: 300, windowMs: HOUR },
  'join-request': { limit: 30, windowMs: HOUR },
};
const silent = { warn() {} } as never;

describe('write limits', () => {
  it('give a new account a quarter of each limit and an established one all of it; 0 hours turns the tier off', () => {
    const now = Date.UTC(2026, 0, 10);
    const limits = createWriteLimits({ limiter: createRateLimiter({ log: silent }), rules, newAccountHours: 24, now: () => now });
    const fresh = { id: 1, createdAt: new Date(now - HOUR) };
    const old = { id: 2, createdAt: new Date(now - 48 * HOUR) };
    expect(limits.limitFor('post', fresh)).toEqual({ limit: 2, windowMs: HOUR, isNew: true });
    expect(limits.limitFor('post', old)).toEqual({ limit: 8, windowMs: HOUR, isNew: false });
    expect(limits.limitFor('channel', fresh).limit).toBe(2);
    const off = createWriteLimits({ limiter: createRateLimiter({ log: silent }), rules, newAccountHours: 0, now: () => now });
    expect(off.limitFor('post', fresh).limit).toBe(8);
  });

  it('refuse the write past the limit with 429, Retry-After and when to write again', async () => {
    const limits = createWriteLimits({ limiter: createRateLimiter({ log: silent }), rules, newAccountHours: 24 });
    const writer = { id: 7, createdAt: new Date(Date.now() - HOUR) };
    await limits.check('post', writer);
    await limits.check('post', writer);
    const error = await limits.check('post', writer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    const http = error as HttpError;
    expect(http.statusCode).toBe(429);
    expect(Number(http.headers['Retry-After'])).toBeGreaterThan(3500);
    expect(wordMessage(http.body.detail as Message, 'en')).toBe(
      'You have reached the limit of 2 posts an hour for new accounts. You can post again in 60 minutes.',
    );
  });

  it('say the wait in words', () => {
    expect(wordMessage(waitInWords(1), 'en')).toBe('1 second');
    expect(wordMessage(waitInWords(45_000), 'en')).toBe('45 seconds');
    expect(wordMessage(waitInWords(12 * 60_000), 'en')).toBe('12 minutes');
    expect(wordMessage(waitInWords(5 * HOUR), 'en')).toBe('5 hours');
  });
});
