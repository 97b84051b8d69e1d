import Cookies from 'js-cookie';
import { DEFAULT_LANG, LANG_COOKIE, parseLang, type Lang } from '../i18n.ts';

/** The language the page was rendered in (`<html lang>`), so islands hydrate in the language of the server's markup. */
export const renderedLang = (): Lang => (typeof document === 'undefined' ? DEFAULT_LANG : parseLang(document.documentElement.lang));

/** The visitor's chosen language (the cookie), else the page's. */
export const chosenLang = (): Lang => {
  const stored = Cookies.get(LANG_COOKIE);
  return stored ? parseLang(stored) : renderedLang();
};

/** Keeps the choice for a year; the caller then loads the page in that language. */
export function rememberLang(lang: Lang) {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  Cookies.set(LANG_COOKIE, lang, { path: '/', sameSite: 'Lax', secure, expires: 365 });
}
