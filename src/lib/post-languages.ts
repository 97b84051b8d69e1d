import type { Lang } from './i18n.ts';

/**
 * The languages a post or comment is told apart by (BCP 47 tags): English, Hindi, Hindi in Latin letters (Hinglish),
 * Marathi, Bengali, Tamil, Telugu, Kannada. `und` (undetermined) is what has no words to tell by (an image with an
 * emoji, a number) or is in another language: such items show whatever languages a reader chose.
 */
export const POST_LANGUAGES = ['en', 'hi', 'hi-Latn', 'mr', 'bn', 'ta', 'te', 'kn'] as const;
export type ChosenLanguage = (typeof POST_LANGUAGES)[number];
export const UNDETERMINED = 'und';
export type PostLanguage = ChosenLanguage | typeof UNDETERMINED;

/** `languages=all`: every language (a member's way past their saved choice). */
export const ALL_LANGUAGES = 'all';

/** The tag as we write it (`hi-latn`, `HI-Latn` → `hi-Latn`), or null when it is none of ours. */
export function canonicalLanguage(text: string): ChosenLanguage | null {
  const lower = text.trim().toLowerCase();
  return POST_LANGUAGES.find((tag) => tag.toLowerCase() === lower) ?? null;
}

/**
 * The tags a choice shows, read as BCP 47 language ranges (RFC 4647 basic filtering): `hi` covers Hindi in every
 * script (`hi` and `hi-Latn`), `hi-Latn` only Hinglish; `und` always comes along. What the feeds compare with.
 */
export function tagsShownFor(chosen: readonly ChosenLanguage[]): PostLanguage[] {
  const shown: PostLanguage[] = POST_LANGUAGES.filter((tag) => chosen.some((range) => tag === range || tag.startsWith(`${range}-`)));
  return [...shown, UNDETERMINED];
}

/** A member's languages before they choose: English and the language of their screens (in the order of POST_LANGUAGES). */
export function defaultReadingLanguages(uiLang: Lang): ChosenLanguage[] {
  return uiLang === 'en' ? ['en'] : ['en', uiLang];
}

/**
 * The tags a feed shows (`und` among them), or undefined for every language: the request's `?languages=` first (`all`
 * for every language), else a signed-in member's saved choice, else their default (`uiLang` and English); a visitor
 * without the parameter sees every language. A choice of every language is no filter at all.
 */
export function feedLanguages(request: {
  param: readonly ChosenLanguage[] | typeof ALL_LANGUAGES | undefined;
  signedIn: boolean;
  saved: readonly string[] | null;
  uiLang: Lang;
}): PostLanguage[] | undefined {
  if (request.param === ALL_LANGUAGES) return undefined;
  const saved = request.saved?.map(canonicalLanguage).filter((tag): tag is ChosenLanguage => tag !== null);
  const chosen = request.param ?? (request.signedIn ? (saved?.length ? saved : defaultReadingLanguages(request.uiLang)) : undefined);
  if (!chosen) return undefined;
  const shown = tagsShownFor(chosen);
  return shown.length > POST_LANGUAGES.length ? undefined : shown;
}

/** A choice cleaned: each language once, in the order of POST_LANGUAGES. */
export const orderedLanguages = (chosen: readonly ChosenLanguage[]): ChosenLanguage[] =>
  POST_LANGUAGES.filter((tag) => chosen.includes(tag));

/** The catalog keys of the messages these schemas give (worded in the reader's language by the server's language plugin). */
export const LANGUAGE_MESSAGES = {
  unknown: 'errors.languages.unknown',
  none: 'errors.languages.none',
  notAList: 'errors.languages.notAList',
} as const;

/** GET/PUT /api/users/me/preferences/: the languages a member reads, and whether they chose them (false: the default). */
export type Preferences = { reading_languages: ChosenLanguage[]; reading_languages_saved: boolean };
