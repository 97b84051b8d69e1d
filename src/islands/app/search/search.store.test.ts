import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '../../../lib/api-types.ts';

vi.mock('../../../lib/browser/api-client.ts', () => import('../../../../tests/helpers/api-client-mock.ts'));

const { apiMock, ApiError } = await import('../../../../tests/helpers/api-client-mock.ts');
const { $search, $searchOpen, EMPTY_RESULTS, SEARCH_DEBOUNCE_MS, closeSearch, openSearch, setSearchQuery, searchHref } =
  await import('./search.store.ts');

const answer = (title: string): SearchResponse => ({
  search: {
    posts: [{ id: 7, title, description: '', user: 'JadeLeopard', circle_name: 'Science Hub', highlights: { title: [], description: [] } }],
    channels: [
      {
        id: 3,
        name: 'Science Hub',
        description: 'Science',
        channel_type: 'public',
        requirement: null,
        highlights: { name: [], description: [] },
      },
    ],
    comments: [{ id: 9, post_id: 7, user: 'OceanOtter', body: 'Nice', highlights: { body: [] } }],
  },
  transliterated: null,
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  apiMock.mockReset();
  $search.set({ query: '', tab: 'posts', results: EMPTY_RESULTS, loading: false, searched: '', sort: 'relevant', transliterated: null });
  $searchOpen.set(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('search store', () => {
  it('calls once, 300 ms after the last keystroke, with the trimmed query', async () => {
    apiMock.mockResolvedValue(answer('Chandrayaan'));
    setSearchQuery('c');
    setSearchQuery('ch');
    setSearchQuery('chan ');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(apiMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    expect(apiMock).toHaveBeenCalledTimes(1);
    expect(apiMock).toHaveBeenCalledWith('/api/posts/search/', { query: { q: 'chan', sort: 'relevant' } });
    expect($search.get().results.posts[0].title).toBe('Chandrayaan');
    expect($search.get().searched).toBe('chan');
  });

  it('clears the results and makes no call for a blank or whitespace query', async () => {
    apiMock.mockResolvedValue(answer('x'));
    setSearchQuery('x');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    setSearchQuery('   ');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    expect(apiMock).toHaveBeenCalledTimes(1);
    expect($search.get().results).toEqual(EMPTY_RESULTS);
  });

  it('clears the results when the search fails', async () => {
    apiMock.mockResolvedValueOnce(answer('x'));
    setSearchQuery('x');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    apiMock.mockRejectedValueOnce(new ApiError('boom', 500, undefined));
    setSearchQuery('xy');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect($search.get().results).toEqual(EMPTY_RESULTS);
    expect($search.get().loading).toBe(false);
  });

  it('ignores an answer that arrives after the query was cleared', async () => {
    let resolve: (value: SearchResponse) => void = () => {};
    apiMock.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    setSearchQuery('slow');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    setSearchQuery('');
    resolve(answer('late'));
    await vi.runAllTimersAsync();
    expect($search.get().results).toEqual(EMPTY_RESULTS);
  });

  it('reopening runs the search that closing cut short, and does not repeat a finished one', async () => {
    apiMock.mockResolvedValue(answer('Chandrayaan'));
    openSearch();
    setSearchQuery('chan');
    closeSearch();
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    expect(apiMock).not.toHaveBeenCalled();
    openSearch();
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(apiMock).toHaveBeenCalledTimes(1);
    expect($search.get().searched).toBe('chan');
    closeSearch();
    openSearch();
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    expect(apiMock).toHaveBeenCalledTimes(1);
  });

  it('links results to the spec routes', () => {
    expect(searchHref.post(7)).toBe('/home/comments/7');
    expect(searchHref.channel(3)).toBe('/home/channel-page/3');
    expect(searchHref.comment(7)).toBe('/home/comments/7');
  });
});
