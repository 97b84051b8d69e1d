import { map } from 'nanostores';
import { api } from '../../../lib/browser/api-client.ts';
import type { Circle, MembershipStatus, Paged } from '../../../lib/api-types.ts';
import { openLogin } from '../../../stores/login.store.ts';
import { hasToken } from '../../../stores/session.store.ts';
import { emptyPagedList, loadNextPage, pageQuery } from '../../../lib/paged-list.ts';
import { joinListed } from '../../../stores/membership.store.ts';
import { carryToastsToNextPage } from '../../../lib/toast.ts';

export const channelHref = (name: string) => `/home/channel-page?key=${encodeURIComponent(name)}`;

/** The Popular Channels panel: channels by members, paged by Show More, with the circles a join is under way for. */
export const $popular = map({ ...emptyPagedList<Circle>(), joining: [] as number[] });

/** GET /api/circles/?page=N and append; failures are only logged (spec section 8). */
export async function loadPopularPage(): Promise<void> {
  try {
    await loadNextPage($popular, (state) => api<Paged<Circle>>('/api/circles/', { query: pageQuery(state) }));
  } catch (error) {
    console.error('Failed to load channels', error);
  }
}

/** The panel's join button shows the circle's membership status, or 'joining' while a join is under way. */
export type JoinButtonState = MembershipStatus | 'joining';

export function joinButtonState(circle: Circle, joining: readonly number[]): JoinButtonState {
  if (joining.includes(circle.id)) return 'joining';
  return circle.is_member ? 'member' : circle.membership_status === 'pending' ? 'pending' : 'none';
}

/**
 * Join / Joining... / Joined: the toasts come from joinChannel(); the circle takes the outcome as the channel page
 * does (a join adds one member), and a join goes to the channel page by name (spec section 4). Signed out, the
 * login modal opens instead.
 */
export async function joinPopular(
  circle: Circle,
  navigate: (href: string) => void = (href) => window.location.assign(href),
): Promise<void> {
  if (!hasToken()) {
    openLogin();
    return;
  }
  const outcome = await joinListed($popular, circle);
  if (outcome !== 'joined') return;
  carryToastsToNextPage();
  navigate(channelHref(circle.name));
}
