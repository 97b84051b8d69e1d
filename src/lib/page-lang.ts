/**
 * The language an Astro page renders in: `/hi/...` pages are Hindi, `/kn/...` Kannada; pages rendered per request
 * (the app screens) follow the `lang` cookie, else the browser's Accept-Language; other prebuilt pages are English.
 */
import type { AstroGlobal } from 'astro';
import { DEFAULT_LANG, LANG_COOKIE, langOfPath, preferredLang, translator, type Lang, type Translate } from './i18n.ts';

type PageContext = Pick<AstroGlobal, 'url' | 'cookies' | 'isPrerendered' | 'request'>;

export function pageLang(astro: PageContext): Lang {
  // An explicit /{lang}/ address wins over the cookie.
  const ofPath = langOfPath(astro.url.pathname);
  if (ofPath !== DEFAULT_LANG || astro.isPrerendered) return ofPath;
  return preferredLang(astro.cookies.get(LANG_COOKIE)?.value, astro.request.headers.get('accept-language') ?? undefined);
}

/** The page's language and its translate function. */
export function pageT(astro: PageContext): { lang: Lang; t: Translate } {
  const lang = pageLang(astro);
  return { lang, t: translator(lang) };
}
