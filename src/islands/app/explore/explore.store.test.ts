import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installCookieJar } from '../../../../tests/helpers/cookie-jar.ts';
import type { Circle, Paged } from '../../../lib/api-types.ts';

vi.mock('../../../lib/browser/api-client.ts', () => import('../../../../tests/helpers/api-client-mock.ts'));
vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));
const { apiMock } = await import('../../../../tests/helpers/api-client-mock.ts');
const store = await import('./explore.store.ts');

const circle = (id: number, over: Partial<Circle> = {}): Circle => ({
  id,
  name: `Circle ${id}`,
  description: '',
  channel_type: 'public',
  channel_name: `Circle ${id}`,
  members_count: 3,
  is_member: false,
  is_owner: false,
  is_moderator: false,
  membership_status: 'none',
  theme_colors: { primary: '#123456', secondary: '#234567' },
  created_at: '2026-01-01T00:00:00Z',
  requirement: null,
  alt_text_required: false,
  ...over,
});
const page = (results: Circle[], next: string | null = null): Paged<Circle> => ({ count: results.length, next, previous: null, results });

let jar: Map<string, string>;
beforeEach(() => {
  jar = installCookieJar();
  apiMock.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Explore', () => {
  it('asks with the filters set, pages on with the cursor, and starts again when a filter changes', async () => {
    apiMock.mockResolvedValueOnce(page([circle(1), circle(2)], 'http://x/api/circles/?page=2&cursor=abc'));
    await store.setFilters({ q: ' kudla ', requirement: 'academic', sort: 'active' });
    expect(apiMock).toHaveBeenLastCalledWith('/api/circles/', { query: { q: 'kudla', requirement: 'academic', sort: 'active', page: 1 } });
    apiMock.mockResolvedValueOnce(page([circle(3)]));
    await store.loadMoreChannels();
    expect(apiMock).toHaveBeenLastCalledWith('/api/circles/', {
      query: { q: 'kudla', requirement: 'academic', sort: 'active', page: 2, cursor: 'abc' },
    });
    expect(store.$explore.get().items.map((c) => c.id)).toEqual([1, 2, 3]);
    apiMock.mockResolvedValueOnce(page([circle(9)]));
    await store.setFilters({ requirement: '' });
    expect(apiMock).toHaveBeenLastCalledWith('/api/circles/', { query: { q: 'kudla', sort: 'active', page: 1 } });
    expect(store.$explore.get().items.map((c) => c.id)).toEqual([9]);
  });

  it('joins from the list: one more member, Joined; a failure to load says so', async () => {
    jar.set('access_token', 't');
    apiMock.mockResolvedValueOnce(page([circle(4)]));
    await store.setFilters({ q: '', requirement: '', sort: 'members' });
    apiMock.mockResolvedValueOnce({ detail: 'Joined.', status: 'joined', circle: circle(4, { is_member: true }) });
    await store.joinFromList(store.$explore.get().items[0]);
    expect(store.$explore.get().items[0]).toMatchObject({ is_member: true, members_count: 4 });
    expect(store.$explore.get().joining).toEqual([]);
    apiMock.mockRejectedValueOnce(new Error('down'));
    await store.setFilters({ q: 'x' });
    expect(store.$explore.get().failed).toBe(true);
  });
});
