import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installCookieJar } from '../../tests/helpers/cookie-jar.ts';

vi.mock('../lib/browser/api-client.ts', () => import('../../tests/helpers/api-client-mock.ts'));

const { apiMock, ApiError } = await import('../../tests/helpers/api-client-mock.ts');
const { $savedChanges, $savedList, isSaved, loadSavedPage, resetSavedList, toggleSaved } = await import('./saved.store.ts');
const { $loginOpen } = await import('./login.store.ts');

const post = { id: 7, saved: false };

let jar: Map<string, string>;
beforeEach(() => {
  jar = installCookieJar();
  jar.set('access_token', 't');
  apiMock.mockReset();
  $savedChanges.set({});
  resetSavedList();
  $loginOpen.set(false);
});
afterEach(() => vi.unstubAllGlobals());

describe('saving', () => {
  it('opens the login modal instead of calling when signed out', async () => {
    jar.clear();
    await toggleSaved(post);
    expect(apiMock).not.toHaveBeenCalled();
    expect($loginOpen.get()).toBe(true);
  });

  it('saves with POST, then takes it off with DELETE', async () => {
    apiMock.mockResolvedValueOnce({ id: 7, saved: true });
    await toggleSaved(post);
    expect(apiMock).toHaveBeenCalledWith('/api/users/me/saved/', { method: 'POST', body: { post: 7 } });
    expect(isSaved(post)).toBe(true);
    apiMock.mockResolvedValueOnce(undefined);
    await toggleSaved(post);
    expect(apiMock).toHaveBeenLastCalledWith('/api/users/me/saved/7/', { method: 'DELETE' });
    expect(isSaved(post)).toBe(false);
  });

  it('keeps the face when the server refuses, and asks to sign in on 401', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    apiMock.mockRejectedValueOnce(new ApiError('Too many', 429, {}));
    await toggleSaved(post);
    expect(isSaved(post)).toBe(false);
    apiMock.mockRejectedValueOnce(new ApiError('Sign in', 401, {}));
    await toggleSaved(post);
    expect($loginOpen.get()).toBe(true);
  });
});

describe('the saved list', () => {
  it('loads pages in order, following the cursor, and stops at the end', async () => {
    apiMock.mockResolvedValueOnce({ count: 2, next: '/api/users/me/saved/?page=2&cursor=abc', previous: null, results: [{ id: 1 }] });
    await loadSavedPage();
    expect(apiMock).toHaveBeenLastCalledWith('/api/users/me/saved/', { query: { page: 1 } });
    apiMock.mockResolvedValueOnce({ count: 2, next: null, previous: null, results: [{ id: 2 }] });
    await loadSavedPage();
    expect(apiMock).toHaveBeenLastCalledWith('/api/users/me/saved/', { query: { page: 2, cursor: 'abc' } });
    expect($savedList.get().items.map((p) => p.id)).toEqual([1, 2]);
    expect($savedList.get().hasMore).toBe(false);
  });

  it('marks a failure for the screen to word', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    apiMock.mockRejectedValueOnce(new ApiError('Internal Server Error', 500, {}));
    await loadSavedPage();
    expect($savedList.get().failed).toBe(true);
  });
});
