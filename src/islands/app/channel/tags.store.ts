import { atom } from 'nanostores';
import { api, ApiError, errorMessage } from '../../../lib/browser/api-client.ts';
import type { Paged, PostTag } from '../../../lib/api-types.ts';

/** The channel's tags (flair), as GET /api/circles/{id}/tags/ lists them; empty until loaded or when it has none. */
export const $channelTags = atom<PostTag[]>([]);

/** The tag the channel's posts are filtered by (`?tag=` in the address), or null for all posts. */
export function currentTagFilter(search = typeof window === 'undefined' ? '' : window.location.search): number | null {
  const value = Number(new URLSearchParams(search).get('tag'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** The query a channel's post list adds for the address's tag: nothing when unfiltered. */
export const tagFilterQuery = (search?: string): { tag?: number } => {
  const tag = currentTagFilter(search);
  return tag === null ? {} : { tag };
};

/** Puts the tag filter in the address (without a reload), so a shared or reloaded page keeps it. */
export function setTagFilterInAddress(tag: number | null): void {
  const url = new URL(window.location.href);
  if (tag === null) url.searchParams.delete('tag');
  else url.searchParams.set('tag', String(tag));
  history.replaceState(history.state, '', url);
}

/** Loads the channel's tags; a failure leaves none (the page works without them) and is only logged. */
export async function loadChannelTags(circleId: number): Promise<void> {
  try {
    $channelTags.set((await api<Paged<PostTag>>(`/api/circles/${circleId}/tags/`)).results);
  } catch (error) {
    console.error('Channel tags could not be listed', error);
    $channelTags.set([]);
  }
}

/** The owner adds a tag; answers the server's message on a refusal (a taken name, a pale colour, the 20th), else null. */
export async function addChannelTag(circleId: number, name: string, color: string, fallback: string): Promise<string | null> {
  try {
    const tag = await api<PostTag>(`/api/circles/${circleId}/tags/`, { method: 'POST', body: { name, color } });
    $channelTags.set([...$channelTags.get(), tag]);
    return null;
  } catch (error) {
    return error instanceof ApiError ? errorMessage(error.data, fallback) : fallback;
  }
}

/** The owner removes a tag; posts lose it. Answers a message when the server refused, else null. */
export async function removeChannelTag(circleId: number, tagId: number, fallback: string): Promise<string | null> {
  try {
    await api(`/api/circles/${circleId}/tags/${tagId}/`, { method: 'DELETE' });
    $channelTags.set($channelTags.get().filter((tag) => tag.id !== tagId));
    return null;
  } catch (error) {
    return error instanceof ApiError ? errorMessage(error.data, fallback) : fallback;
  }
}
