import { describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  LOCALE,
  OG_LOCALE,
  PREFIXED_LANGUAGES,
  formatDate,
  formatNumber,
  langFromAcceptLanguage,
  langOfPath,
  localizedPath,
  parseLang,
  preferredLang,
  siteHref,
} from './i18n.ts';
import { relativeTime } from './format.ts';

describe('the language list', () => {
  it('is English first, then the six Indian languages, each with its locale', () => {
    expect(LANGUAGES).toEqual(['en', 'hi', 'mr', 'bn', 'ta', 'te', 'kn']);
    expect(PREFIXED_LANGUAGES).toEqual(['hi', 'mr', 'bn', 'ta', 'te', 'kn']);
    expect(LOCALE.kn).toBe('kn-IN');
    expect(OG_LOCALE.bn).toBe('bn_IN');
  });
});

describe('choosing a language', () => {
  it('reads a cookie or attribute value as one of ours, else English', () => {
    expect(parseLang('kn')).toBe('kn');
    expect(parseLang('ta-IN')).toBe('ta');
    expect(parseLang('fr')).toBe('en');
    expect(parseLang(undefined)).toBe('en');
  });

  it('takes the best of our languages from Accept-Language, by q-value', () => {
    expect(langFromAcceptLanguage('kn-IN,kn;q=0.9,en;q=0.8')).toBe('kn');
    expect(langFromAcceptLanguage('en-US,en;q=0.9,bn;q=0.8')).toBe('en');
    expect(langFromAcceptLanguage('fr-FR,te;q=0.5')).toBe('te');
    expect(langFromAcceptLanguage('en;q=0.4,mr;q=0.6')).toBe('mr');
    expect(langFromAcceptLanguage('fr-FR,de;q=0.8')).toBe('en');
    expect(langFromAcceptLanguage(undefined)).toBe('en');
  });

  it('keeps the chosen language (the cookie) over the browser header on every visit but the first', () => {
    expect(preferredLang(undefined, 'ta-IN,ta;q=0.9')).toBe('ta');
    expect(preferredLang('bn', 'ta-IN,ta;q=0.9')).toBe('bn');
    expect(preferredLang('en', 'hi')).toBe('en');
  });
});

describe('paths in a language', () => {
  it('put every language but English under its own prefix', () => {
    expect(localizedPath('/about', 'bn')).toBe('/bn/about');
    expect(localizedPath('/', 'kn')).toBe('/kn/');
    expect(localizedPath('/hi/about', 'te')).toBe('/te/about');
    expect(localizedPath('/ta/privacy/history', 'en')).toBe('/privacy/history');
    expect(localizedPath('/mr', 'en')).toBe('/');
  });

  it('leave a page whose name starts like a language code alone', () => {
    expect(langOfPath('/kneel')).toBe('en');
    expect(localizedPath('/bnx', 'hi')).toBe('/hi/bnx');
  });

  it('tell the language of a path', () => {
    expect(LANGUAGES.map((lang) => langOfPath(localizedPath('/faq', lang)))).toEqual([...LANGUAGES]);
  });

  it('keep the screens rendered per request at one address', () => {
    expect(siteHref('/home/posts', 'kn')).toBe('/home/posts');
    expect(siteHref('/refund', 'kn')).toBe('/kn/refund');
  });
});

describe('numbers and dates in each language', () => {
  it('write numbers with Latin digits and Indian grouping in every language', () => {
    for (const lang of LANGUAGES) expect(formatNumber(123456, lang), lang).toBe('1,23,456');
  });

  it('word dates and relative times in the language, with Latin digits', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(formatDate('2026-11-22T12:00:00Z', 'bn')).toBe('22 নভেম্বর, 2026');
    expect(formatDate('2026-11-22T12:00:00Z', 'kn')).toBe('ನವೆಂಬರ್ 22, 2026');
    expect(relativeTime(new Date(now.getTime() - 3 * 3600_000), now, 'te')).toBe('3 గంటల క్రితం');
    expect(relativeTime(new Date(now.getTime() - 3 * 3600_000), now, 'ta')).toBe('3 மணிநேரம் முன்');
    expect(relativeTime(new Date(now.getTime() - 30_000), now, 'mr')).toBe('आत्ताच');
  });
});
