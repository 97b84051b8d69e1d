import { atom } from 'nanostores';
import type { Lang } from '../lib/i18n.ts';
import { renderedLang } from '../lib/browser/language.ts';

/**
 * The language the page was rendered in. In the browser it starts from `<html lang>`, so islands hydrate in the
 * language of the server's markup; the cookie (lib/browser/language.ts) only records the choice for the next page.
 */
export const $lang = atom<Lang>(renderedLang());
