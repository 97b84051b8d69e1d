import { describe, expect, it } from 'vitest';
import en from './en.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };
import { translator } from '../lib/i18n.ts';

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

describe('message catalogs', () => {
  const enKeys = keysOf(en);
  const hiKeys = keysOf(hi);

  it('have the same keys in English and Hindi, plural forms included', () => {
    expect(
      hiKeys.filter((key) => !enKeys.includes(key)),
      'only in hi.json',
    ).toEqual([]);
    expect(
      enKeys.filter((key) => !hiKeys.includes(key)),
      'only in en.json',
    ).toEqual([]);
  });

  it('give every plural both the one and the other form', () => {
    for (const keys of [enKeys, hiKeys]) {
      const plurals = keys.filter((key) => /_(one|other)$/.test(key));
      for (const key of plurals) {
        const base = key.replace(/_(one|other)$/, '');
        expect(keys, `${base} needs _one and _other`).toEqual(expect.arrayContaining([`${base}_one`, `${base}_other`]));
      }
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const key of enKeys) {
      expect(placeholders(leaf(hi, key)), key).toEqual(placeholders(leaf(en, key)));
    }
  });

  it('leave no message empty', () => {
    for (const key of enKeys) {
      expect(leaf(en, key).trim(), `en ${key}`).not.toBe('');
      expect(leaf(hi, key).trim(), `hi ${key}`).not.toBe('');
    }
  });

  it('pick the plural form by count', () => {
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
  it('is spelled one way in each language: the Hindi catalog says भारत स्क्वेयर (the company keeps its registered name)', () => {
    const latin = JSON.stringify(hi).match(/Bharat Square(?! Technologies)/g) ?? [];
    expect(latin).toEqual([]);
  });
});
