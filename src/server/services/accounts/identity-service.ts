import { createHmac, randomInt } from 'node:crypto';
import type { IdentityChip } from '../../../lib/api-types.ts';
import { AADHAAR_LABEL, ACADEMIC_LABEL, EMAIL_CHIP } from '../verification/index.ts';

/**
 * Everything the product shows about a person instead of their e-mail address: an anonymous handle,
 * a colour, an animal and chips for what was verified. The address itself is only ever turned into
 * a keyed hash (the account's lookup key) and an identity class; it is never stored.
 */

export type IdentityClass = 'academic' | 'standard';

/** Avatar colours: each carries white text at WCAG AA (4.5:1), checked by the unit test. */
export const COLORS: readonly { name: string; hex: string }[] = [
  { name: 'Saffron', hex: '#c2410c' },
  { name: 'Indigo', hex: '#4338ca' },
  { name: 'Lagoon', hex: '#0e7490' },
  { name: 'Mango', hex: '#a16207' },
  { name: 'Teal', hex: '#0f766e' },
  { name: 'Crimson', hex: '#be123c' },
  { name: 'Jade', hex: '#047857' },
  { name: 'Plum', hex: '#7e22ce' },
  { name: 'Henna', hex: '#9a3412' },
  { name: 'Lotus', hex: '#be185d' },
  { name: 'Monsoon', hex: '#1d4ed8' },
  { name: 'Neem', hex: '#4d7c0f' },
  { name: 'Clay', hex: '#b91c1c' },
  { name: 'Slate', hex: '#475569' },
  { name: 'Ocean', hex: '#0369a1' },
  { name: 'Jamun', hex: '#6b21a8' },
];

export const ANIMALS: readonly string[] = [
  'Tiger',
  'Peacock',
  'Elephant',
  'Leopard',
  'Cobra',
  'Mongoose',
  'Rhino',
  'Panda',
  'Falcon',
  'Kingfisher',
  'Dolphin',
  'Otter',
  'Gaur',
  'Macaque',
  'Hornbill',
  'Crane',
  'Deer',
  'Lion',
  'Bear',
  'Owl',
  'Heron',
  'Turtle',
  'Gecko',
  'Fox',
];

/** How an address is compared: surrounding spaces and letter case never make a second account. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Another name of one provider's mailboxes: `googlemail.com` is Gmail. */
const DOMAIN_ALIASES: Record<string, string> = { 'googlemail.com': 'gmail.com' };
/** Providers that deliver `name+anything@` to `name@` (sub-addressing). */
const PLUS_TAGGED = new Set([
  'gmail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'fastmail.com',
]);
/** Providers that ignore dots in the name: `a.sha@gmail.com` is `asha@gmail.com`. */
const DOTS_IGNORED = new Set(['gmail.com']);

/**
 * One mailbox's one spelling: the address normalised, then, for the providers that deliver them to the same mailbox,
 * without dots and `+tags` in the name and with the provider's other domain folded (googlemail.com = gmail.com).
 * Everyone else's address is kept as it is (case aside): at most providers `a.b@` and `ab@` are two people.
 */
export function canonicalEmail(email: string): string {
  const address = normaliseEmail(email);
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  const domain = DOMAIN_ALIASES[address.slice(at + 1)] ?? address.slice(at + 1);
  let name = address.slice(0, at);
  if (PLUS_TAGGED.has(domain)) name = name.split('+')[0] || name;
  if (DOTS_IGNORED.has(domain)) name = name.replace(/\./g, '') || name;
  return `${name}@${domain}`;
}

/** The account lookup key: HMAC-SHA256 of the mailbox's one spelling under the server's identity secret. */
export const emailHash = (secret: string, email: string) => createHmac('sha256', secret).update(canonicalEmail(email)).digest('hex');

/**
 * The key accounts were stored under before mailboxes had one spelling (the address lowercased): an account is found
 * under it once, at its next sign-in, and moved to emailHash's key. Null when both keys are the same.
 */
export function formerEmailHash(secret: string, email: string): string | null {
  if (canonicalEmail(email) === normaliseEmail(email)) return null;
  return createHmac('sha256', secret).update(normaliseEmail(email)).digest('hex');
}

/**
 * Domains that prove an academic affiliation: `.edu`, `.edu.<cc>`, `.ac.<cc>` (India's `.ac.in`, the UK's `.ac.uk`, ...),
 * and India's research (`.res.in`) and education network (`.ernet.in`) domains.
 */
const ACADEMIC_DOMAIN = /(^|\.)(edu|edu\.[a-z]{2}|ac\.[a-z]{2}|res\.in|ernet\.in)$/;

export function identityClassOf(email: string): IdentityClass {
  const domain = normaliseEmail(email).split('@').pop() ?? '';
  return ACADEMIC_DOMAIN.test(domain) ? 'academic' : 'standard';
}

/** Chips for what was verified, never the address: every account verified an e-mail address by its code. */
export function identityChips(identityClass: string, isAadhaarVerified: boolean): IdentityChip[] {
  const chips: IdentityChip[] = [EMAIL_CHIP];
  if (identityClass === 'academic') chips.push({ kind: 'academic', label: ACADEMIC_LABEL });
  if (isAadhaarVerified) chips.push({ kind: 'aadhaar', label: AADHAAR_LABEL });
  return chips;
}

export type AnonymousIdentity = { username: string; color: string; animal: string };

/** A fresh handle such as "SaffronTiger4821", its colour (hex, for the avatar) and its animal. */
export function randomIdentity(): AnonymousIdentity {
  const color = COLORS[randomInt(COLORS.length)];
  const animal = ANIMALS[randomInt(ANIMALS.length)];
  return { username: `${color.name}${animal}${randomInt(1000, 10000)}`, color: color.hex, animal };
}
