/**
 * The message catalogs in the browser: the page's language only (its `<html lang>`, which the server rendered),
 * fetched before any module that translates runs, so islands hydrate in the language of the markup and a visitor
 * never downloads another language. Switching language loads the page again, in the new one.
 * (`#catalogs` resolves here through the "browser" condition in package.json; see ./catalogs.ts.)
 */
import type { Catalog, CatalogLang } from './catalogs.ts';
import { CATALOG_URLS } from './catalog-urls.ts';

// Read without src/lib/i18n.ts, which imports this module: `kn-IN` → kn when a catalog is built for it, else English.
const tag = document.documentElement.lang.toLowerCase().split('-')[0];
const pageLang = (Object.prototype.hasOwnProperty.call(CATALOG_URLS, tag) ? tag : 'en') as CatalogLang;

// The same request as the app layout's preload (a plain GET, same-origin credentials), so the browser reuses it.
const response = await fetch(CATALOG_URLS[pageLang]);
if (!response.ok) throw new Error(`The ${pageLang} catalog could not be loaded (${response.status})`);

export const catalogs: Partial<Record<CatalogLang, Catalog>> = { [pageLang]: (await response.json()) as Catalog };
