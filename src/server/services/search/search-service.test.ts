import { describe, expect, it } from 'vitest';
import { plainTextExcerpt, toPrefixQuery, truncate } from './search-service.ts';

describe('toPrefixQuery', () => {
  it('turns each word into a prefix term joined by &', () => {
    expect(toPrefixQuery('cric')).toBe('cric:*');
    expect(toPrefixQuery('  Indian   cric ')).toBe('Indian:* & cric:*');
  });

  it('strips tsquery operators, quotes and punctuation', () => {
    expect(toPrefixQuery("rock&roll | !not (x):* <-> 'quoted' \\")).toBe('rock:* & roll:* & not:* & x:* & quoted:*');
    expect(toPrefixQuery("don't")).toBe('don:* & t:*');
  });

  it('answers null when nothing searchable is left', () => {
    for (const q of ['', '   ', '&|!():*', "''", '<->', '...', '\\']) expect(toPrefixQuery(q)).toBeNull();
  });

  it('keeps Indic words whole, combining marks included', () => {
    expect(toPrefixQuery('नमस्ते ಉಡುಪಿ')).toBe('नमस्ते:* & ಉಡುಪಿ:*');
  });

  it('bounds the number and the length of words', () => {
    expect(toPrefixQuery(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))!.split(' & ')).toHaveLength(8);
    expect(toPrefixQuery('x'.repeat(150))).toBe(`${'x'.repeat(64)}:*`);
  });
});

describe('plainTextExcerpt', () => {
  it('strips tags, decodes entities and collapses whitespace', () => {
    expect(plainTextExcerpt('<p>Fish &amp; chips</p><ul><li>one</li><li>two&nbsp;&#8377;5 &#x27;ok&#x27;</li></ul>')).toBe(
      "Fish & chips one two ₹5 'ok'",
    );
  });

  it('keeps at most 200 characters, ending with an ellipsis when cut', () => {
    const long = `<p>${'word '.repeat(100)}</p>`;
    const excerpt = plainTextExcerpt(long);
    expect([...excerpt].length).toBeLessThanOrEqual(200);
    expect(excerpt.endsWith('…')).toBe(true);
  });
});

describe('truncate', () => {
  it('leaves short text alone and counts code points, not UTF-16 units', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('😀😀😀😀', 4)).toBe('😀😀😀😀');
    expect(truncate('😀😀😀😀😀', 4)).toBe('😀😀😀…');
  });
});
