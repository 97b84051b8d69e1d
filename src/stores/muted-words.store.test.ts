import { describe, expect, it } from 'vitest';
import { containsMutedWord } from './muted-words.store.ts';

describe('containsMutedWord', () => {
  it('matches whole words and phrases, whatever the case or markup', () => {
    expect(containsMutedWord('<p>Best <b>UPI</b> app?</p>', ['upi'])).toBe(true);
    expect(containsMutedWord('Upil is not a word here', ['upi'])).toBe(false);
    expect(containsMutedWord('India won the test match', ['test match'])).toBe(true);
    expect(containsMutedWord('nothing to see', [])).toBe(false);
  });

  it('matches Hindi words without splitting their vowel signs', () => {
    expect(containsMutedWord('आज क्रिकेट मैच है', ['क्रिकेट'])).toBe(true);
    expect(containsMutedWord('क्रिकेटर', ['क्रिकेट'])).toBe(false);
  });

  it('treats a muted word as text, not a pattern', () => {
    expect(containsMutedWord('price (approx) 500', ['(approx)'])).toBe(true);
    expect(containsMutedWord('a+b', ['a.b'])).toBe(false);
  });
});
