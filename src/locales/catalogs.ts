/**
 * The message catalogs as the server, the prerendering and the tests have them: both languages, loaded with the
 * module. Imported as `#catalogs` (package.json "imports"); a browser build gets ./catalogs.browser.ts instead,
 * which fetches the page's language only.
 */
import en from './en.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };

export type Catalog = typeof en;
export type CatalogLang = 'en' | 'hi';

export const catalogs: Partial<Record<CatalogLang, Catalog>> = { en, hi };
