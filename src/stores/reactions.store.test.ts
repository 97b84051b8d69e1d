import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installCookieJar } from '../../tests/helpers/cookie-jar.ts';

vi.mock('../lib/browser/api-client.ts', () => import('../../tests/helpers/api-client-mock.ts'));

const { apiMock, ApiError } = await import('../../tests/helpers/api-client-mock.ts');
const { $reactions, reactionOf, toggleReaction } = await import('./reactions.store.ts');
const { $loginOpen } = await import('./login.store.ts');

const post = { id: 5, liked: false, disliked: false, like_count: 2, dislike_count: 1 };
const answer = (liked: boolean, disliked: boolean, like_count: number, dislike_count: number) => ({
  post_id: 5,
  liked,
  disliked,
  like_count,
  dislike_count,
});

let jar: Map<string, string>;
beforeEach(() => {
  jar = installCookieJar();
  jar.set('access_token', 't');
  apiMock.mockReset();
  $reactions.set({});
  $loginOpen.set(false);
});
afterEach(() => vi.unstubAllGlobals());

describe('reactions', () => {
  it('opens the login modal instead of calling when signed out', async () => {
    jar.clear();
    await toggleReaction(post, 'like');
    expect(apiMock).not.toHaveBeenCalled();
    expect($loginOpen.get()).toBe(true);
  });

  it('likes with POST and takes the counts from the answer', async () => {
    apiMock.mockResolvedValueOnce(answer(true, false, 3, 1));
    await toggleReaction(post, 'like');
    expect(apiMock).toHaveBeenCalledWith('/api/posts/likes/', { method: 'POST', query: { post_id: 5 } });
    expect(reactionOf(post)).toEqual({ liked: true, disliked: false, like_count: 3, dislike_count: 1 });
  });

  it('undoes the active reaction with DELETE', async () => {
    $reactions.setKey('5', { liked: false, disliked: true, like_count: 2, dislike_count: 2 });
    apiMock.mockResolvedValueOnce(answer(false, false, 2, 1));
    await toggleReaction(post, 'dislike');
    expect(apiMock).toHaveBeenCalledWith('/api/posts/dislikes/', { method: 'DELETE', query: { post_id: 5 } });
    expect(reactionOf(post)).toEqual({ liked: false, disliked: false, like_count: 2, dislike_count: 1 });
  });

  it('a dislike on a liked post replaces the like (as the server answers)', async () => {
    $reactions.setKey('5', { liked: true, disliked: false, like_count: 3, dislike_count: 1 });
    apiMock.mockResolvedValueOnce(answer(false, true, 2, 2));
    await toggleReaction(post, 'dislike');
    expect(apiMock).toHaveBeenCalledWith('/api/posts/dislikes/', { method: 'POST', query: { post_id: 5 } });
    expect(reactionOf(post)).toEqual({ liked: false, disliked: true, like_count: 2, dislike_count: 2 });
  });

  it('ignores a second click while the first is on its way, and keeps the state on failure', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail: (error: unknown) => void = () => {};
    apiMock.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    const first = toggleReaction(post, 'like');
    await toggleReaction(post, 'like');
    fail(new ApiError('boom', 500, undefined));
    await first;
    expect(apiMock).toHaveBeenCalledTimes(1);
    expect(reactionOf(post)).toEqual({ liked: false, disliked: false, like_count: 2, dislike_count: 1 });
    spy.mockRestore();
  });

  it('opens the login modal when the server says the token is no good', async () => {
    apiMock.mockRejectedValueOnce(new ApiError('Given token not valid for any token type', 401, {}));
    await toggleReaction(post, 'like');
    expect($loginOpen.get()).toBe(true);
  });
});
