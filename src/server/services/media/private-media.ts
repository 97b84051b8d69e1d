import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Media of private circles lives under /media/private/ and is served only on a signed, expiring URL. The API signs
 * the URLs in the answers it gives (and it gives a private circle's posts and comments only to its members and
 * staff), so a URL copied out of the circle stops working when it expires. Public media keeps plain URLs, cached
 * by anyone for a year.
 */

export const PRIVATE_MEDIA_PREFIX = '/media/private/';

/** How long a signed URL works. Expiries are rounded up to the hour, so a URL stays the same (and cached) for an hour. */
export const PRIVATE_MEDIA_URL_SECONDS = 6 * 3600;
const ROUND_SECONDS = 3600;

/** A stored private media URL, as a post's `images`/`videos` or a comment's `media_url` holds it. */
const PRIVATE_URL = /^\/media\/private\/[0-9a-f-]{36}(?:_\d{1,5}x\d{1,5}(?:-\d{1,5})?)?\.[a-z0-9]{2,5}$/;

export function createMediaSigner(secret: string, now: () => number = Date.now) {
  const signatureOf = (pathname: string, expires: number) =>
    createHmac('sha256', secret).update(`media:${pathname}:${expires}`).digest('base64url');

  /** `/media/private/<name>?expires=<unix seconds>&signature=<hmac>` */
  function sign(pathname: string): string {
    const expires = Math.ceil((now() / 1000 + PRIVATE_MEDIA_URL_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS;
    return `${pathname}?expires=${expires}&signature=${signatureOf(pathname, expires)}`;
  }

  /** Seconds the URL still works, or null for a wrong, tampered or expired one. */
  function check(pathname: string, query: Record<string, unknown>): number | null {
    const expires = Number(query.expires);
    const signature = typeof query.signature === 'string' ? Buffer.from(query.signature) : null;
    if (!Number.isSafeInteger(expires) || !signature) return null;
    const left = expires - Math.floor(now() / 1000);
    if (left <= 0) return null;
    const expected = Buffer.from(signatureOf(pathname, expires));
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? left : null;
  }

  /**
   * Signs every private media URL in an answer (posts, comments, search hits, profiles), wherever it sits. Only the
   * objects and arrays on the way to such a URL are copied: an answer with none (every public page) is returned as
   * it is, without a copy.
   */
  function signAll<T>(value: T, depth = 0): T {
    if (typeof value === 'string') return (value.startsWith(PRIVATE_MEDIA_PREFIX) && PRIVATE_URL.test(value) ? sign(value) : value) as T;
    if (!value || typeof value !== 'object' || depth > 12) return value;
    if (Array.isArray(value)) {
      let copy: unknown[] | null = null;
      for (let i = 0; i < value.length; i++) {
        const signed = signAll(value[i], depth + 1);
        if (signed !== value[i]) (copy ??= [...value])[i] = signed;
      }
      return (copy ?? value) as T;
    }
    if (Object.getPrototypeOf(value) !== Object.prototype) return value;
    let copy: Record<string, unknown> | null = null;
    for (const key in value) {
      const item = (value as Record<string, unknown>)[key];
      const signed = signAll(item, depth + 1);
      if (signed !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = signed;
    }
    return (copy ?? value) as T;
  }

  return { sign, check, signAll };
}

export type MediaSigner = ReturnType<typeof createMediaSigner>;
