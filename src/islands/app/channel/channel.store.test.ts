import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installCookieJar } from '../../../../tests/helpers/cookie-jar.ts';
import type { Circle, JoinRequest, Paged, Post } from '../../../lib/api-types.ts';

vi.mock('../../../lib/browser/api-client.ts', () => import('../../../../tests/helpers/api-client-mock.ts'));
vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const { apiMock, ApiError } = await import('../../../../tests/helpers/api-client-mock.ts');
const { toast } = await import('../../../lib/toast.ts');
const store = await import('./channel.store.ts');

const circle = (over: Partial<Circle> = {}): Circle => ({
  id: 4,
  name: 'Kudla Eats',
  description: 'Food',
  channel_type: 'public',
  channel_name: 'Kudla Eats',
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
const post = (id: number) => ({ id, title: `p${id}` }) as Post;
const page = <T>(results: T[], next: string | null = null): Paged<T> => ({ count: results.length, next, previous: null, results });
const request = (id: number): JoinRequest => ({
  id,
  circle_id: 4,
  user: `User${id}`,
  status: 'pending',
  created_at: '2026-01-01T00:00:00Z',
});

let jar: Map<string, string>;
beforeEach(() => {
  jar = installCookieJar();
  apiMock.mockReset();
  vi.mocked(toast).mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('openChannel', () => {
  it('loads a public channel by name and its first page from the public feed for a visitor', async () => {
    apiMock.mockResolvedValueOnce(circle()).mockResolvedValueOnce(page([post(1), post(2)], 'http://x/?page=2'));
    await store.openChannel({ name: ' Kudla Eats ' });
    expect(apiMock).toHaveBeenNthCalledWith(1, '/api/circles/members/', { query: { circle_name: 'Kudla Eats' } });
    expect(apiMock).toHaveBeenNthCalledWith(2, '/api/posts/public/feed/', { query: { circle: 4, page: 1 } });
    expect(store.$channelPosts.get()).toMatchObject({ page: 2, hasMore: true });
    expect(store.$channelPosts.get().items.map((p) => p.id)).toEqual([1, 2]);
  });

  it('pages the signed-in feed and drops posts already shown', async () => {
    jar.set('access_token', 't');
    apiMock.mockResolvedValueOnce(circle()).mockResolvedValueOnce(page([post(1), post(2)], 'next'));
    await store.openChannel({ id: '4' });
    expect(apiMock).toHaveBeenNthCalledWith(1, '/api/circles/members/', { query: { circle_id: '4' } });
    apiMock.mockResolvedValueOnce(page([post(2), post(3)]));
    await store.loadChannelPosts();
    expect(apiMock).toHaveBeenLastCalledWith('/api/posts/user/feed/', { query: { circle: 4, page: 2 } });
    expect(store.$channelPosts.get()).toMatchObject({ hasMore: false, page: 3 });
    expect(store.$channelPosts.get().items.map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it('falls back to the public feed when the token is refused', async () => {
    jar.set('access_token', 'stale');
    apiMock
      .mockResolvedValueOnce(circle())
      .mockRejectedValueOnce(new ApiError('bad token', 401, {}))
      .mockResolvedValueOnce(page([post(9)]));
    await store.openChannel({ id: '4' });
    expect(apiMock).toHaveBeenLastCalledWith('/api/posts/public/feed/', { query: { circle: 4, page: 1 } });
    expect(store.$channelPosts.get().items.map((p) => p.id)).toEqual([9]);
  });

  it("says 'not found' for a 404 and for an empty key, without calling", async () => {
    apiMock.mockRejectedValueOnce(new ApiError('Channel not found.', 404, { detail: 'Channel not found.' }));
    await store.openChannel({ id: '999' });
    expect(store.$channel.get()).toEqual({ status: 'not-found' });
    apiMock.mockReset();
    await store.openChannel({ name: '  ' });
    expect(apiMock).not.toHaveBeenCalled();
    expect(store.$channel.get()).toEqual({ status: 'not-found' });
  });

  it('does not ask for the posts of a private channel the visitor is not in; its owner gets the requests', async () => {
    apiMock.mockResolvedValueOnce(circle({ channel_type: 'private' }));
    await store.openChannel({ id: '4' });
    expect(apiMock).toHaveBeenCalledTimes(1);

    apiMock.mockReset();
    apiMock.mockImplementation(async (path: string) =>
      path === '/api/circles/members/'
        ? circle({ channel_type: 'private', is_member: true, is_owner: true })
        : path === '/api/circles/requests/'
          ? page([request(1), request(2)])
          : page([post(1)]),
    );
    await store.openChannel({ id: '4' });
    expect(apiMock).toHaveBeenCalledWith('/api/circles/requests/', { query: { circle_id: 4, page: 1 } });
    expect(store.$requests.get().items.map((r) => r.id)).toEqual([1, 2]);
  });
});

describe('joining and requests', () => {
  it('joins a public channel: Joined, one more member, the success toast', async () => {
    jar.set('access_token', 't');
    apiMock.mockResolvedValueOnce(circle()).mockResolvedValueOnce(page([]));
    await store.openChannel({ id: '4' });
    apiMock.mockResolvedValueOnce({ detail: 'Joined.', status: 'joined', circle: circle({ is_member: true }) });
    await store.joinThisChannel();
    expect(store.$channel.get()).toMatchObject({ status: 'ready', circle: { is_member: true, members_count: 4 } });
    expect(toast).toHaveBeenCalledWith('Joined channel Kudla Eats successfully!', 'success');
  });

  it('a request to a private channel stays pending and shows no posts', async () => {
    jar.set('access_token', 't');
    apiMock.mockResolvedValueOnce(circle({ channel_type: 'private' }));
    await store.openChannel({ id: '4' });
    apiMock.mockResolvedValueOnce({
      detail: 'sent',
      status: 'pending',
      circle: circle({ channel_type: 'private', membership_status: 'pending' }),
    });
    await store.joinThisChannel();
    expect(store.$channel.get()).toMatchObject({ circle: { membership_status: 'pending', is_member: false, members_count: 3 } });
    expect(apiMock).toHaveBeenCalledTimes(2);
  });

  it('approving removes the request and counts the member; a failed rejection keeps it and says so', async () => {
    apiMock.mockImplementation(async (path: string) =>
      path === '/api/circles/members/'
        ? circle({ channel_type: 'private', is_member: true, is_owner: true })
        : path === '/api/circles/requests/'
          ? page([request(1), request(2)])
          : page([]),
    );
    await store.openChannel({ id: '4' });
    apiMock.mockReset();
    apiMock.mockResolvedValueOnce({ ...request(1), status: 'approved' });
    await store.decideRequest(request(1), 'approve');
    expect(apiMock).toHaveBeenCalledWith('/api/circles/requests/1/approve/', { method: 'POST' });
    expect(store.$requests.get().items.map((r) => r.id)).toEqual([2]);
    expect(store.$channel.get()).toMatchObject({ circle: { members_count: 4 } });

    apiMock.mockRejectedValueOnce(new ApiError('x', 403, { detail: 'Only the owner can review requests.' }));
    await store.decideRequest(request(2), 'reject');
    expect(store.$requests.get()).toMatchObject({ busy: [] });
    expect(store.$requests.get().items.map((r) => r.id)).toEqual([2]);
    expect(toast).toHaveBeenLastCalledWith('Only the owner can review requests.', 'error');
  });
});
