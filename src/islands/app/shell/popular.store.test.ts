import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Circle, JoinResult } from '../../../lib/api-types.ts';
import { installCookieJar } from '../../../../tests/helpers/cookie-jar.ts';

vi.mock('../../../lib/browser/api-client.ts', () => import('../../../../tests/helpers/api-client-mock.ts'));
vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn(), carryToastsToNextPage: vi.fn() }));
const { apiMock, ApiError } = await import('../../../../tests/helpers/api-client-mock.ts');
const { $popular, joinButtonState, joinPopular, loadPopularPage } = await import('./popular.store.ts');

const circle = (id: number, over: Partial<Circle> = {}) =>
  ({ id, name: `c${id}`, channel_type: 'public', members_count: 3, is_member: false, membership_status: 'none', ...over }) as Circle;

beforeEach(() => {
  installCookieJar().set('access_token', 't');
  apiMock.mockReset();
  $popular.set({ items: [], page: 1, hasMore: true, loading: false, joining: [] });
});

describe('popular channels', () => {
  it('pages the list without repeating a channel', async () => {
    apiMock.mockResolvedValueOnce({ count: 3, next: '?page=2', previous: null, results: [circle(1), circle(2)] });
    apiMock.mockResolvedValueOnce({ count: 3, next: null, previous: null, results: [circle(2), circle(3)] });
    await loadPopularPage();
    await loadPopularPage();
    expect($popular.get().items.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(apiMock).toHaveBeenLastCalledWith('/api/circles/', { query: { page: 2 } });
  });

  it('joins: the button says joining, then member with one more member, and the app goes to the channel', async () => {
    $popular.setKey('items', [circle(1)]);
    let during = '';
    apiMock.mockImplementationOnce(async () => {
      during = joinButtonState($popular.get().items[0], $popular.get().joining);
      return { detail: 'ok', status: 'joined', circle: circle(1) } satisfies JoinResult;
    });
    const navigate = vi.fn();
    await joinPopular(circle(1), navigate);
    expect(during).toBe('joining');
    const [joined] = $popular.get().items;
    expect(joinButtonState(joined, $popular.get().joining)).toBe('member');
    expect(joined.members_count).toBe(4);
    expect(navigate).toHaveBeenCalledWith('/home/channel-page?key=c1');
  });

  it('a private channel waits for its owner; a failure lets the visitor try again', async () => {
    $popular.setKey('items', [circle(1, { channel_type: 'private' }), circle(2)]);
    apiMock.mockResolvedValueOnce({ detail: 'sent', status: 'pending', circle: circle(1) });
    apiMock.mockRejectedValueOnce(new ApiError('down', 503, { detail: 'down' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    await joinPopular(circle(1), navigate);
    await joinPopular(circle(2), navigate);
    const { items, joining } = $popular.get();
    expect(items.map((c) => joinButtonState(c, joining))).toEqual(['pending', 'none']);
    expect(navigate).not.toHaveBeenCalled();
  });
});
