import { map } from 'nanostores';
import Cookies from 'js-cookie';
import { ACCESS_COOKIE, API_BASE, api, ApiError, errorMessage, getAccessToken } from '../../../lib/browser/api-client.ts';
import type { FeedPage, Post } from '../../../lib/api-types.ts';
import { feedQuery } from '../../../lib/browser/feed-sort.ts';
import { cursorOf, loadNextPage, pageQuery, type PagedList } from '../../../lib/paged-list.ts';
import { markSignedOut } from '../shell/viewer.store.ts';
import { isOffline } from '../../../lib/browser/offline.ts';
import { translator } from '../../../lib/i18n.ts';
import { $lang } from '../../../stores/lang.store.ts';

export type FeedSource = 'user' | 'public';

export const FEED_PATH: Record<FeedSource, string> = {
  user: '/api/posts/user/feed/',
  public: '/api/posts/public/feed/',
};

/**
 * The public feed's first page for an address's query (`?sort=`), exactly as loadFeedPage() asks for it: the page
 * preloads it for a visitor without a token, so the posts are on their way while the scripts still load.
 */
export const firstPublicPageQuery = (search: string) => String(new URLSearchParams({ page: '1', ...feedQuery(search) }));
export const firstPublicPageUrl = (search: string) => `${API_BASE}${FEED_PATH.public}?${firstPublicPageQuery(search)}`;

export const DEFAULT_FEED_ERROR = translator('en')('common.somethingWrong');

export type FeedState = PagedList<Post> & {
  /** 'verifying' while the token is checked (spec: 'Verifying authentication...'). */
  phase: 'idle' | 'verifying' | 'ready';
  source: FeedSource;
  error: string | null;
};

const INITIAL: FeedState = {
  phase: 'idle',
  source: 'public',
  items: [],
  page: 1,
  hasMore: true,
  loading: false,
  cursor: null,
  error: null,
};

export const $feed = map<FeedState>({ ...INITIAL });

/** Reset (spec section 4): no items, page 1, hasMore true, no error. */
export function resetFeed() {
  $feed.set({ ...$feed.get(), items: [], page: 1, hasMore: true, loading: false, cursor: null, error: null });
}

/**
 * Which feed this visitor gets: with an access token, POST /api/token/verify/; valid → the personal feed.
 * A refused token is removed and the public feed used. When the server cannot be reached the token is kept
 * (it may be fine) and the public feed is tried; without any connection, the member's own feed as last read.
 */
export async function chooseFeedSource(): Promise<FeedSource> {
  const token = getAccessToken();
  if (!token) return 'public';
  $feed.setKey('phase', 'verifying');
  try {
    await api('/api/token/verify/', { method: 'POST', body: { token } });
    return 'user';
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      Cookies.remove(ACCESS_COOKIE, { path: '/' });
      markSignedOut();
    }
    return isOffline() ? 'user' : 'public';
  }
}

/** Appends the next page of the chosen feed (see lib/paged-list.ts); a failure stores the error and stops paging. */
export async function loadFeedPage(): Promise<void> {
  try {
    await loadNextPage($feed, (state) => api<FeedPage<Post>>(FEED_PATH[state.source], { query: { ...pageQuery(state), ...feedQuery() } }));
  } catch (error) {
    const fallback = translator($lang.get())('common.somethingWrong');
    $feed.setKey('error', error instanceof ApiError ? errorMessage(error.data, fallback) : fallback);
  }
}

/** The order changed (`?sort=`): the list starts again from its first page. */
export async function reloadFeed(): Promise<void> {
  resetFeed();
  await loadFeedPage();
}

/** The feed as it stands with `first` (its first page, rendered by the server: the public feed, or a member's) loaded. */
export function seededFeed(first: FeedPage<Post>, source: FeedSource = 'public'): FeedState {
  return { ...INITIAL, phase: 'ready', source, items: first.results, page: 2, hasMore: Boolean(first.next), cursor: cursorOf(first.next) };
}

/** On load: check the token, pick the feed, fetch its first page. */
export async function startFeed(): Promise<void> {
  resetFeed();
  const source = await chooseFeedSource();
  $feed.set({ ...$feed.get(), phase: 'ready', source });
  await loadFeedPage();
}
