import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import type { Paged, Post } from '../../../lib/api-types.ts';
import { installCookieJar } from '../../../../tests/helpers/cookie-jar.ts';
import { UNTOUCHED_POST } from '../../../../tests/helpers/fixtures.ts';

// Only the network call is replaced (tests/helpers/api-client-mock.ts); cookies go through js-cookie against a tiny cookie jar below.
vi.mock('../../../lib/browser/api-client.ts', () => import('../../../../tests/helpers/api-client-mock.ts'));

const { apiMock, ApiError } = await import('../../../../tests/helpers/api-client-mock.ts');
const { $feed, loadFeedPage, resetFeed, startFeed, firstPublicPageUrl, DEFAULT_FEED_ERROR } = await import('./feed.store.ts');

const post = (id: number): Post => ({
  id,
  title: `Post ${id}`,
  description: '<p>text</p>',
  images: [],
  videos: [],
  posted_by: 'JadeLeopard',
  posted_by_color: '#047857',
  created_at: new Date().toISOString(),
  circle: { id: 1, name: 'Science Hub', channel_type: 'public' },
  ...UNTOUCHED_POST,
});

const page = (ids: number[], next: string | null): Paged<Post> => ({ count: 99, next, previous: null, results: ids.map(post) });

let jar: Map<string, string>;

beforeEach(() => {
  jar = installCookieJar();
  apiMock.mockReset();
  $feed.set({ phase: 'idle', source: 'public', items: [], page: 1, hasMore: true, loading: false, error: null });
});

afterEach(() => {
  cleanStores($feed);
  vi.unstubAllGlobals();
});

describe('feed source', () => {
  it('uses the public feed without calling verify when there is no token', async () => {
    apiMock.mockResolvedValueOnce(page([1, 2], null));
    await startFeed();
    expect(apiMock).toHaveBeenCalledTimes(1);
    expect(apiMock).toHaveBeenCalledWith('/api/posts/public/feed/', { query: { page: 1 } });
    expect($feed.get().source).toBe('public');
    expect($feed.get().phase).toBe('ready');
  });

  it("preloads the very request a visitor's first page makes, in the address's order", async () => {
    expect(firstPublicPageUrl('')).toBe('/api/posts/public/feed/?page=1');
    expect(firstPublicPageUrl('?sort=hot')).toBe('/api/posts/public/feed/?page=1&sort=hot');
    expect(firstPublicPageUrl('?sort=nonsense')).toBe('/api/posts/public/feed/?page=1');
  });

  it('verifies the access token and uses the personal feed when it is valid', async () => {
    jar.set('access_token', 'good');
    let phaseDuringVerify = '';
    apiMock.mockImplementationOnce(async () => {
      phaseDuringVerify = $feed.get().phase;
      return {};
    });
    apiMock.mockResolvedValueOnce(page([1], null));
    await startFeed();
    expect(phaseDuringVerify).toBe('verifying');
    expect(apiMock).toHaveBeenNthCalledWith(1, '/api/token/verify/', { method: 'POST', body: { token: 'good' } });
    expect(apiMock).toHaveBeenNthCalledWith(2, '/api/posts/user/feed/', { query: { page: 1 } });
    expect($feed.get().source).toBe('user');
  });

  it('removes a refused token and falls back to the public feed', async () => {
    jar.set('access_token', 'stale');
    jar.set('refresh_token', 'r');
    apiMock.mockRejectedValueOnce(new ApiError('Token is invalid or expired', 401, { detail: 'Token is invalid or expired' }));
    apiMock.mockResolvedValueOnce(page([1], null));
    await startFeed();
    expect(jar.has('access_token')).toBe(false);
    expect(apiMock).toHaveBeenLastCalledWith('/api/posts/public/feed/', { query: { page: 1 } });
    expect($feed.get().source).toBe('public');
  });

  it('keeps the token when the server cannot be reached, and still shows the public feed', async () => {
    jar.set('access_token', 'maybe-good');
    apiMock.mockRejectedValueOnce(new ApiError('fetch failed', 0, undefined));
    apiMock.mockResolvedValueOnce(page([1], null));
    await startFeed();
    expect(jar.get('access_token')).toBe('maybe-good');
    expect($feed.get().source).toBe('public');
  });
});

describe('paging', () => {
  it('appends pages, counts the page up and keeps hasMore while there is a next link', async () => {
    apiMock.mockResolvedValueOnce(page([1, 2], 'http://x/?page=2'));
    await startFeed();
    expect($feed.get()).toMatchObject({ page: 2, hasMore: true });
    apiMock.mockResolvedValueOnce(page([3, 4], null));
    await loadFeedPage();
    expect(apiMock).toHaveBeenLastCalledWith('/api/posts/public/feed/', { query: { page: 2 } });
    expect($feed.get().items.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect($feed.get()).toMatchObject({ page: 3, hasMore: false, loading: false });
  });

  it('drops posts it already shows (new posts shift the pages)', async () => {
    apiMock.mockResolvedValueOnce(page([5, 4], 'next'));
    await startFeed();
    apiMock.mockResolvedValueOnce(page([4, 3, 3], null));
    await loadFeedPage();
    expect($feed.get().items.map((p) => p.id)).toEqual([5, 4, 3]);
  });

  it('makes no call once the end is reached', async () => {
    apiMock.mockResolvedValueOnce(page([1], null));
    await startFeed();
    await loadFeedPage();
    expect(apiMock).toHaveBeenCalledTimes(1);
  });

  it('stores the default error and stops paging on a failure without detail', async () => {
    apiMock.mockRejectedValueOnce(new ApiError('500 Internal Server Error', 500, undefined));
    await startFeed();
    expect($feed.get()).toMatchObject({ error: DEFAULT_FEED_ERROR, hasMore: false, loading: false, items: [] });
    expect(DEFAULT_FEED_ERROR).toBe('Something went wrong');
  });

  it("stores the server's detail when there is one", async () => {
    apiMock.mockRejectedValueOnce(new ApiError('Invalid page.', 404, { detail: 'Invalid page.' }));
    await startFeed();
    expect($feed.get().error).toBe('Invalid page.');
  });

  it('reset clears items and error, page back to 1, hasMore true', async () => {
    apiMock.mockRejectedValueOnce(new ApiError('x', 500, undefined));
    await startFeed();
    resetFeed();
    expect($feed.get()).toMatchObject({ items: [], page: 1, hasMore: true, error: null });
  });
});
