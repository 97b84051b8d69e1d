/**
 * The message catalogs in the browser: the page's language only (its `<html lang>`, which the server rendered),
 * fetched before any module that translates runs, so islands hydrate in the language of the markup and a visitor
 * never downloads the other language. Switching language loads the page again, in the new one.
 * (`#catalogs` resolves here through the "browser" condition in package.json; see ./catalogs.ts.)
 */
import type { Catalog, CatalogLang } from './catalogs.ts';

const load: Record<CatalogLang, () => Promise<{ default: Catalog }>> = {
  en: () => import('./en.json'),
  hi: () => import('./hi.json'),
};

const pageLang: CatalogLang = /^hi\b/i.test(document.documentElement.lang) ? 'hi' : 'en';

export const catalogs: Partial<Record<CatalogLang, Catalog>> = { [pageLang]: (await load[pageLang]()).default };
