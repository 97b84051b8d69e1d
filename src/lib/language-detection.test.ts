import { describe, expect, it } from 'vitest';
import { detectLanguage, postLanguage } from './language-detection.ts';
import { LABELLED_SAMPLES, UNDETERMINED_SAMPLES } from './language-detection.samples.ts';
import { POST_LANGUAGES, defaultReadingLanguages, tagsShownFor, type ChosenLanguage } from './post-languages.ts';

/** Each language's share of its samples detected as it, and what the others were taken for. */
function accuracies() {
  return POST_LANGUAGES.map((language) => {
    const samples = LABELLED_SAMPLES[language];
    const misses = samples.map((text) => ({ text, detected: detectLanguage(text) })).filter((result) => result.detected !== language);
    return { language, samples: samples.length, accuracy: (samples.length - misses.length) / samples.length, misses };
  });
}

describe('language detection', () => {
  const results = accuracies();
  // The figures, for whoever reads the run (and the report of a change to the detector).
  console.log(
    `Language detection accuracy on the labelled samples:\n${results
      .map(
        ({ language, samples, accuracy, misses }) =>
          `  ${language.padEnd(8)} ${accuracy.toFixed(3)} (${samples - misses.length}/${samples})${
            misses.length ? `  missed: ${misses.map((m) => `"${m.text}" → ${m.detected}`).join('; ')}` : ''
          }`,
      )
      .join('\n')}`,
  );

  it.each(POST_LANGUAGES.map((language) => [language]))(
    'tells %s at least 9 times in 10 on 30 or more texts as people post',
    (language) => {
      const result = results.find((r) => r.language === language)!;
      expect(result.samples).toBeGreaterThanOrEqual(30);
      expect(result.accuracy, result.misses.map((m) => `${m.text} → ${m.detected}`).join('\n')).toBeGreaterThanOrEqual(0.9);
    },
  );

  it('answers und for what has no words: emoji, numbers, links, handles, empty markup', () => {
    for (const text of UNDETERMINED_SAMPLES) expect(detectLanguage(text), text).toBe('und');
  });

  it('answers und for a script we do not sort by', () => {
    expect(detectLanguage('ਸਤ ਸ੍ਰੀ ਅਕਾਲ ਜੀ')).toBe('und');
    expect(detectLanguage('നമസ്കാരം സുഹൃത്തുക്കളേ')).toBe('und');
  });

  it('reads a post’s title with its HTML text, without the markup and links', () => {
    expect(postLanguage('📷', '<p>आज <strong>बहुत</strong> अच्छा दिन था</p>')).toBe('hi');
    expect(postLanguage('Photo', '<p><a href="https://example.com/kya-hai">https://example.com/kya-hai</a></p>')).toBe('en');
    expect(postLanguage('@SaffronTiger @BlueMonkey', '')).toBe('und');
  });
});

describe('a reader’s languages', () => {
  it('shows Hinglish with Hindi, and undetermined items always', () => {
    expect(tagsShownFor(['hi'])).toEqual(['hi', 'hi-Latn', 'und']);
    expect(tagsShownFor(['hi-Latn', 'en'])).toEqual(['en', 'hi-Latn', 'und']);
    expect(tagsShownFor(['kn'])).toEqual(['kn', 'und']);
  });

  it('starts from the language of the screens and English', () => {
    expect(defaultReadingLanguages('en')).toEqual<ChosenLanguage[]>(['en']);
    expect(defaultReadingLanguages('ta')).toEqual<ChosenLanguage[]>(['en', 'ta']);
  });
});
