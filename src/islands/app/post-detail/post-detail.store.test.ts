import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Circle, CommentsResponse, ListedComment, Post } from '../../../lib/api-types.ts';

vi.mock('../../../lib/browser/api-client.ts', () => import('../../../../tests/helpers/api-client-mock.ts'));
vi.mock('../../../lib/toast.ts', () => ({ toast: vi.fn() }));

const { apiMock, ApiError } = await import('../../../../tests/helpers/api-client-mock.ts');
const { toast } = await import('../../../lib/toast.ts');
const store = await import('./post-detail.store.ts');

const post = { id: 7, title: 'T', comment_count: 2, circle: { id: 3, name: 'Udupi Talks', channel_type: 'public' } } as Post;
const comment = (id: number) => ({ id, post: 7, body: `c${id}`, replies: [] }) as unknown as ListedComment;
const answer = (ids: number[], next: string | null): CommentsResponse => ({
  post,
  comments: { count: 3, next, previous: null, results: ids.map(comment) },
});
const community = {
  id: 3,
  name: 'Udupi Talks',
  members_count: 5,
  is_member: false,
  channel_type: 'public',
  membership_status: 'none',
} as Circle;

/** Lets the community lookup that loadPostDetail starts in the background finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  apiMock.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('loading a post', () => {
  it('shows the post and first comments, then the community with its member count', async () => {
    apiMock.mockResolvedValueOnce(answer([3, 2], 'next')).mockResolvedValueOnce(community);
    await store.loadPostDetail('7');
    await settle();
    expect(apiMock).toHaveBeenNthCalledWith(1, '/api/posts/comments/list/', { query: { post_id: '7', page: 1, sort: 'best' } });
    expect(apiMock).toHaveBeenNthCalledWith(2, '/api/circles/members/', { query: { circle_id: 3 } });
    expect(store.$detail.get()).toMatchObject({ status: 'ready', total: 3, nextPage: 2 });
    expect(store.$community.get()?.members_count).toBe(5);
  });

  it('turns any failure into the error state', async () => {
    apiMock.mockRejectedValueOnce(new ApiError('Post not found.', 404, { detail: 'Post not found.' }));
    await store.loadPostDetail('99');
    expect(store.$detail.get()).toEqual({ status: 'error' });
  });

  it('appends the next page of comments without repeating one', async () => {
    apiMock.mockResolvedValueOnce(answer([3, 2], 'next')).mockResolvedValueOnce(community);
    await store.loadPostDetail('7');
    apiMock.mockResolvedValueOnce(answer([2, 1], null));
    await store.loadMoreComments('7');
    expect(apiMock).toHaveBeenLastCalledWith('/api/posts/comments/list/', { query: { post_id: '7', page: 2, sort: 'best' } });
    const state = store.$detail.get();
    expect(state.status === 'ready' && state.comments.map((c) => c.id)).toEqual([3, 2, 1]);
    expect(state).toMatchObject({ nextPage: null, loadingMore: false });
  });

  it('sends the cursor of the next link with the next page, so pages past the 50th load', async () => {
    const link = (page: number, cursor: string) => `/api/posts/comments/list/?post_id=7&page=${page}&cursor=${cursor}`;
    apiMock.mockResolvedValueOnce(answer([3, 2], link(51, 'abc'))).mockResolvedValueOnce(community);
    await store.loadPostDetail('7');
    await settle();
    apiMock.mockResolvedValueOnce(answer([1], link(52, 'def')));
    await store.loadMoreComments('7');
    expect(apiMock).toHaveBeenLastCalledWith('/api/posts/comments/list/', {
      query: { post_id: '7', page: 2, cursor: 'abc', sort: 'best' },
    });
    apiMock.mockResolvedValueOnce(answer([0], null));
    await store.loadMoreComments('7');
    expect(apiMock).toHaveBeenLastCalledWith('/api/posts/comments/list/', {
      query: { post_id: '7', page: 3, cursor: 'def', sort: 'best' },
    });
  });
});

describe('commenting and joining', () => {
  beforeEach(async () => {
    apiMock.mockResolvedValueOnce(answer([2, 1], null)).mockResolvedValueOnce(community);
    await store.loadPostDetail('7');
    await settle();
  });

  it('puts the new comment on top and counts it', async () => {
    apiMock.mockResolvedValueOnce(comment(10));
    await store.addComment(' first! ', null);
    expect(apiMock).toHaveBeenLastCalledWith('/api/posts/comments/', {
      method: 'POST',
      body: { post: 7, body: 'first!', media_kind: null },
    });
    const state = store.$detail.get();
    expect(state.status === 'ready' && state.comments.map((c) => c.id)).toEqual([10, 2, 1]);
    expect(state).toMatchObject({ post: { comment_count: 3 }, total: 4 });
  });

  it('leaves the list alone and throws when the server refuses', async () => {
    apiMock.mockRejectedValueOnce(new ApiError('x', 500, null));
    await expect(store.addComment('hi', null)).rejects.toThrow();
    const state = store.$detail.get();
    expect(state.status === 'ready' && state.comments.map((c) => c.id)).toEqual([2, 1]);
  });

  it('Join Community joins for real and adds the member', async () => {
    apiMock.mockResolvedValueOnce({ detail: 'Joined.', status: 'joined', circle: community });
    await store.joinCommunity();
    expect(apiMock).toHaveBeenLastCalledWith('/api/circles/join-by-name/', { method: 'POST', body: { circle_name: 'Udupi Talks' } });
    expect(store.$community.get()).toMatchObject({ is_member: true, members_count: 6 });
    expect(toast).toHaveBeenCalledWith('Joined channel Udupi Talks successfully!', 'success');
  });
});
