import { atom, map } from 'nanostores';
import { api } from '../../../lib/browser/api-client.ts';
import type { SearchResponse, SearchSort } from '../../../lib/api-types.ts';

/** Spec section 9: the search runs 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

export type SearchTab = 'posts' | 'channels' | 'comments';
export type SearchResults = SearchResponse['search'];

export const EMPTY_RESULTS: SearchResults = { posts: [], channels: [], comments: [] };

export const $searchOpen = atom(false);
export const $search = map({
  query: '',
  tab: 'posts' as SearchTab,
  results: EMPTY_RESULTS,
  loading: false,
  /** The query the results belong to; '' when nothing has been searched. */
  searched: '',
  /** Relevant (the default) or New. */
  sort: 'relevant' as SearchSort,
  /** The query as the server matched it in the other script ("Showing results for …"), or null. */
  transliterated: null as string | null,
});

let timer: ReturnType<typeof setTimeout> | undefined;
let latest = 0;

/**
 * Opens the modal. Closing it cancels a search still waiting for its pause; the query stays in the box, so it
 * runs now: the box never shows a query without its results.
 */
export function openSearch() {
  if ($searchOpen.get()) return;
  $searchOpen.set(true);
  const { query, searched, loading } = $search.get();
  if (query.trim() && query.trim() !== searched && !loading) setSearchQuery(query);
}

export function closeSearch() {
  clearTimeout(timer);
  $searchOpen.set(false);
}

export const setSearchTab = (tab: SearchTab) => $search.setKey('tab', tab);

/** Relevant or New: the same query again, in the other order. */
export function setSearchSort(sort: SearchSort) {
  $search.setKey('sort', sort);
  const query = $search.get().query.trim();
  if (query) void runSearch(query);
}

/** Types into the box: a blank query clears the results at once and makes no call; otherwise search after the pause. */
export function setSearchQuery(query: string) {
  $search.setKey('query', query);
  clearTimeout(timer);
  if (!query.trim()) {
    latest++;
    $search.set({ ...$search.get(), results: EMPTY_RESULTS, loading: false, searched: '', transliterated: null });
    return;
  }
  timer = setTimeout(() => void runSearch(query.trim()), SEARCH_DEBOUNCE_MS);
}

/** GET /api/posts/search/?q= (the api client adds the bearer token when there is one); a failure clears the results. */
export async function runSearch(q: string): Promise<void> {
  const ticket = ++latest;
  $search.setKey('loading', true);
  let results = EMPTY_RESULTS;
  let transliterated: string | null = null;
  try {
    const answer = await api<SearchResponse>('/api/posts/search/', { query: { q, sort: $search.get().sort } });
    results = answer.search;
    transliterated = answer.transliterated ?? null;
  } catch (error) {
    console.error('Search failed', error);
  }
  // An older answer that arrives after a newer query must not overwrite it.
  if (ticket !== latest) return;
  $search.set({ ...$search.get(), results, loading: false, searched: q, transliterated });
}

/** Where a result opens (spec section 2). */
export const searchHref = {
  post: (id: number) => `/home/comments/${id}`,
  channel: (id: number) => `/home/channel-page/${id}`,
  comment: (postId: number) => `/home/comments/${postId}`,
};
