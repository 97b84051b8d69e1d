/**
 * The one normaliser the scam shield reads text through, at training and at scoring alike: every feature (the
 * learned model's n-grams, the rules, the identifiers) sees the same text, so an evasion undone here is undone for all
 * of them. Scammers write "U P I", "0TP", "K.Y.C", "hxxp://sbi-kyc[.]in", "рaytm" (a Cyrillic р), "९८७६…" or
 * "nine eight seven six…" precisely so that word lists miss them.
 *
 *   normalise(raw)       evasions undone, lower case, script kept (Devanagari stays Devanagari): what the rules read
 *   phoneticKey(text)    a loose Latin key: Devanagari transliterated, Hinglish spellings folded (aapka/apka/ap ka),
 *                        so Hindi and Hinglish share the model's features
 *   normaliseForModel()  both, in that order: what the learned model reads
 */

/** Longer texts are read up to here: every scam we know shows its hand in the first few thousand characters. */
export const MAX_CHARS = 20_000;

/** Invisible characters: zero-width space/joiners, direction marks, word joiner, BOM, soft hyphen, variation selectors. */
// Combining marks (the grapheme joiner, variation selectors) are listed on purpose: they are what is removed.
// eslint-disable-next-line no-misleading-character-class
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\u00ad\u034f\u180e\ufe00-\ufe0f]/g;

/** Emoji and pictographs dropped between letters ("O🔥T🔥P"); elsewhere they become a space. */
// eslint-disable-next-line no-misleading-character-class
const PICTOGRAPH = /[\p{Extended_Pictographic}\u{1f3fb}-\u{1f3ff}\u20e3]/gu;

/**
 * Cyrillic and Greek letters that look like Latin ones (after lower-casing). Fullwidth forms are already Latin after
 * NFKC. Only the shapes a reader takes for Latin at a glance are listed.
 */
const LOOKALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ӏ: 'l',
  ԛ: 'q',
  ԝ: 'w',
  ո: 'n',
  ս: 'u',
  һ: 'h',
  ɡ: 'g',
  ɑ: 'a',
  ı: 'i',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  ω: 'w',
  ς: 's',
  μ: 'u',
  ϲ: 'c',
  ј̇: 'j',
};
const LOOKALIKE_RE = new RegExp(
  `[${Object.keys(LOOKALIKES)
    .filter((k) => k.length === 1)
    .join('')}]`,
  'g',
);

/** Digits of the Indian scripts (Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam). */
const INDIC_DIGIT_BLOCKS = [0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66];
const INDIC_DIGIT =
  /[\u0966-\u096f\u09e6-\u09ef\u0a66-\u0a6f\u0ae6-\u0aef\u0b66-\u0b6f\u0be6-\u0bef\u0c66-\u0c6f\u0ce6-\u0cef\u0d66-\u0d6f]/g;
function indicDigit(d: string): string {
  const code = d.charCodeAt(0);
  for (const base of INDIC_DIGIT_BLOCKS) if (code >= base && code <= base + 9) return String(code - base);
  return d;
}

/** Number words read as digits: English, Hinglish and Hindi. */
const DIGIT_WORDS: Record<string, number> = {
  zero: 0,
  oh: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  shunya: 0,
  shoonya: 0,
  sunya: 0,
  ek: 1,
  do: 2,
  teen: 3,
  tin: 3,
  char: 4,
  chaar: 4,
  panch: 5,
  paanch: 5,
  pach: 5,
  chhe: 6,
  chhah: 6,
  che: 6,
  chah: 6,
  saat: 7,
  sat: 7,
  aath: 8,
  ath: 8,
  nau: 9,
  nao: 9,
  शून्य: 0,
  एक: 1,
  दो: 2,
  तीन: 3,
  चार: 4,
  पांच: 5,
  पाँच: 5,
  छह: 6,
  छः: 6,
  छे: 6,
  सात: 7,
  आठ: 8,
  नौ: 9,
};
/** Round numbers that multiply the number before them: "5 hazaar" is 5000, "do lakh" 200000. */
const MULTIPLIERS: Record<string, number> = {
  hundred: 100,
  sau: 100,
  सौ: 100,
  thousand: 1000,
  hazaar: 1000,
  hazar: 1000,
  hajar: 1000,
  hajaar: 1000,
  हजार: 1000,
  k: 1000,
  lakh: 100_000,
  lac: 100_000,
  lakhs: 100_000,
  lacs: 100_000,
  लाख: 100_000,
  crore: 10_000_000,
  cr: 10_000_000,
  crores: 10_000_000,
  करोड: 10_000_000,
};
const TENS: Record<string, number> = {
  das: 10,
  dus: 10,
  ten: 10,
  bees: 20,
  twenty: 20,
  tees: 30,
  thirty: 30,
  pachaas: 50,
  pachas: 50,
  fifty: 50,
  दस: 10,
  बीस: 20,
  पचास: 50,
};

/** Leet digits and symbols inside words: "0tp", "k3yc", "upl" stays. */
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', $: 's', '@': 'a' };

export type NormaliseOptions = {
  /**
   * Fold Cyrillic/Greek look-alike letters to Latin (default true). Links are judged on text normalised without it, so
   * that "раytm.com" (a Cyrillic р and а) is still seen as a look-alike of paytm.com rather than read as paytm.com.
   */
  foldLookalikes?: boolean;
  /** Read leet digits and symbols inside words as letters (default true); off for identifiers ("kyc-upd8", "a.b@x.com"). */
  undoLeet?: boolean;
};

/** Joins runs of three or more single letters or digits split by spaces, dots, dashes or stars: "U P I", "K.Y.C", "O-T-P". */
function joinSpacedLetters(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}])(?:[a-z0-9][ .\-_*•·/]{1,2}){2,}[a-z0-9](?![\p{L}\p{N}])/gu, (run) => {
    const joined = run.replace(/[ .\-_*•·/]/g, '');
    // "1 2 3" and other digit runs are joined too (a phone number typed apart); a dotted IP address is left as it is.
    if (/^\d{1,3}(\.\d{1,3}){3}$/.test(run)) return run;
    return joined;
  });
}

/** Undoes "defanged" links: hxxp, [.], (dot), " dot com", [:]. */
function refang(text: string): string {
  return text
    .replace(/\bh[xX*]{2}p(s?)\b/g, 'http$1')
    .replace(/\s*[[({]\s*(?:\.|dot)\s*[\])}]\s*/g, '.')
    .replace(/\s*[[({]\s*:\s*[\])}]\s*/g, ':')
    .replace(/\s*[[({]\s*(?:@|at)\s*[\])}]\s*/g, '@')
    .replace(/\s+dot\s+(com|in|net|org|co|xyz|info|online|site|top|link|me|app|live|shop|io|gov|ly)\b/g, '.$1')
    .replace(/([a-z0-9-]+)\s+dot\s+([a-z0-9-]+\.(?:com|in|net|org|co|xyz|info|online|site|top|link|me|app|live|shop|io))\b/g, '$1.$2');
}

/**
 * Leet inside a word that is mostly letters: "0tp" → "otp", "k3yc" → "keyc", "p@y" → "pay". Only a lone digit
 * beside a letter is read as a letter, so "rahul123", "covid19", amounts ("500rs", "rs500") and numbers stay, and an
 * "@" between a name and a handle (a UPI ID, an address) is left alone.
 */
function undoLeet(text: string): string {
  return text.replace(/[a-z0-9$@]+/g, (word) => {
    if (!/[a-z]/.test(word) || !/[0-9$@]/.test(word)) return word;
    if (
      /^\d+(?:k|rs|inr|st|nd|rd|th|x|g|d|gb|mb|am|pm|hrs?|mins?|days?|l|cr|lakh|lac|pm|yrs?)$/.test(word) ||
      /^(?:rs|inr|no|ph|mob|id|upi)\d+$/.test(word)
    )
      return word;
    if (/[a-z0-9]{2,}@[a-z]{2,}/.test(word)) return word;
    const letters = word.replace(/[^a-z]/g, '').length;
    if (letters < 2 || letters < word.length / 2) return word;
    return word.replace(/(?<![0-9])[0134578](?![0-9])|(?<=[a-z])[$@](?=[a-z])/g, (c) => LEET[c]);
  });
}

/** Spelled-out numbers: runs of three or more digit words become digits; "5 hazaar", "do lakh" become amounts. */
function numberWords(text: string): string {
  const digitWord = Object.keys(DIGIT_WORDS).join('|');
  const run = new RegExp(`(?<![\\p{L}\\p{M}])(?:(?:double|triple|${digitWord})[\\s,-]+){2,}(?:${digitWord})(?![\\p{L}\\p{M}])`, 'gu');
  let out = text.replace(run, (words) => {
    const parts = words.split(/[\s,-]+/).filter(Boolean);
    let digits = '';
    for (let i = 0; i < parts.length; i++) {
      const repeat = parts[i] === 'double' ? 2 : parts[i] === 'triple' ? 3 : 1;
      const word = repeat > 1 ? parts[++i] : parts[i];
      const value = word === undefined ? undefined : DIGIT_WORDS[word];
      if (value === undefined) return words;
      digits += String(value).repeat(repeat);
    }
    return digits;
  });
  const multiplier = Object.keys(MULTIPLIERS).join('|');
  const small = [...Object.keys(DIGIT_WORDS), ...Object.keys(TENS)].join('|');
  out = out.replace(
    new RegExp(`(?<![\\p{L}\\p{M}\\d])(\\d+(?:\\.\\d+)?|${small})\\s?(${multiplier})(?![\\p{L}\\p{M}])`, 'gu'),
    (whole, count: string, mult: string) => {
      const n = /^\d/.test(count) ? Number(count) : (DIGIT_WORDS[count] ?? TENS[count]);
      if (mult === 'k' && !/^\d/.test(count)) return whole;
      return n === undefined ? whole : String(Math.round(n * MULTIPLIERS[mult]));
    },
  );
  return out;
}

/** Evasions undone, lower case, Devanagari kept: the text the rules and the identifiers read. */
export function normalise(raw: string, options: NormaliseOptions = {}): string {
  let text = raw.slice(0, MAX_CHARS).normalize('NFKC');
  text = text.replace(INVISIBLE, '');
  // An emoji or a line break between two letters splits a word on purpose ("O🔥T🔥P", "acco\nunt"): joined; elsewhere a space.
  // eslint-disable-next-line no-misleading-character-class
  text = text.replace(/(?<=\p{L})(?:[\p{Extended_Pictographic}\u{1f3fb}-\u{1f3ff}\u20e3]+)(?=\p{L})/gu, '');
  text = text.replace(PICTOGRAPH, ' ');
  text = text.replace(/(?<=[a-z])[ \t]*\r?\n[ \t]*(?=[a-z])/g, '');
  text = text.toLowerCase();
  if (options.foldLookalikes !== false) text = text.replace(LOOKALIKE_RE, (c) => LOOKALIKES[c] ?? c);
  text = text
    .replace(/\u093c/g, '')
    .replace(INDIC_DIGIT, indicDigit)
    .replace(/[\u2018\u2019`´]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ');
  text = refang(text);
  text = joinSpacedLetters(text);
  if (options.undoLeet !== false) text = undoLeet(text);
  text = numberWords(text);
  return text.trim();
}

// ---- The phonetic key ------------------------------------------------------------------------------------------

const CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
  ळ: 'l',
  क़: 'k',
  ख़: 'kh',
  ग़: 'g',
  ज़: 'z',
  ड़: 'r',
  ढ़: 'rh',
  फ़: 'f',
  य़: 'y',
};
const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'aa',
  इ: 'i',
  ई: 'ee',
  उ: 'u',
  ऊ: 'oo',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
  ऑ: 'o',
  ऍ: 'e',
};
const SIGNS: Record<string, string> = {
  'ा': 'aa',
  'ि': 'i',
  'ी': 'ee',
  'ु': 'u',
  'ू': 'oo',
  'ृ': 'ri',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
  'ॉ': 'o',
  'ॅ': 'e',
};
/** The Devanagari→Latin letters, shared with the corpus generator's script conversion (training/templating.ts). */
export const DEVANAGARI_LATIN: {
  readonly consonants: Readonly<Record<string, string>>;
  readonly vowels: Readonly<Record<string, string>>;
  readonly signs: Readonly<Record<string, string>>;
} = { consonants: CONSONANTS, vowels: VOWELS, signs: SIGNS };
const NASAL = new Set(['ं', 'ँ']);
const VIRAMA = '्';
const SCHWA = '\u0259';

/** Devanagari to loose Latin letters, with the inherent vowel dropped at a word's end ("बात" → "baat"). */
function transliterate(text: string): string {
  let out = '';
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const next = chars[i + 1];
    if (CONSONANTS[c] !== undefined) {
      out += CONSONANTS[c];
      if (next === VIRAMA) {
        i++;
      } else if (next === undefined || !(SIGNS[next] !== undefined || /[\u0900-\u097f]/.test(next))) {
        // End of the word: no inherent vowel ("बात" → "baat").
      } else if (SIGNS[next] === undefined) {
        // The inherent vowel, marked so that schwa deletion below can drop it inside a word.
        out += SCHWA;
      }
    } else if (SIGNS[c] !== undefined) out += SIGNS[c];
    else if (VOWELS[c] !== undefined) out += VOWELS[c];
    else if (NASAL.has(c)) out += 'n';
    else if (c === 'ः') out += 'h';
    else if (c === '।' || c === '॥') out += '.';
    else if (/[\u0900-\u097f]/.test(c)) continue;
    else out += c;
  }
  // Hindi drops the inherent vowel between a vowel-consonant and a consonant-vowel: "आपका" is "aapkaa", not "aapakaa".
  return out
    .replace(new RegExp(`(?<=[aeiou${SCHWA}][^aeiou${SCHWA}\\s.,!?]{1,2})${SCHWA}(?=[^aeiou${SCHWA}\\s.,!?]{1,2}[aeiou${SCHWA}])`, 'g'), '')
    .replaceAll(SCHWA, 'a');
}

/** Pronouns that Hinglish writes apart from or together with their case ending: "ap ka", "aapka", "apka". */
const JOINED_PRONOUNS = /\b(aap|ap|tum|tu|hum|mer|tera|tumhar|unk|un|in|is|us|inh|unh)\s(ka|ki|ke|ko|se|ne|me|mein)\b/g;

/** One word's loose key: long vowels and doubled letters shortened, aspirates and look-alike sounds merged. */
function looseWord(word: string): string {
  if (!/[a-z]/.test(word) || /\d/.test(word) || word.includes('.') || word.includes('@')) return word;
  return word
    .replace(/ph/g, 'f')
    .replace(/chh?/g, 'x')
    .replace(/c/g, 'k')
    .replace(/w/g, 'v')
    .replace(/([kgjtdpbv])h/g, '$1')
    .replace(/sh/g, 's')
    .replace(/z/g, 'j')
    .replace(/q/g, 'k')
    .replace(/ee|ii/g, 'i')
    .replace(/oo|uu/g, 'u')
    .replace(/ai|ei|ay(?=$|[^aeiou])/g, 'e')
    .replace(/au/g, 'o')
    .replace(/(?<=[aeiou])y(?=[aeiou])/g, '')
    .replace(/(.)\1+/g, '$1')
    .replace(/(?<=[a-z]{3})y$/, 'i');
}

/**
 * A loose Latin key of normalised text: Devanagari transliterated and every Latin word folded the same way, so
 * "आपका खाता", "aapka khata", "apka khaata" and "ap ka khata" all read "apka kata".
 */
export function phoneticKey(normalised: string): string {
  const latin = transliterate(normalised);
  return latin
    .replace(/[a-z]+/g, looseWord)
    .replace(JOINED_PRONOUNS, '$1$2')
    .replace(/[a-z]+/g, looseWord);
}

/** What the learned model reads: the normalised text's phonetic key. */
export function normaliseForModel(raw: string): string {
  return phoneticKey(normalise(raw));
}
