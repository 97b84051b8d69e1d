import { map } from 'nanostores';
import { api } from '../../../lib/browser/api-client.ts';
import type { Paged, Post } from '../../../lib/api-types.ts';
import { emptyPagedList, loadNextPage, pageQuery, type PagedList } from '../../../lib/paged-list.ts';

/** The profile's Scheduled tab: the member's scheduled posts, most recently changed first, a page at a time. */
export const $scheduledList = map<PagedList<Post> & { failed: boolean; started: boolean }>({
  ...emptyPagedList<Post>(),
  failed: false,
  started: false,
});

/** The next page of scheduled posts (the first when nothing is loaded yet). */
export async function loadScheduledPage(): Promise<void> {
  $scheduledList.setKey('started', true);
  try {
    await loadNextPage($scheduledList, (state) => api<Paged<Post>>('/api/users/me/scheduled/', { query: pageQuery(state) }));
  } catch (error) {
    console.error('Failed to load scheduled posts', error);
    $scheduledList.setKey('failed', true);
  }
}

const replace = (post: Post) =>
  $scheduledList.setKey(
    'items',
    $scheduledList.get().items.map((item) => (item.id === post.id ? post : item)),
  );

/** Changes a scheduled post's title and time (ISO 8601); throws the API's error for the screen to word. */
export async function editScheduled(id: number, change: { title: string; publish_at: string }): Promise<void> {
  replace(await api<Post>(`/api/posts/${id}/`, { method: 'PATCH', body: change }));
}

/** Cancels a scheduled post: it is never published. */
export async function cancelScheduled(id: number): Promise<void> {
  await api(`/api/posts/${id}/`, { method: 'DELETE' });
  $scheduledList.setKey(
    'items',
    $scheduledList.get().items.filter((item) => item.id !== id),
  );
}
