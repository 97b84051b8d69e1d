import { map } from 'nanostores';
import { api } from '../lib/browser/api-client.ts';
import { currentFeedLanguages, setFeedLanguagesInAddress } from '../lib/browser/feed-sort.ts';
import type { ChosenLanguage, Preferences } from '../lib/post-languages.ts';

/**
 * The languages a reader's feeds show ("Show posts in"), shared by the feed, a channel's page and the profile's
 * settings. A member's choice is kept on the server (GET/PUT /api/users/me/preferences/; their screens' language and
 * English until they choose); a visitor's lives in the address (`?languages=`), every language without it.
 * `languages` null: every language.
 */
export type ReadingLanguagesState = {
  languages: ChosenLanguage[] | null;
  /** Whether a member saved a choice (false: the default for the language of their screens). */
  saved: boolean;
  member: boolean;
  loaded: boolean;
  saving: boolean;
  error: boolean;
};

export const $readingLanguages = map<ReadingLanguagesState>({
  languages: null,
  saved: false,
  member: false,
  loaded: false,
  saving: false,
  error: false,
});

let loading: Promise<void> | null = null;

/**
 * Reads the reader's languages once per page: a member's from the server (the address's `?languages=` wins for this
 * page, as it does on the server), a visitor's from the address.
 */
export function loadReadingLanguages(member: boolean): Promise<void> {
  const fromAddress = currentFeedLanguages();
  if (!member) {
    $readingLanguages.set({ ...$readingLanguages.get(), languages: fromAddress, member, saved: false, loaded: true });
    return Promise.resolve();
  }
  loading ??= api<Preferences>('/api/users/me/preferences/')
    .then((answer) =>
      $readingLanguages.set({
        ...$readingLanguages.get(),
        languages: fromAddress ?? answer.reading_languages,
        saved: answer.reading_languages_saved,
        member,
        loaded: true,
        error: false,
      }),
    )
    .catch(() => {
      loading = null;
      $readingLanguages.set({ ...$readingLanguages.get(), member, loaded: true, error: true });
    });
  return loading;
}

/**
 * The reader chose: a member's choice is saved (the address's own `?languages=` is dropped so the saved one applies), a
 * visitor's goes in the address. Answers whether it took; the feed then loads again.
 */
export async function chooseReadingLanguages(languages: ChosenLanguage[]): Promise<boolean> {
  const state = $readingLanguages.get();
  if (!state.member) {
    setFeedLanguagesInAddress(languages);
    $readingLanguages.set({ ...state, languages, error: false });
    return true;
  }
  // Shown at once (the boxes answer the tap), taken back if the server refuses it.
  $readingLanguages.set({ ...state, languages, saving: true, error: false });
  try {
    const answer = await api<Preferences>('/api/users/me/preferences/', { method: 'PUT', body: { reading_languages: languages } });
    if (currentFeedLanguages()) setFeedLanguagesInAddress(null);
    $readingLanguages.set({ ...$readingLanguages.get(), languages: answer.reading_languages, saved: true, saving: false });
    return true;
  } catch {
    $readingLanguages.set({ ...$readingLanguages.get(), languages: state.languages, saving: false, error: true });
    return false;
  }
}
