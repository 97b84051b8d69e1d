import type { MapStore } from 'nanostores';
import type { Paged } from './api-types.ts';

/**
 * The client's one paged list: "Show More" appends the next page and drops the rows already shown (new rows
 * shift the server's pages, so a page can repeat the end of the one before). Every screen that pages a list
 * (feeds, a channel's posts, join requests, popular channels, comments) keeps this state in its store and
 * calls loadNextPage(); a screen needing more fields adds them beside these.
 */
export type PagedList<T> = {
  items: T[];
  page: number;
  hasMore: boolean;
  loading: boolean;
  /** The cursor of the last `next` link (deep lists find their next page by it); send it with `page` when set. */
  cursor?: string | null;
};

export const emptyPagedList = <T>(): PagedList<T> => ({ items: [], page: 1, hasMore: true, loading: false, cursor: null });

/** The cursor a `next` link carries (absolute or relative), or null. */
export const cursorOf = (next: string | null): string | null =>
  next ? new URL(next, 'http://relative.invalid').searchParams.get('cursor') : null;

/** `page`, and the cursor when the list has one: the query for the page after the loaded ones. */
export const pageQuery = (state: Pick<PagedList<unknown>, 'page' | 'cursor'>) => ({
  page: state.page,
  ...(state.cursor ? { cursor: state.cursor } : {}),
});

/** `items` followed by the rows of `incoming` whose id is not shown yet (nor repeated within `incoming`). */
export function appendNew<T extends { id: number | string }>(items: readonly T[], incoming: readonly T[]): T[] {
  const seen = new Set(items.map((item) => item.id));
  const fresh = incoming.filter((item) => !seen.has(item.id) && (seen.add(item.id), true));
  return [...items, ...fresh];
}

/**
 * Fetches page `page` of the list in `$list` and appends it; does nothing while a page is loading or after the
 * last one. A failure stops paging (hasMore false) and is re-thrown for the screen to word.
 */
export async function loadNextPage<T extends { id: number | string }, S extends PagedList<T>>(
  $list: MapStore<S>,
  fetchPage: (state: S) => Promise<Pick<Paged<T>, 'next' | 'results'>>,
): Promise<void> {
  const state = $list.get();
  if (state.loading || !state.hasMore) return;
  $list.set({ ...state, loading: true });
  try {
    const data = await fetchPage(state);
    const current = $list.get();
    $list.set({
      ...current,
      items: appendNew(current.items, data.results),
      page: current.page + 1,
      hasMore: Boolean(data.next),
      loading: false,
      cursor: cursorOf(data.next),
    });
  } catch (error) {
    $list.set({ ...$list.get(), loading: false, hasMore: false });
    throw error;
  }
}
