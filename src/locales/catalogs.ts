/**
 * The message catalogs as the server, the prerendering and the tests have them: every language, loaded with the
 * module. Imported as `#catalogs` (package.json "imports"); a browser build gets ./catalogs.browser.ts instead,
 * which fetches the page's language only. The type makes this list follow the languages of src/lib/i18n.ts, and
 * each catalog keep the English one's keys.
 */
import en from './en.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };
import mr from './mr.json' with { type: 'json' };
import bn from './bn.json' with { type: 'json' };
import ta from './ta.json' with { type: 'json' };
import te from './te.json' with { type: 'json' };
import kn from './kn.json' with { type: 'json' };
import type { Lang } from '../lib/i18n.ts';

export type Catalog = typeof en;
export type CatalogLang = Lang;

export const catalogs: Partial<Record<CatalogLang, Catalog>> = { en, hi, mr, bn, ta, te, kn } satisfies Record<CatalogLang, Catalog>;
