import { translator, LOCALE, type Lang } from './i18n.ts';

/**
 * The plain page every unknown path answers with (404), also used by pages that must not reveal they exist, in the
 * reader's language (a /hi/ path, else the lang cookie): no script, no stylesheet, so it costs nothing to send.
 */
export function notFoundPage(lang: Lang = 'en'): string {
  const t = translator(lang);
  return (
    `<!doctype html><html lang="${LOCALE[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${t('site.notFound.title')} | ${t('site.productName')}</title></head><body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1rem">` +
    `<main><h1>${t('site.notFound.title')}</h1><p>${t('site.notFound.text')} <a href="${lang === 'en' ? '/' : `/${lang}/`}">${t('site.notFound.home')}</a> · <a href="/home/posts">${t('site.notFound.feed')}</a></p></main></body></html>`
  );
}

/** The English page, for callers without a reader's language. */
export const NOT_FOUND_PAGE = notFoundPage('en');
