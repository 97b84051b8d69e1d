import { createHash } from 'node:crypto';

/**
 * The headers every HTML page is sent with: a Content-Security-Policy that lets only this site's scripts run
 * (its files, and the inline scripts of the page itself by their SHA-256, computed from the page as it is sent:
 * Astro's island loaders and the few is:inline scripts), no framing by anyone (clickjacking), and no MIME sniffing.
 */

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** Script elements that hold data, not code (JSON, JSON-LD): the browser never runs them. */
const DATA_TYPE = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

/** The 'sha256-…' sources of the inline scripts in a page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_TYPE.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes].sort();
}

/** `connectOrigins`: where the browser may call the API besides this origin (PUBLIC_API_BASE when the site sits on a CDN). */
export function contentSecurityPolicy(html: string, connectOrigins: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    // Islands and Astro set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Pasted images are data: URLs; the editor previews uploads as blob: URLs.
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${connectOrigins.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function pageSecurityHeaders(html: string, connectOrigins: string[] = []): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(html, connectOrigins),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}
