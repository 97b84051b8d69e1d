import { atom } from 'nanostores';
import Cookies from 'js-cookie';
import { DEFAULT_LANG, LANG_COOKIE, parseLang, type Lang } from '../lib/i18n.ts';

/**
 * The language the page was rendered in. In the browser it starts from `<html lang>`, so islands hydrate in the
 * language of the server's markup; the cookie only records the choice for the next page.
 */
export const $lang = atom<Lang>(typeof document === 'undefined' ? DEFAULT_LANG : parseLang(document.documentElement.lang));

/** The visitor's chosen language (the cookie), else the page's. */
export const chosenLang = (): Lang => {
  const stored = Cookies.get(LANG_COOKIE);
  return stored ? parseLang(stored) : $lang.get();
};

/** Keeps the choice for a year; the caller then loads the page in that language. */
export function rememberLang(lang: Lang) {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  Cookies.set(LANG_COOKIE, lang, { path: '/', sameSite: 'Lax', secure, expires: 365 });
}
