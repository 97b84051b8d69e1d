/**
 * The learned model's text features: hashed character n-grams (2–5, inside word edges) and word uni- and bi-grams
 * of the normalised text's phonetic key, so "OTP bhejo", "0TP bhej0" and "ओटीपी भेजो" land on the same buckets.
 *
 * Values that change from one scam to the next (a phone number, a UPI ID, a link, an amount) are first replaced by
 * their kind ("zphonez", "zupiz", …): the model learns that a message carries a phone number, not which number.
 */
import { judgeHost } from './domains.ts';
import { normalise, phoneticKey } from './normalise.ts';

/** 2^17 buckets: a few collisions among the ~100k distinct n-grams of the corpus, and 256 KB of weights per head. */
export const HASH_BITS = 17;
export const DIMENSIONS = 1 << HASH_BITS;
const MASK = DIMENSIONS - 1;

/** FNV-1a, 32 bits: the same bucket for the same string on every machine. */
export function hash(text: string, salt = 0): number {
  let h = 0x811c9dc5 ^ salt;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & MASK;
}

/** A link becomes its kind as the domain check judges it: a real bank's site and a look-alike of it read differently. */
function linkShape(link: string): string {
  const host = link.replace(/^[a-z]+:\/\//, '').replace(/[/?#:].*$/, '');
  return ` zurlz zlink${judgeHost(host, link.slice(link.indexOf(host) + host.length)).kind.replace('-', '')}z `;
}

const SHAPES: [RegExp, string | ((match: string) => string)][] = [
  [/(?:https?:\/\/)?(?:t\.me|telegram\.me)\/[\w+]+/g, ' ztelegramz '],
  [/(?:https?:\/\/)?(?:wa\.me|api\.whatsapp\.com|chat\.whatsapp\.com)\/[\w+?=]+/g, ' zwhatsappz '],
  [/(?:https?:\/\/|www\.)[^\s"'<>]+/g, linkShape],
  [
    /(?<![\w.@])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|in|co|net|org|xyz|online|site|top|live|link|info|app|me|ly|gd|sbi|io|shop|club|icu|vip|cc|tk)(?:\/[^\s]*)?(?![\w])/g,
    linkShape,
  ],
  [/[\w.-]*\.apk\b/g, ' zapkz '],
  [/(?<![\w.])[a-z0-9][a-z0-9._-]{1,}@[a-z]{2,}(?![\w.])/g, ' zupiz '],
  [/(?<![\w])@[a-z][a-z0-9_]{3,}/g, ' zhandlez '],
  [/(?:₹|rs\.?|inr)\s?\d[\d,]*(?:\.\d+)?(?:\/-)?/g, ' zamountz '],
  [/\d[\d,]*(?:\.\d+)?\s?(?:rupees|rupaye|rupay|रुपये|रुपए)/g, ' zamountz '],
  [/(?<![\d])(?:\+?91[\s-]?)?[6-9]\d{4}[\s-]?\d{5}(?!\d)/g, ' zphonez '],
  [/(?<![\d])(?:\+?91[\s-]?)?[6-9]\d{2}[\s-]?\d{3}[\s-]?\d{4}(?!\d)/g, ' zphonez '],
  [/(?<![\d])1800[\s-]?\d{3}[\s-]?\d{3,4}(?!\d)/g, ' ztollfreez '],
  [/(?<![\d])1930(?![\d])/g, ' zhelplinez '],
  [/\d+/g, ' znumz '],
];

/** The text the model reads: normalised, its changing values replaced by their kind, then its phonetic key. */
export function modelText(raw: string): string {
  let text = normalise(raw);
  for (const [pattern, shape] of SHAPES) text = typeof shape === 'string' ? text.replace(pattern, shape) : text.replace(pattern, shape);
  return phoneticKey(text);
}

/** Sorted, de-duplicated bucket indices of a text's n-grams (presence, not counts: a repeated word proves nothing more). */
export function textFeatures(raw: string): Uint32Array {
  const text = modelText(raw);
  const words = text.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const buckets = new Set<number>();
  let previous = '^';
  for (const word of words) {
    buckets.add(hash(word, 1));
    buckets.add(hash(`${previous} ${word}`, 2));
    previous = word;
    const framed = ` ${word} `;
    const length = [...framed].length;
    if (length > 40) continue;
    for (let n = 2; n <= 5; n++) {
      for (let i = 0; i + n <= framed.length; i++) buckets.add(hash(framed.slice(i, i + n), 3));
    }
  }
  buckets.add(hash(`${previous} $`, 2));
  return Uint32Array.from(buckets).sort();
}
