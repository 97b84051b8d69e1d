import { map } from 'nanostores';
import { api } from '../../../lib/api-client.ts';
import type { Circle, Paged } from '../../../lib/api-types.ts';
import { joinChannel } from '../../../stores/circles.store.ts';
import { openLogin } from '../../../stores/login.store.ts';
import { hasToken } from '../../../stores/session.store.ts';
import { carryToastsToNextPage } from '../../../lib/toast.ts';

export type JoinState = 'join' | 'joining' | 'joined' | 'requested';

export const channelHref = (name: string) => `/home/channel-page?key=${encodeURIComponent(name)}`;

/** The Popular Channels panel: channels by members, paged by Show More, with each one's join state. */
export const $popular = map({
  items: [] as Circle[],
  page: 1,
  hasMore: true,
  loading: false,
  joins: {} as Record<number, JoinState>,
});

/** GET /api/circles/?page=N and append; failures are only logged (spec section 8). */
export async function loadPopularPage(): Promise<void> {
  const state = $popular.get();
  if (state.loading || !state.hasMore) return;
  $popular.setKey('loading', true);
  try {
    const data = await api<Paged<Circle>>('/api/circles/', { query: { page: state.page } });
    const known = new Set(state.items.map((c) => c.id));
    const fresh = data.results.filter((c) => !known.has(c.id));
    $popular.set({ ...$popular.get(), items: [...$popular.get().items, ...fresh], page: state.page + 1, hasMore: Boolean(data.next), loading: false });
  } catch (error) {
    console.error('Failed to load channels', error);
    $popular.set({ ...$popular.get(), hasMore: false, loading: false });
  }
}

export function joinStateOf(circle: Circle, joins: Record<number, JoinState>): JoinState {
  if (joins[circle.id]) return joins[circle.id];
  if (circle.is_member) return 'joined';
  return circle.membership_status === 'pending' ? 'requested' : 'join';
}

const setJoin = (id: number, value: JoinState) => $popular.setKey('joins', { ...$popular.get().joins, [id]: value });

/**
 * Join / Joining... / Joined: the toasts come from joinChannel(); on success the count rises by one and the app
 * goes to the channel page by name (spec section 4). Signed out, the login modal opens instead.
 */
export async function joinPopular(circle: Circle, navigate: (href: string) => void = (href) => window.location.assign(href)): Promise<void> {
  if (!hasToken()) {
    openLogin();
    return;
  }
  setJoin(circle.id, 'joining');
  const outcome = await joinChannel(circle.name);
  if (outcome === 'failed') {
    setJoin(circle.id, 'join');
    return;
  }
  setJoin(circle.id, outcome === 'pending' ? 'requested' : 'joined');
  if (outcome !== 'joined') return;
  $popular.setKey(
    'items',
    $popular.get().items.map((c) => (c.id === circle.id ? { ...c, members_count: c.members_count + 1, is_member: true } : c)),
  );
  carryToastsToNextPage();
  navigate(channelHref(circle.name));
}
