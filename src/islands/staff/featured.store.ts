import { map } from 'nanostores';
import { api, ApiError, errorMessage } from '../../lib/browser/api-client.ts';
import { translator } from '../../lib/i18n.ts';
import { $lang } from '../../stores/lang.store.ts';

export type FeaturedItem = {
  post_id: number;
  title: string;
  excerpt: string;
  author: string;
  channel: { id: number; name: string };
  featured_at: string;
};

/** The staff tab's list of featured posts, and the state of the feature form. */
export const $featured = map<{ items: FeaturedItem[]; loading: boolean; busy: boolean; error: string | null }>({
  items: [],
  loading: true,
  busy: false,
  error: null,
});

const say = (key: string) => translator($lang.get())(key);
/** The server's words for a refusal (in the reader's language), else the screen's own. */
const messageOf = (error: unknown, fallbackKey: string) =>
  error instanceof ApiError ? errorMessage(error.data, say(fallbackKey)) : say(fallbackKey);

/** A post's id from what staff paste: the id itself, or a post's address (/home/comments/42). */
export function postIdOf(text: string): number | null {
  const match = /(?:^|\/home\/comments\/)(\d+)\/?(?:[?#].*)?$/.exec(text.trim());
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export async function loadFeatured(): Promise<void> {
  $featured.setKey('loading', true);
  try {
    const { results } = await api<{ results: FeaturedItem[] }>('/api/staff/featured/');
    $featured.set({ ...$featured.get(), items: results, loading: false });
  } catch (error) {
    $featured.set({ ...$featured.get(), loading: false, error: messageOf(error, 'staff.featured.loadFailed') });
  }
}

/** Features the post staff named; answers whether it worked (the error is shown beside the form). */
export async function feature(text: string): Promise<boolean> {
  const post = postIdOf(text);
  if (post === null) {
    $featured.setKey('error', say('staff.featured.badPost'));
    return false;
  }
  $featured.set({ ...$featured.get(), busy: true, error: null });
  try {
    const item = await api<FeaturedItem>('/api/staff/featured/', { method: 'POST', body: { post } });
    const rest = $featured.get().items.filter((existing) => existing.post_id !== item.post_id);
    $featured.set({ ...$featured.get(), items: [item, ...rest], busy: false });
    return true;
  } catch (error) {
    $featured.set({ ...$featured.get(), busy: false, error: messageOf(error, 'staff.featured.failed') });
    return false;
  }
}

export async function unfeature(postId: number): Promise<void> {
  try {
    await api(`/api/staff/featured/${postId}/`, { method: 'DELETE' });
    $featured.setKey(
      'items',
      $featured.get().items.filter((item) => item.post_id !== postId),
    );
  } catch (error) {
    $featured.setKey('error', messageOf(error, 'staff.featured.failed'));
  }
}
