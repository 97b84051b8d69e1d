import { map } from 'nanostores';
import { api, ApiError } from '../lib/browser/api-client.ts';
import type { Paged, Post } from '../lib/api-types.ts';
import { emptyPagedList, loadNextPage, pageQuery, type PagedList } from '../lib/paged-list.ts';
import { openLogin } from './login.store.ts';
import { hasToken } from './session.store.ts';

/** Posts saved or unsaved on this page, by post id; they override the post as loaded (card, post page and profile share it). */
export const $savedChanges = map<Record<string, boolean>>({});
const busy = new Set<number>();

export const isSaved = (post: Pick<Post, 'id' | 'saved'>, changed: Record<string, boolean> = $savedChanges.get()): boolean =>
  changed[post.id] ?? post.saved ?? false;

/**
 * Save a post (POST /api/users/me/saved/) or, when saved, take it off the list (DELETE). Signed out, the login
 * modal opens; other failures are only logged and the button keeps its face.
 */
export async function toggleSaved(post: Pick<Post, 'id' | 'saved'>): Promise<void> {
  if (!hasToken()) {
    openLogin();
    return;
  }
  if (busy.has(post.id)) return;
  const saved = isSaved(post);
  busy.add(post.id);
  try {
    if (saved) await api(`/api/users/me/saved/${post.id}/`, { method: 'DELETE' });
    else await api('/api/users/me/saved/', { method: 'POST', body: { post: post.id } });
    $savedChanges.setKey(String(post.id), !saved);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) openLogin();
    else console.error(`Failed to ${saved ? 'unsave' : 'save'} post`, error);
  } finally {
    busy.delete(post.id);
  }
}

/** The profile's Saved tab: the member's saved posts, newest saved first, a page at a time. */
export const $savedList = map<PagedList<Post> & { failed: boolean; started: boolean }>({
  ...emptyPagedList<Post>(),
  failed: false,
  started: false,
});

/** The next page of saved posts (the first when nothing is loaded yet). */
export async function loadSavedPage(): Promise<void> {
  $savedList.setKey('started', true);
  try {
    await loadNextPage($savedList, (state) => api<Paged<Post>>('/api/users/me/saved/', { query: pageQuery(state) }));
  } catch (error) {
    console.error('Failed to load saved posts', error);
    $savedList.setKey('failed', true);
  }
}

export function resetSavedList(): void {
  $savedList.set({ ...emptyPagedList<Post>(), failed: false, started: false });
}
