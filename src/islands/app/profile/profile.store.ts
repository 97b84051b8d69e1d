import { map } from 'nanostores';
import { api, ApiError } from '../../../lib/browser/api-client.ts';
import type { ProfileResponse } from '../../../lib/api-types.ts';
import { fetchViewer } from '../shell/viewer.store.ts';

export const PROFILE_TABS = ['posts', 'circles', 'saved', 'drafts', 'scheduled', 'activity'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The catalog key of the spec's 'Failed to load profile data'. */
export const PROFILE_ERROR = 'profile.loadFailed';

export const $profilePage = map({
  status: 'loading' as 'loading' | 'signed-out' | 'error' | 'ready',
  data: null as ProfileResponse | null,
  tab: 'posts' as ProfileTab,
  loadingMore: false,
});

export const setProfileTab = (tab: ProfileTab) => $profilePage.setKey('tab', tab);

/** The tab a link asks for (`/profile?tab=scheduled`, where a scheduled post leads), when it names one. */
export function openTabOfLink(search: string): void {
  const wanted = new URLSearchParams(search).get('tab');
  const tab = PROFILE_TABS.find((key) => key === wanted);
  if (tab) setProfileTab(tab);
}

/** GET /api/users/me/profile/?channels_page=1&posts_page=1 (shared with the header); signed out shows a prompt. */
export async function loadProfilePage(): Promise<void> {
  $profilePage.setKey('status', 'loading');
  try {
    const data = await fetchViewer();
    $profilePage.set({ ...$profilePage.get(), status: 'ready', data });
  } catch (error) {
    const signedOut = error instanceof ApiError && error.status === 401;
    $profilePage.setKey('status', signedOut ? 'signed-out' : 'error');
  }
}

const PAGE_PARAM = { posts: 'posts_page', circles: 'channels_page' } as const;

/** The page number in a list's `next` link (its own parameter, or `page`), or null at the end. */
function nextPageOf(next: string | null, list: 'posts' | 'circles'): number | null {
  if (!next) return null;
  const params = new URL(next, 'http://x').searchParams;
  const page = Number(params.get(PAGE_PARAM[list]) ?? params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : null;
}

/** Show More under the posts or circles list: the next page of that list, appended. */
export async function loadMore(list: 'posts' | 'circles'): Promise<void> {
  const { data, loadingMore } = $profilePage.get();
  if (!data || loadingMore) return;
  const page = nextPageOf(data[list].next, list);
  if (!page) return;
  $profilePage.setKey('loadingMore', true);
  try {
    const query = list === 'posts' ? { channels_page: 1, posts_page: page } : { channels_page: page, posts_page: 1 };
    const more = await api<ProfileResponse>('/api/users/me/profile/', { query });
    const current = $profilePage.get().data ?? data;
    const merged: ProfileResponse =
      list === 'posts'
        ? { ...current, posts: { ...more.posts, results: [...current.posts.results, ...more.posts.results] } }
        : { ...current, circles: { ...more.circles, results: [...current.circles.results, ...more.circles.results] } };
    $profilePage.set({ ...$profilePage.get(), data: merged, loadingMore: false });
  } catch (error) {
    console.error('Failed to load more', error);
    $profilePage.setKey('loadingMore', false);
  }
}
