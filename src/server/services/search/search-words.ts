import type { HighlightRange } from '../../../lib/api-types.ts';

/**
 * The words of a shown text, where they are: letters, digits and combining marks, with the zero-width joiner and
 * non-joiner kept inside a word (they sit inside Indic conjuncts). Offsets are UTF-16 code units, as the client slices.
 */
const WORD = /[\p{L}\p{N}\p{M}\u200c\u200d]+/gu;

export type WordAt = { word: string; start: number; end: number };

export function wordsOf(text: string): WordAt[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));
}

/** The ranges of the words of `text` that are in `hits`. */
export function highlightRanges(text: string, hits: ReadonlySet<string>): HighlightRange[] {
  return wordsOf(text)
    .filter((w) => hits.has(w.word))
    .map((w): HighlightRange => [w.start, w.end]);
}

/** Latin letters only (a Hinglish query) or none (a query in an Indian script): which side a word is written in. */
export const isLatin = (word: string) => !/[^\p{Script=Latin}\p{N}]/u.test(word);
