import type { FeedSort } from '../api-types.ts';

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
