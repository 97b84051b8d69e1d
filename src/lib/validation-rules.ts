/**
 * The validation constants islands need, without zod: importing them from here keeps zod (about 12 KB gzip)
 * out of the browser bundles. validation.ts re-exports all of them for the server.
 */

/** Non-space, @, non-space, a dot, non-space (spec section 5). */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
export const OTP_MAX_LENGTH = 6;
export const TITLE_MAX_LENGTH = 300;
export const TITLE_COUNTER_DISPLAY = 100;

export const isValidEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

/** An absolute http(s) link with a host: never a script, a data URL or words a page would turn into a link. */
export function isWebLink(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Circle (channel) limits: the server enforces them, the wizard's inputs stop there. */
export const CIRCLE_NAME_MIN = 3;
export const CIRCLE_NAME_MAX = 50;
export const CIRCLE_DESCRIPTION_MAX = 500;

/** Drafts a member keeps at most (the create-post screen saves one as they type). */
export const MAX_DRAFTS = 50;

/** A scheduled post's time: at least this far ahead (the publish job runs every minute)… */
export const SCHEDULE_MIN_SECONDS = 120;
/** …and at most this many days ahead. */
export const SCHEDULE_MAX_DAYS = 30;

/**
 * Why a scheduled post's time is refused, as a catalog key (`errors.posts.*`), or null when it is fine: an ISO 8601
 * date and time with its offset (or Z), from SCHEDULE_MIN_SECONDS to SCHEDULE_MAX_DAYS after `now`.
 */
export function publishAtProblem(value: unknown, now: Date): { key: string; params?: Record<string, number> } | null {
  const text = typeof value === 'string' ? value.trim() : '';
  const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:?\d\d)$/i;
  const at = iso.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(at)) return { key: 'errors.posts.publishAtInvalid' };
  const ahead = at - now.getTime();
  if (ahead < SCHEDULE_MIN_SECONDS * 1000) return { key: 'errors.posts.publishAtTooSoon', params: { minutes: SCHEDULE_MIN_SECONDS / 60 } };
  if (ahead > SCHEDULE_MAX_DAYS * 86_400_000) return { key: 'errors.posts.publishAtTooLate', params: { days: SCHEDULE_MAX_DAYS } };
  return null;
}

/** A `datetime-local` input's value for a moment, in the browser's own time zone (the member's). */
export function localInputValue(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The moment a `datetime-local` value names in the browser's time zone, as ISO 8601 in UTC; '' for none. */
export function fromLocalInputValue(value: string): string {
  const at = value ? new Date(value) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : '';
}

/** A poll's options: at least this many… */
export const POLL_MIN_OPTIONS = 2;
/** …and at most this many, each at most POLL_OPTION_MAX_LENGTH characters. */
export const POLL_MAX_OPTIONS = 6;
export const POLL_OPTION_MAX_LENGTH = 100;
/** A poll closes at most this many days after it is made (the soonest is the server's POLL_MIN_CLOSE_SECONDS). */
export const POLL_MAX_DAYS = 30;

/** A poll as a new post sends it (`poll` on POST /api/posts/; a JSON text in a multipart form). */
export type PollInput = { options: string[]; multiple: boolean; closes_at: string; verified_only?: boolean };
