/**
 * The identity chips shown beside every handle (feeds, posts, comments): asked for in one request per screenful
 * (GET /api/users/chips/?handles=…), each handle once per page, then kept.
 */
import { map } from 'nanostores';
import { api } from '../lib/browser/api-client.ts';
import type { IdentityChip } from '../lib/api-types.ts';

export const $authorChips = map<Record<string, IdentityChip[]>>({});

/** A handle a member can have (a deleted account's placeholder is not one, and gets no card or chips). */
export const isHandle = (handle: string) => /^[A-Za-z0-9_]{2,30}$/.test(handle);

const asked = new Set<string>();
let waiting: string[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

/** Asks for the chips of `handle` with the others rendered in the same moment (one request for a feed page). */
export function wantChips(handle: string, wait = 30): void {
  if (!isHandle(handle) || asked.has(handle)) return;
  asked.add(handle);
  waiting.push(handle);
  timer ??= setTimeout(() => void flush(), wait);
}

async function flush(): Promise<void> {
  const handles = waiting;
  waiting = [];
  timer = null;
  try {
    const { chips } = await api<{ chips: Record<string, IdentityChip[]> }>('/api/users/chips/', { query: { handles: handles.join(',') } });
    for (const handle of handles) $authorChips.setKey(handle, chips[handle] ?? []);
  } catch (error) {
    // The handles still show and link to their cards; the chips may come with the next screen.
    for (const handle of handles) asked.delete(handle);
    console.error('Could not load identity chips', error);
  }
}
