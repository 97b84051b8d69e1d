import type { FeedSort } from '../api-types.ts';
import { canonicalLanguage, orderedLanguages, type ChosenLanguage } from '../post-languages.ts';

/** A feed's or channel page's order, as the selector words it in English (`feed.sort.*` in the catalogs); New (today's order) is the default. */
export const FEED_SORT_LABELS: Record<FeedSort, string> = {
  new: 'New',
  hot: 'Hot',
  top_day: 'Top of the day',
  top_week: 'Top of the week',
  top_all: 'Top of all time',
};

const isFeedSort = (value: string | null): value is FeedSort => value !== null && value in FEED_SORT_LABELS;

/** The order the address asks for (`?sort=`), New when none or unknown. */
export function currentFeedSort(search = typeof window === 'undefined' ? '' : window.location.search): FeedSort {
  const value = new URLSearchParams(search).get('sort');
  return isFeedSort(value) ? value : 'new';
}

/** The query a feed request adds for the address's order: nothing for New, so the default request is unchanged. */
export function feedSortQuery(search?: string): { sort?: FeedSort } {
  const sort = currentFeedSort(search);
  return sort === 'new' ? {} : { sort };
}

/** Puts the order in the address (without a reload), so a shared or reloaded page keeps it. */
export function setFeedSortInAddress(sort: FeedSort): void {
  const url = new URL(window.location.href);
  if (sort === 'new') url.searchParams.delete('sort');
  else url.searchParams.set('sort', sort);
  window.history.replaceState(null, '', url);
}

/**
 * The languages the address asks for (`?languages=hi,en`), or null when it names none (a member's saved choice then
 * applies on the server; a visitor sees every language). Unknown tags are dropped.
 */
export function currentFeedLanguages(search = typeof window === 'undefined' ? '' : window.location.search): ChosenLanguage[] | null {
  const value = new URLSearchParams(search).get('languages');
  if (!value) return null;
  const chosen = value
    .split(',')
    .map(canonicalLanguage)
    .filter((tag): tag is ChosenLanguage => tag !== null);
  return chosen.length ? orderedLanguages(chosen) : null;
}

/** What a feed request adds for the address's order and languages: nothing for the defaults, so the default request is unchanged. */
export function feedQuery(search?: string): { sort?: FeedSort; languages?: string } {
  const languages = currentFeedLanguages(search);
  return { ...feedSortQuery(search), ...(languages ? { languages: languages.join(',') } : {}) };
}

/** Puts a visitor's languages in the address (without a reload); null takes them out (every language). */
export function setFeedLanguagesInAddress(languages: readonly ChosenLanguage[] | null): void {
  const url = new URL(window.location.href);
  if (languages?.length) url.searchParams.set('languages', orderedLanguages(languages).join(','));
  else url.searchParams.delete('languages');
  window.history.replaceState(null, '', url);
}
