/**
 * The identifiers a piece of writing carries: where a reader is sent to pay or talk. Links (and each link's
 * registrable domain, by the public suffix list in `tldts`), phone numbers (by `libphonenumber-js`, as E.164: +91,
 * ten digits, 1800 numbers, spaced or spelled out), UPI IDs (name@handle), Telegram and WhatsApp links and handles,
 * and amounts. Read through the shield's normaliser, so "९८७६५४३२१०", "nine eight seven…", "hxxp://x[.]in" and
 * "U P I" forms give the same identifiers as their plain spellings.
 */
import { findPhoneNumbersInText } from 'libphonenumber-js';
import { getDomain, getHostname } from 'tldts';
import { normalise } from './normalise.ts';

export const IDENTIFIER_KINDS = ['upi', 'phone', 'url', 'domain', 'telegram', 'whatsapp', 'amount'] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];
export type Identifier = { kind: IdentifierKind; value: string };

const URL_LIKE =
  /(?:https?:\/\/)?(?:[a-z0-9\u00a1-\uffff-]+\.)+[a-z\u00a1-\uffff][a-z0-9\u00a1-\uffff-]{1,62}(?::\d+)?(?:[/?#][^\s"'<>()]*)?/gi;
const TELEGRAM_LINK = /(?:https?:\/\/)?(?:t\.me|telegram\.me|telegram\.dog)\/(?:joinchat\/|\+)?([a-z0-9_+-]{3,64})/gi;
const WHATSAPP_LINK =
  /(?:https?:\/\/)?(?:wa\.me\/(\+?\d{8,15})|api\.whatsapp\.com\/send\?phone=(\+?\d{8,15})|chat\.whatsapp\.com\/([a-z0-9]{6,40}))/gi;
/** name@handle with a handle that is not a domain (an address has a dot after the @). */
const UPI_ID = /(?<![\w.@-])([a-z0-9][a-z0-9._-]{1,255})@([a-z][a-z0-9]{1,63})(?![\w@-]|\.[a-z])/gi;
const HANDLE = /(?<![\w@.])@([a-z][a-z0-9_]{3,31})(?![\w@])/gi;
const AMOUNT = /(?:₹|rs\.?|inr)\s?(\d[\d,]*(?:\.\d{1,2})?)|(\d[\d,]*(?:\.\d{1,2})?)\s?(?:rupees|rupaye|rupay|रुपये|रुपए|\/-)/gi;

/** A link as registered: lower-case host, no "www.", no scheme, no trailing punctuation. */
export function canonicalUrl(raw: string): string | null {
  const trimmed = raw.replace(/[.,;:!?)\]}'"]+$/, '');
  const withScheme = /^[a-z]+:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (!host.includes('.')) return null;
  const path = `${url.pathname === '/' ? '' : url.pathname}${url.search}`;
  return `${host}${path}`.replace(/\/$/, '');
}

/** The registrable domain of a link's host ("sbi-kyc-update.in" for "http://login.sbi-kyc-update.in/x"). */
export function registrableDomain(linkOrHost: string): string | null {
  const hostname = getHostname(/^[a-z]+:\/\//i.test(linkOrHost) ? linkOrHost : `http://${linkOrHost}`);
  if (!hostname) return null;
  return getDomain(hostname, { allowPrivateDomains: false });
}

/** Every identifier in the text and in the links beside it (a post's anchors), each once. */
export function extractIdentifiers(raw: string, links: string[] = []): Identifier[] {
  const text = normalise([raw, ...links].join(' \n '), { foldLookalikes: false, undoLeet: false });
  const found = new Map<string, Identifier>();
  const add = (kind: IdentifierKind, value: string | null | undefined) => {
    if (!value) return;
    found.set(`${kind}:${value}`, { kind, value });
  };

  const consumed: [number, number][] = [];
  for (const m of text.matchAll(TELEGRAM_LINK)) {
    add('telegram', m[1].toLowerCase());
    consumed.push([m.index, m.index + m[0].length]);
  }
  for (const m of text.matchAll(WHATSAPP_LINK)) {
    const number = m[1] ?? m[2];
    add('whatsapp', number ? phoneValue(number) : `group:${m[3]}`);
    consumed.push([m.index, m.index + m[0].length]);
  }
  for (const m of text.matchAll(UPI_ID)) {
    add('upi', `${m[1]}@${m[2]}`.toLowerCase());
    consumed.push([m.index, m.index + m[0].length]);
  }
  const mentionsTelegram = /telegram|टेलीग्राम|\btg\b/.test(text);
  for (const m of text.matchAll(HANDLE)) if (mentionsTelegram) add('telegram', m[1].toLowerCase());

  for (const m of text.matchAll(URL_LIKE)) {
    if (consumed.some(([from, to]) => m.index >= from && m.index < to)) continue;
    if (/@/.test(text.slice(Math.max(0, m.index - 1), m.index))) continue;
    const candidate = m[0];
    // Numbers with dots ("12.5", "1.2.3.4" versions) are not links; IP addresses with a scheme are.
    if (/^[\d.]+$/.test(candidate)) continue;
    const domain = registrableDomain(candidate);
    if (!domain && !/^https?:\/\/\d/.test(candidate)) continue;
    add('url', canonicalUrl(candidate));
    add('domain', domain);
  }

  for (const number of findPhoneNumbersInText(text, { defaultCountry: 'IN' })) {
    add('phone', number.number.number);
  }
  // Ten-digit numbers and 1800 numbers libphonenumber leaves out when they touch words ("call9876543210").
  for (const m of text.matchAll(/(?<!\d)(?:\+?91[\s-]?)?([6-9]\d{9})(?!\d)|(?<!\d)(1800[\s-]?\d{3}[\s-]?\d{3,4})(?!\d)/g)) {
    add('phone', phoneValue(m[1] ?? m[2]));
  }

  for (const m of text.matchAll(AMOUNT)) {
    const value = (m[1] ?? m[2]).replace(/,/g, '');
    if (Number(value) > 0) add('amount', value);
  }
  return [...found.values()];
}

/** A phone number as E.164 (+91… for Indian numbers written without a country code). */
export function phoneValue(raw: string): string {
  const digits = raw.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return digits;
  if (/^91[6-9]\d{9}$/.test(digits)) return `+${digits}`;
  if (/^0?[6-9]\d{9}$/.test(digits)) return `+91${digits.replace(/^0/, '')}`;
  if (/^1800\d{6,7}$/.test(digits)) return `+91${digits}`;
  return digits;
}
