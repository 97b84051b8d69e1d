import { detail } from '../../platform/errors.ts';
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

const NOUNS: Record<WriteAction, [singular: string, plural: string, verb: string]> = {
  post: ['post', 'posts', 'post'],
  comment: ['comment', 'comments', 'comment'],
  channel: ['channel', 'channels', 'create a channel'],
  report: ['report', 'reports', 'report'],
  reaction: ['reaction', 'reactions', 'react'],
  'join-request': ['join request', 'join requests', 'ask to join'],
};

/** "12 minutes", "1 hour", "40 seconds": when the member may write again, in words. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const [amount, unit] =
    seconds < 90 ? [seconds, 'second'] : seconds < 90 * 60 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

const windowInWords = (windowMs: number) => (windowMs === 86_400_000 ? 'a day' : windowMs === 3_600_000 ? 'an hour' : `every ${waitInWords(windowMs)}`);

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
      const [singular, plural, verb] = NOUNS[action];
      const seconds = Math.max(1, Math.ceil(hit.retryAfterMs / 1000));
      const who = isNew ? ' for new accounts' : '';
      const message = `You have reached the limit of ${limit} ${limit === 1 ? singular : plural} ${windowInWords(windowMs)}${who}. You can ${verb} again in ${waitInWords(hit.retryAfterMs)}.`;
      throw detail(429, message, {}, { 'Retry-After': String(seconds) });
    },
  };
}

export type WriteLimits = ReturnType<typeof createWriteLimits>;
