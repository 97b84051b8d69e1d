import { describe, expect, it } from 'vitest';
import { catalogs } from './catalogs.ts';
import { DEFAULT_LANG, LANGUAGES, LANGUAGE_LIST, translator } from '../lib/i18n.ts';

type Catalog = { [key: string]: string | Catalog };

/** Every leaf key of a catalog, dotted (`login.sentEnd_one`). */
function keysOf(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

/** The `{{name}}` placeholders of one message. */
const placeholders = (message: string) => [...message.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const leaf = (catalog: Catalog, key: string) =>
  key.split('.').reduce<string | Catalog>((node, part) => (node as Catalog)[part], catalog) as string;

const en = catalogs.en as Catalog;
const TRANSLATIONS = LANGUAGES.filter((lang) => lang !== DEFAULT_LANG);

/**
 * Messages that read the same in every language: placeholders only, addresses, and the example e-mail. Anything else
 * identical to English is a message nobody translated.
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'notifications.text.withReason',
  'login.emailPlaceholder',
  'verifications.emailPlaceholder',
  'grievance.form.linkPlaceholder',
  // The full stop after the privacy link, where a language ends the sentence with one.
  'dataRights.privacyAfter',
]);

describe('message catalogs', () => {
  const enKeys = keysOf(en);

  it('exist for every language of the list, and for no other', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...LANGUAGES].sort());
  });

  describe.each(TRANSLATIONS)('%s', (lang) => {
    const catalog = catalogs[lang] as Catalog;
    const keys = keysOf(catalog);

    it('has the same keys as English, plural forms included', () => {
      expect(
        keys.filter((key) => !enKeys.includes(key)),
        `only in ${lang}.json`,
      ).toEqual([]);
      expect(
        enKeys.filter((key) => !keys.includes(key)),
        'only in en.json',
      ).toEqual([]);
    });

    it('uses the same placeholders as English', () => {
      for (const key of enKeys) expect(placeholders(leaf(catalog, key)), key).toEqual(placeholders(leaf(en, key)));
    });

    it('leaves no message empty', () => {
      for (const key of enKeys) expect(leaf(catalog, key).trim(), key).not.toBe('');
    });

    it('leaves no message in English', () => {
      const untranslated = enKeys.filter((key) => !SAME_IN_EVERY_LANGUAGE.has(key) && leaf(catalog, key) === leaf(en, key));
      expect(untranslated).toEqual([]);
    });

    it('writes numbers in Latin digits, as the numbers Intl formats', () => {
      const nativeDigits = enKeys.filter((key) =>
        /[\u0966-\u096F\u09E6-\u09EF\u0BE6-\u0BEF\u0C66-\u0C6F\u0CE6-\u0CEF]/.test(leaf(catalog, key)),
      );
      expect(nativeDigits).toEqual([]);
    });
  });

  it('give every plural both the one and the other form', () => {
    for (const lang of LANGUAGES) {
      const keys = keysOf(catalogs[lang] as Catalog);
      const plurals = keys.filter((key) => /_(one|other)$/.test(key));
      for (const key of plurals) {
        const base = key.replace(/_(one|other)$/, '');
        expect(keys, `${lang}: ${base} needs _one and _other`).toEqual(expect.arrayContaining([`${base}_one`, `${base}_other`]));
      }
    }
  });

  it('leave no English message empty', () => {
    for (const key of enKeys) expect(leaf(en, key).trim(), key).not.toBe('');
  });

  it('pick the plural form by count', () => {
    expect(translator('kn')('post.comments', { count: 1 })).toBe('1 ಕಾಮೆಂಟ್');
    expect(translator('kn')('post.comments', { count: 5 })).toBe('5 ಕಾಮೆಂಟ್‌ಗಳು');
    expect(translator('ta')('post.comments', { count: 0 })).toBe('0 கருத்துகள்');
    expect(translator('en')('post.comments', { count: 1 })).toBe('1 Comment');
    expect(translator('en')('post.comments', { count: 46 })).toBe('46 Comments');
    expect(translator('hi')('post.comments', { count: 1 })).toBe('1 टिप्पणी');
    expect(translator('hi')('post.comments', { count: 46 })).toBe('46 टिप्पणियाँ');
    // Hindi counts 0 with the singular (CLDR); "0 टिप्पणियाँ" is what readers expect, so zero has its own form.
    expect(translator('hi')('post.comments', { count: 0 })).toBe('0 टिप्पणियाँ');
    expect(translator('en')('post.comments', { count: 0 })).toBe('0 Comments');
  });
});

describe('the brand', () => {
  it('is written as people of each language write it (the company keeps its registered name)', () => {
    const written: Record<string, string> = {};
    for (const lang of TRANSLATIONS) {
      expect(JSON.stringify(catalogs[lang]).match(/Bharat Square(?! Technologies)/g) ?? [], lang).toEqual([]);
      written[lang] = translator(lang)('site.productName');
    }
    expect(written).toEqual({ hi: 'भारत स्क्वेयर', mr: 'भारत स्क्वेअर', bn: 'ভারত স্কোয়ার', ta: 'பாரத் ஸ்கொயர்', te: 'భారత్ స్క్వేర్', kn: 'ಭಾರತ್ ಸ್ಕ್ವೇರ್' });
  });
});

describe('the language list', () => {
  it('names each language in its own script, with a BCP 47 locale for India', () => {
    expect(LANGUAGE_LIST.map(({ code, name, locale }) => [code, name, locale])).toEqual([
      ['en', 'English', 'en-IN'],
      ['hi', 'हिन्दी', 'hi-IN'],
      ['mr', 'मराठी', 'mr-IN'],
      ['bn', 'বাংলা', 'bn-IN'],
      ['ta', 'தமிழ்', 'ta-IN'],
      ['te', 'తెలుగు', 'te-IN'],
      ['kn', 'ಕನ್ನಡ', 'kn-IN'],
    ]);
  });
});
