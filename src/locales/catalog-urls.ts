/**
 * Where the built catalogs are served (`/_astro/en.<hash>.json`, a new name whenever a text changes): the browser
 * fetches its page's one (./catalogs.browser.ts), and the app's pages preload it with the HTML, so it arrives
 * beside the scripts instead of after them. Plain JSON, which the browser parses faster than the same object as script.
 */
import en from './en.json?url';
import hi from './hi.json?url';
import mr from './mr.json?url';
import bn from './bn.json?url';
import ta from './ta.json?url';
import te from './te.json?url';
import kn from './kn.json?url';
import type { CatalogLang } from './catalogs.ts';

export const CATALOG_URLS: Record<CatalogLang, string> = { en, hi, mr, bn, ta, te, kn };
