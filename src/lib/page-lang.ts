/**
 * The language an Astro page renders in: `/hi/...` pages are Hindi; pages rendered per request (the app
 * screens) follow the `lang` cookie; other prebuilt pages are English.
 */
import type { AstroGlobal } from 'astro';
import { LANG_COOKIE, langOfPath, parseLang, translator, type Lang, type Translate } from './i18n.ts';

export function pageLang(astro: Pick<AstroGlobal, 'url' | 'cookies' | 'isPrerendered'>): Lang {
  if (langOfPath(astro.url.pathname) !== 'en') return langOfPath(astro.url.pathname);
  if (!astro.isPrerendered) return parseLang(astro.cookies.get(LANG_COOKIE)?.value);
  return 'en';
}

/** The page's language and its translate function. */
export function pageT(astro: Pick<AstroGlobal, 'url' | 'cookies' | 'isPrerendered'>): { lang: Lang; t: Translate } {
  const lang = pageLang(astro);
  return { lang, t: translator(lang) };
}
