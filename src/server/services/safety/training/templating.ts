/**
 * The small template language the corpus generators write in, and a seeded random source, so that the same
 * generator always writes the same corpus (same seed, same order of draws).
 *
 *   "[Dear customer|Hello sir], your {bank} account [will be blocked|is on hold] {when}."
 *
 * `[a|b|c]` picks one alternative (an empty one, `[|a]`, makes the part optional); `{slot}` takes a value from the
 * slot lists given to `expand()`. No nesting.
 */
import { DEVANAGARI_LATIN, normalise } from '../normalise.ts';

export type Lang = 'en' | 'hinglish' | 'hi' | 'kn' | 'ta' | 'bn' | 'mr' | 'te';
export type Source = 'template' | 'paraphrase' | 'script' | 'noise' | 'real';

/** One labelled item of a safety corpus (tests/fixtures/safety/*.json). */
export type LabelledItem = {
  id: number;
  label: 'scam' | 'legit';
  /** The scam pattern, or the kind of legitimate writing ("warning", "news", "honest-upi", …). */
  pattern: string;
  lang: Lang;
  source: Source;
  text: string;
  links?: string[];
  authorAgeHours?: number;
};

/** mulberry32: small, fast and the same on every machine. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)];

export type Slots = Record<string, readonly string[]>;

export function expand(template: string, slots: Slots, random: () => number): string {
  return template
    .replace(/\[([^\]]*)\]/g, (_, alternatives: string) => pick(random, alternatives.split('|')))
    .replace(/\{(\w+)\}/g, (whole, name: string) => {
      const values = slots[name];
      if (!values) throw new Error(`No values for slot ${whole} in: ${template}`);
      return expand(pick(random, values), slots, random);
    })
    .replace(/\s+([,.!?।])/g, '$1')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Up to `count` different texts from one template (fewer when the template cannot make that many). */
export function variants(template: string, slots: Slots, random: () => number, count: number): string[] {
  const seen = new Set<string>();
  for (let attempt = 0; attempt < count * 6 && seen.size < count; attempt++) seen.add(expand(template, slots, random));
  return [...seen];
}

// ---- Noise: the evasions scammers use, for augmentation and for the bench -----------------------------------------

const CYRILLIC: Record<string, string> = { a: 'а', e: 'е', o: 'о', p: 'р', c: 'с', x: 'х', y: 'у', i: 'і' };
const GREEK: Record<string, string> = { a: 'α', o: 'ο', i: 'ι', k: 'κ', v: 'ν', t: 'τ', u: 'υ', p: 'ρ' };
const LEET_OUT: Record<string, string> = { o: '0', e: '3', a: '4', i: '1', s: '5', t: '7' };
const DEVANAGARI_DIGITS = '०१२३४५६७८९';
const KEYWORDS =
  /\b(otp|upi|kyc|pin|pay|paytm|gpay|phonepe|account|bank|loan|refund|prize|lottery|whatsapp|telegram|click|link|arrest|parcel|block|blocked|fee|fees|task|crypto|profit|police|video|sim|army|scan|reward|cashback|update|verify|khata|paise|bhejo|jaldi)\b/gi;

/** Applies `fn` to the words that carry a scam's meaning (the ones a word list would look for). */
const onKeywords = (text: string, fn: (word: string) => string) => text.replace(KEYWORDS, fn);

/** Each evasion the bench applies to every frozen scam, and that the training noise draws from. */
export const EVASIONS: Record<string, (text: string, random: () => number) => string> = {
  'zero-width': (t) => onKeywords(t, (w) => [...w].join('\u200b')),
  'zero-width-joiner': (t) => onKeywords(t, (w) => [...w].join('\u200d')),
  'cyrillic-lookalikes': (t) => t.replace(/[aeopcxyi]/g, (c) => CYRILLIC[c] ?? c),
  'greek-lookalikes': (t) => onKeywords(t, (w) => w.replace(/[aoiktvup]/g, (c) => GREEK[c] ?? c)),
  fullwidth: (t) => onKeywords(t, (w) => [...w].map((c) => (/[!-~]/.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('')),
  'spaced-letters': (t) => onKeywords(t, (w) => [...w.toUpperCase()].join(' ')),
  'dotted-letters': (t) => onKeywords(t, (w) => [...w.toUpperCase()].join('.')),
  leetspeak: (t) => onKeywords(t, (w) => w.replace(/[oeaist]/gi, (c) => LEET_OUT[c.toLowerCase()] ?? c)),
  'devanagari-digits': (t) => t.replace(/\d/g, (d) => DEVANAGARI_DIGITS[Number(d)]),
  'number-words': (t) =>
    t.replace(/\d{10}/g, (n) =>
      [...n].map((d) => ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'][Number(d)]).join(' '),
    ),
  'emoji-between-letters': (t) => onKeywords(t, (w) => [...w].join('🔥')),
  'defanged-links': (t) =>
    t
      .replace(/https?:\/\//g, (s) => s.replace('http', 'hxxp'))
      .replace(/([a-z0-9-])\.(com|in|xyz|online|site|top|net|org|co|info|live|link|me|app|ly)\b/g, '$1[.]$2'),
  'dot-spelled-links': (t) => t.replace(/([a-z0-9-])\.(com|in|xyz|online|site|top|net|org|info|live|link)\b/g, '$1 dot $2'),
  'line-breaks-in-words': (t) => onKeywords(t, (w) => (w.length > 3 ? `${w.slice(0, 2)}\n${w.slice(2)}` : w)),
  'all-caps': (t) => t.toUpperCase(),
  'soft-hyphens': (t) => onKeywords(t, (w) => [...w].join('\u00ad')),
};

/** One to three evasions at random: the training noise. */
export function addNoise(text: string, random: () => number): { text: string; applied: string[] } {
  const names = Object.keys(EVASIONS);
  const applied = new Set<string>();
  const times = 1 + Math.floor(random() * 3);
  let out = text;
  for (let i = 0; i < times; i++) {
    const name = pick(random, names);
    if (applied.has(name)) continue;
    applied.add(name);
    out = EVASIONS[name](out, random);
  }
  return { text: out, applied: [...applied] };
}

/** Sentences in another order and a greeting or a sign-off added or dropped: a paraphrase that keeps the meaning. */
export function paraphrase(text: string, random: () => number, openers: readonly string[], closers: readonly string[]): string {
  const sentences = text
    .match(/[^.!?।]+[.!?।]*/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [text];
  if (sentences.length > 2 && random() < 0.6) {
    const i = 1 + Math.floor(random() * (sentences.length - 1));
    const j = 1 + Math.floor(random() * (sentences.length - 1));
    [sentences[i], sentences[j]] = [sentences[j], sentences[i]];
  }
  let out = sentences.join(' ');
  if (random() < 0.5) out = `${pick(random, openers)} ${out}`;
  if (random() < 0.5) out = `${out} ${pick(random, closers)}`;
  return out.replace(/\s+/g, ' ').trim();
}

/** Devanagari written out in Latin letters the way Hinglish writers do ("आपका खाता" → "aapka khaata"): script conversion. */
export function toLatinScript(devanagari: string): string {
  return normalise(devanagari).replace(/[\u0900-\u097f]+/g, (word) => latinWord(word));
}

/** The normaliser's own letters (normalise.ts), so the corpus and the model read Devanagari the same way. */
const { consonants: C, vowels: V, signs: M } = DEVANAGARI_LATIN;

/** A plain Hinglish spelling of one Devanagari word (inherent vowel kept inside, dropped at the end). */
function latinWord(word: string): string {
  const chars = [...word];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const next = chars[i + 1];
    if (C[c]) {
      out += C[c];
      if (next === '्') i++;
      else if (next !== undefined && !M[next] && next !== 'ं' && next !== 'ँ') out += i + 2 < chars.length ? 'a' : '';
      else if (next === 'ं' || next === 'ँ') out += 'a';
    } else if (M[c]) out += M[c];
    else if (V[c]) out += V[c];
    else if (c === 'ं' || c === 'ँ') out += 'n';
  }
  return out;
}
