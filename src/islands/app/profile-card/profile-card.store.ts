/** A member's card (/home/u/{handle}): their public posts, newest first, a page at a time. */
import { map } from 'nanostores';
import { api } from '../../../lib/browser/api-client.ts';
import type { Paged, Post } from '../../../lib/api-types.ts';
import { emptyPagedList, loadNextPage, pageQuery, type PagedList } from '../../../lib/paged-list.ts';

export const $cardPosts = map<PagedList<Post> & { failed: boolean }>({ ...emptyPagedList<Post>(), failed: false });

export async function loadCardPosts(handle: string): Promise<void> {
  try {
    $cardPosts.setKey('failed', false);
    await loadNextPage($cardPosts, (state) =>
      api<Paged<Post>>(`/api/users/${encodeURIComponent(handle)}/posts/`, { query: pageQuery(state) }),
    );
  } catch (error) {
    console.error("Could not load the member's posts", error);
    $cardPosts.setKey('failed', true);
  }
}
