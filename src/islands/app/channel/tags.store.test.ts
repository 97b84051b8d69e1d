import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/browser/api-client.ts', () => import('../../../../tests/helpers/api-client-mock.ts'));

const { apiMock, ApiError } = await import('../../../../tests/helpers/api-client-mock.ts');
const { $channelTags, addChannelTag, currentTagFilter, loadChannelTags, removeChannelTag, tagFilterQuery } =
  await import('./tags.store.ts');

const question = { id: 1, name: 'Question', color: '#1d4ed8' };
const news = { id: 2, name: 'News', color: '#15803d' };

beforeEach(() => {
  apiMock.mockReset();
  $channelTags.set([]);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('channel tags', () => {
  it('reads the tag filter from the address, ignoring what is not an id', () => {
    expect(currentTagFilter('?tag=7&sort=hot')).toBe(7);
    expect(tagFilterQuery('?tag=7')).toEqual({ tag: 7 });
    for (const search of ['', '?tag=', '?tag=abc', '?tag=-1', '?tag=1.5']) expect(tagFilterQuery(search), search).toEqual({});
  });

  it('loads the list, and leaves none when it fails', async () => {
    apiMock.mockResolvedValueOnce({ count: 2, next: null, previous: null, results: [question, news] });
    await loadChannelTags(4);
    expect(apiMock).toHaveBeenCalledWith('/api/circles/4/tags/');
    expect($channelTags.get()).toEqual([question, news]);
    apiMock.mockRejectedValueOnce(new ApiError('down', 500, {}));
    await loadChannelTags(4);
    expect($channelTags.get()).toEqual([]);
  });

  it('adds and removes, answering the server’s field message on a refusal', async () => {
    apiMock.mockResolvedValueOnce(question);
    expect(await addChannelTag(4, 'Question', '#1d4ed8', 'failed')).toBeNull();
    expect(apiMock).toHaveBeenLastCalledWith('/api/circles/4/tags/', { method: 'POST', body: { name: 'Question', color: '#1d4ed8' } });
    apiMock.mockRejectedValueOnce(new ApiError('Bad Request', 400, { color: ['Choose a darker colour.'] }));
    expect(await addChannelTag(4, 'Pale', '#fde68a', 'failed')).toBe('Choose a darker colour.');
    expect($channelTags.get()).toEqual([question]);
    apiMock.mockResolvedValueOnce(undefined);
    expect(await removeChannelTag(4, 1, 'failed')).toBeNull();
    expect(apiMock).toHaveBeenLastCalledWith('/api/circles/4/tags/1/', { method: 'DELETE' });
    expect($channelTags.get()).toEqual([]);
  });
});
