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
