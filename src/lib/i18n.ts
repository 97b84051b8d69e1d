/**
 * The one place strings come from: i18next over the message catalogs in src/locales, shared by the Astro pages,
 * the React islands and the server (API error messages, mails). Plurals use i18next's `_one`/`_other` keys,
 * resolved by Intl.PluralRules; numbers use Indian grouping with Latin digits (1,23,456) in both languages.
 * The server holds both catalogs; a page in the browser holds its own language only (`#catalogs`, see
 * src/locales/catalogs.browser.ts).
 */
import i18next, { type TFunction } from 'i18next';
import { catalogs } from '#catalogs';
import { remembered } from './remembered.ts';

export const LANGUAGES = ['en', 'hi'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'en';
/** The cookie that keeps a visitor's language choice; the API client sends it on as Accept-Language. */
export const LANG_COOKIE = 'lang';

/** Locale tags: `<html lang>`, Intl formatting and OpenGraph. */
export const LOCALE: Record<Lang, string> = { en: 'en-IN', hi: 'hi-IN' };
export const OG_LOCALE: Record<Lang, string> = { en: 'en_IN', hi: 'hi_IN' };
/** Each language's name in itself, for the language switch. */
export const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', hi: 'हिन्दी' };

const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(Object.entries(catalogs).map(([lang, catalog]) => [lang, { translation: catalog }])),
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // React and Astro escape what they render; mails and API answers are plain text.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export type Translate = TFunction;

/** The translate function of one language (made once per language: stores and islands ask for it often). */
export const translator: (lang: Lang) => Translate = remembered((lang: Lang) => instance.getFixedT(lang));

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A cookie's or an attribute's value (`hi`, `hi-IN`, `en-IN`) as one of ours, else the default. */
export function parseLang(value: string | null | undefined): Lang {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return isLang(base) ? base : DEFAULT_LANG;
}

/** The best of our languages for an Accept-Language header (by q-value), else the default. */
export function langFromAcceptLanguage(header: string | undefined): Lang {
  if (!header) return DEFAULT_LANG;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.tag).find(isLang) ?? DEFAULT_LANG;
}

/** A page's path in a language: `/about` → `/hi/about`; `/hi/about` → `/about`. */
export function localizedPath(path: string, lang: Lang): string {
  const bare = path.replace(/^\/hi(?=\/|$)/, '') || '/';
  if (lang === DEFAULT_LANG) return bare;
  return bare === '/' ? '/hi/' : `/hi${bare}`;
}

/**
 * Pages rendered per request follow the cookie at one address instead of having a `/hi` twin: the grievance
 * form, the moderation log and the app screens.
 */
const ONE_ADDRESS = /^\/(?:grievance|modlog|home|profile|staff)(?:\/|$)/;

/** A link from a page in `lang` to another page of the site. */
export function siteHref(path: string, lang: Lang): string {
  return ONE_ADDRESS.test(path) ? path : localizedPath(path, lang);
}

/** The language a path belongs to (`/hi/...` is Hindi). */
export function langOfPath(path: string): Lang {
  return /^\/hi(?:\/|$)/.test(path) ? 'hi' : DEFAULT_LANG;
}

/** The date styles the screens use, in India's time zone with Latin digits. */
const DATE_STYLES = {
  long: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata', numberingSystem: 'latn' },
  short: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata', numberingSystem: 'latn' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata', numberingSystem: 'latn' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// Formatters are built once per language and style: one costs far more to make than to use.
const numberFormat = remembered((lang: Lang) => new Intl.NumberFormat(LOCALE[lang], { numberingSystem: 'latn' }));
const dateFormat = remembered((key: `${Lang} ${keyof typeof DATE_STYLES}`) => {
  const [lang, style] = key.split(' ') as [Lang, keyof typeof DATE_STYLES];
  return new Intl.DateTimeFormat(LOCALE[lang], DATE_STYLES[style]);
});

/** Counts and amounts: Indian grouping (1,23,456), Latin digits, in both languages. */
export function formatNumber(value: number, lang: Lang): string {
  return numberFormat(lang).format(value);
}

/** A calendar date in the language (e.g. "22 November 2026" / "22 नवंबर 2026"), in India's time zone. */
export function formatDate(value: string | Date, lang: Lang, style: 'long' | 'short' = 'long'): string {
  return dateFormat(`${lang} ${style}`).format(typeof value === 'string' ? new Date(value) : value);
}

/** A date and time in the language, in India's time zone. */
export function formatDateTime(value: string | Date, lang: Lang): string {
  return dateFormat(`${lang} dateTime`).format(typeof value === 'string' ? new Date(value) : value);
}
