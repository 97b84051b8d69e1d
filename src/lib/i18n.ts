/**
 * The one place strings come from: i18next over the message catalogs in src/locales, shared by the Astro pages,
 * the React islands and the server (API error messages, mails). Plurals use i18next's `_one`/`_other` keys,
 * resolved by Intl.PluralRules; numbers use Indian grouping with Latin digits (1,23,456) in every language.
 * The server holds every catalog; a page in the browser holds its own language only (`#catalogs`, see
 * src/locales/catalogs.browser.ts).
 */
import i18next, { type TFunction } from 'i18next';
import { catalogs } from '#catalogs';
import { remembered } from './remembered.ts';

/**
 * The site's languages, the one list everything else reads (routes, catalogs, the language switch, hreflang, the
 * sitemap): each language's code, its name in its own script, its BCP 47 locale (`<html lang>`, Intl, OpenGraph),
 * and how far its words can be trusted: `source` (English, which every translation follows), `reviewed` (translated
 * and read by people who speak it), or `machine-assisted` (translated with a machine's help and not yet reviewed:
 * its policy pages say that the English text governs). src/locales/README.md tells translators how to correct one.
 */
export const LANGUAGE_LIST = [
  { code: 'en', name: 'English', locale: 'en-IN', status: 'source' },
  { code: 'hi', name: 'हिन्दी', locale: 'hi-IN', status: 'reviewed' },
  { code: 'mr', name: 'मराठी', locale: 'mr-IN', status: 'machine-assisted' },
  { code: 'bn', name: 'বাংলা', locale: 'bn-IN', status: 'machine-assisted' },
  { code: 'ta', name: 'தமிழ்', locale: 'ta-IN', status: 'machine-assisted' },
  { code: 'te', name: 'తెలుగు', locale: 'te-IN', status: 'machine-assisted' },
  { code: 'kn', name: 'ಕನ್ನಡ', locale: 'kn-IN', status: 'machine-assisted' },
] as const satisfies readonly { code: string; name: string; locale: string; status: 'source' | 'reviewed' | 'machine-assisted' }[];

export type Lang = (typeof LANGUAGE_LIST)[number]['code'];
export const LANGUAGES: readonly Lang[] = LANGUAGE_LIST.map((language) => language.code);
export const DEFAULT_LANG: Lang = 'en';
/** The languages with a prefix of their own (`/hi/about`, `/kn/about`): all but English. */
export const PREFIXED_LANGUAGES: readonly Lang[] = LANGUAGES.filter((lang) => lang !== DEFAULT_LANG);
/** The cookie that keeps a visitor's language choice; the API client sends it on as Accept-Language. */
export const LANG_COOKIE = 'lang';

const byLang = <T>(value: (language: (typeof LANGUAGE_LIST)[number]) => T) =>
  Object.fromEntries(LANGUAGE_LIST.map((language) => [language.code, value(language)])) as Record<Lang, T>;
/** Locale tags: `<html lang>`, Intl formatting and OpenGraph. */
export const LOCALE: Record<Lang, string> = byLang((language) => language.locale);
export const OG_LOCALE: Record<Lang, string> = byLang((language) => language.locale.replace('-', '_'));
/** Each language's name in itself, for the language switch. */
export const LANGUAGE_NAMES: Record<Lang, string> = byLang((language) => language.name);
/** Where each language's translation stands (see LANGUAGE_LIST). */
export const LANGUAGE_STATUS: Record<Lang, (typeof LANGUAGE_LIST)[number]['status']> = byLang((language) => language.status);

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

/**
 * The language of a reader without a language in the address: the `lang` cookie they chose, else the best of
 * their browser's Accept-Language (a first visit), else English. The server's answers and the pages rendered per
 * request both decide by this.
 */
export function preferredLang(cookie: string | undefined, acceptLanguage: string | undefined): Lang {
  return cookie ? parseLang(cookie) : langFromAcceptLanguage(acceptLanguage);
}

/** `/hi/about` → hi and `/about`; a path without a language prefix is English. */
const PREFIX = new RegExp(`^/(${PREFIXED_LANGUAGES.join('|')})(?=/|$)`);

/** A page's path in a language: `/about` → `/kn/about`; `/hi/about` → `/about` (English) or `/bn/about`. */
export function localizedPath(path: string, lang: Lang): string {
  const bare = path.replace(PREFIX, '') || '/';
  if (lang === DEFAULT_LANG) return bare;
  return bare === '/' ? `/${lang}/` : `/${lang}${bare}`;
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

/** The language a path belongs to (`/hi/...` is Hindi, `/kn/...` Kannada); a path without a prefix is English. */
export function langOfPath(path: string): Lang {
  return (PREFIX.exec(path)?.[1] as Lang | undefined) ?? DEFAULT_LANG;
}

/** The date styles the screens use, in India's time zone with Latin digits. */
const DATE_STYLES = {
  long: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata', numberingSystem: 'latn' },
  short: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata', numberingSystem: 'latn' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata', numberingSystem: 'latn' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * Numbers are written alike in every language: Latin digits with India's grouping (1,23,456). Not each language's own
 * locale: Bengali counts in its own digits unless told (`-u-nu-latn`), and CLDR groups Kannada by thousands (123,456).
 */
const NUMBER_LOCALE = 'en-IN-u-nu-latn';

// Formatters are built once per language and style: one costs far more to make than to use.
const numberFormat = new Intl.NumberFormat(NUMBER_LOCALE);
const dateFormat = remembered((key: `${Lang} ${keyof typeof DATE_STYLES}`) => {
  const [lang, style] = key.split(' ') as [Lang, keyof typeof DATE_STYLES];
  return new Intl.DateTimeFormat(LOCALE[lang], DATE_STYLES[style]);
});

/** Counts and amounts: Indian grouping (1,23,456), Latin digits, written alike in every language (see NUMBER_LOCALE). */
export function formatNumber(value: number, _lang: Lang): string {
  return numberFormat.format(value);
}

/** A calendar date in the language (e.g. "22 November 2026" / "22 नवंबर 2026"), in India's time zone. */
export function formatDate(value: string | Date, lang: Lang, style: 'long' | 'short' = 'long'): string {
  return dateFormat(`${lang} ${style}`).format(typeof value === 'string' ? new Date(value) : value);
}

/** A date and time in the language, in India's time zone. */
export function formatDateTime(value: string | Date, lang: Lang): string {
  return dateFormat(`${lang} dateTime`).format(typeof value === 'string' ? new Date(value) : value);
}
