import { detail, say, type Message } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';

/**
 * Per-account limits on writing (posts, comments, channels, reports, reactions, join requests), counted in fixed
 * windows by the app's rate limiter (shared through Redis when REDIS_URL is set). Accounts younger than
 * NEW_ACCOUNT_HOURS get a quarter of each limit (at least one), in the spirit of Discourse's trust levels:
 * a fresh account is where spam and scams come from.
 */

export type WriteAction = 'post' | 'comment' | 'channel' | 'report' | 'reaction' | 'join-request';

export type WriteLimitRules = Record<WriteAction, { limit: number; windowMs: number }>;

/** The share of each limit a new account gets. */
export const NEW_ACCOUNT_SHARE = 0.25;

/** Each write's limit message in the catalogs (errors.limits.*). */
const LIMIT_KEYS: Record<WriteAction, string> = {
  post: 'errors.limits.post',
  comment: 'errors.limits.comment',
  channel: 'errors.limits.channel',
  report: 'errors.limits.report',
  reaction: 'errors.limits.reaction',
  'join-request': 'errors.limits.joinRequest',
};

/** "12 minutes", "1 hour", "40 seconds": when the member may write again, in words (a catalog message). */
export function waitInWords(ms: number): Message {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return say('errors.limits.second', { count: seconds });
  if (seconds < 90 * 60) return say('errors.limits.minute', { count: Math.ceil(seconds / 60) });
  return say('errors.limits.hours', { count: Math.ceil(seconds / 3600) });
}

const windowInWords = (windowMs: number): Message =>
  windowMs === 86_400_000
    ? say('errors.limits.day')
    : windowMs === 3_600_000
      ? say('errors.limits.hour')
      : say('errors.limits.every', { wait: waitInWords(windowMs) });

export type Writer = { id: number; createdAt: Date };

export function createWriteLimits(options: { limiter: RateLimiter; rules: WriteLimitRules; newAccountHours: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  return {
    /** The limit that applies to this member now, and whether they count as a new account. */
    limitFor(action: WriteAction, writer: Writer): { limit: number; windowMs: number; isNew: boolean } {
      const rule = options.rules[action];
      const isNew = options.newAccountHours > 0 && now() - writer.createdAt.getTime() < options.newAccountHours * 3_600_000;
      return { limit: isNew ? Math.max(1, Math.ceil(rule.limit * NEW_ACCOUNT_SHARE)) : rule.limit, windowMs: rule.windowMs, isNew };
    },

    /** Counts one write; past the limit, 429 with Retry-After and a sentence saying when the member can write again. */
    async check(action: WriteAction, writer: Writer): Promise<void> {
      const { limit, windowMs, isNew } = this.limitFor(action, writer);
      const hit = await options.limiter.hit(`write:${action}:${writer.id}`, limit, windowMs);
      if (hit.allowed) return;
      const seconds = Math.max(1, Math.ceil(hit.retryAfterMs / 1000));
      const message = say(LIMIT_KEYS[action], {
        count: limit,
        window: windowInWords(windowMs),
        who: isNew ? say('errors.limits.forNew') : '',
        wait: waitInWords(hit.retryAfterMs),
      });
      throw detail(429, message, {}, { 'Retry-After': String(seconds) });
    },
  };
}

export type WriteLimits = ReturnType<typeof createWriteLimits>;
