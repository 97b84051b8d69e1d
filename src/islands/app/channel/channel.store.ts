import { atom, map } from 'nanostores';
import { api, ApiError, errorMessage } from '../../../lib/browser/api-client.ts';
import type { Circle, Decision, FeedPage, JoinRequest, Paged, Post } from '../../../lib/api-types.ts';
import { joinChannel } from '../../../stores/membership.store.ts';
import { hasToken } from '../../../stores/session.store.ts';
import { emptyPagedList, loadNextPage, pageQuery, type PagedList } from '../../../lib/paged-list.ts';
import { toast } from '../../../lib/toast.ts';
import { FEED_PATH, type FeedSource } from '../feed/feed.store.ts';
import { feedQuery } from '../../../lib/browser/feed-sort.ts';
import { tagFilterQuery } from './tags.store.ts';
import { applyJoinOutcome } from '../../../stores/membership.store.ts';
import { translator } from '../../../lib/i18n.ts';
import { $lang } from '../../../stores/lang.store.ts';

const say = (key: string, values?: Record<string, string>) => translator($lang.get())(key, values);

/** Which channel the page shows: /home/channel-page/{id} or /home/channel-page?key={name}. */
export type ChannelRef = { id: string } | { name: string };

export type ChannelState =
  { status: 'loading' } | { status: 'not-found' } | { status: 'error'; message: string } | { status: 'ready'; circle: Circle };

/** Catalog keys of the page's failures. */
export const LOAD_FAILED = 'channelPage.loadFailed';
export const POSTS_FAILED = 'common.somethingWrong';

export const $channel = atom<ChannelState>({ status: 'loading' });
export const $joining = atom(false);

export type PostsState = PagedList<Post> & { error: string | null; source: FeedSource };
const NO_POSTS: PostsState = { ...emptyPagedList<Post>(), error: null, source: 'public' };
export const $channelPosts = map<PostsState>({ ...NO_POSTS });

export type RequestsState = PagedList<JoinRequest> & { busy: number[] };
const NO_REQUESTS: RequestsState = { ...emptyPagedList<JoinRequest>(), busy: [] };
export const $requests = map<RequestsState>({ ...NO_REQUESTS });

const readyCircle = (): Circle | null => {
  const state = $channel.get();
  return state.status === 'ready' ? state.circle : null;
};

export const refQuery = (ref: ChannelRef) => ('id' in ref ? { circle_id: ref.id.trim() } : { circle_name: ref.name.trim() });

/** A private channel's posts are for members only; everyone may read a public one. */
export const canReadPosts = (circle: Circle) => circle.channel_type === 'public' || circle.is_member;

/** Loads the channel, then its first page of posts (if the visitor may read them) and, for its owner, the pending requests. */
export async function openChannel(ref: ChannelRef): Promise<void> {
  $channel.set({ status: 'loading' });
  $channelPosts.set({ ...NO_POSTS, source: hasToken() ? 'user' : 'public' });
  $requests.set({ ...NO_REQUESTS });
  const query = refQuery(ref);
  if (!Object.values(query)[0]) return $channel.set({ status: 'not-found' });
  try {
    const circle = await api<Circle>('/api/circles/members/', { query });
    $channel.set({ status: 'ready', circle });
    await Promise.all([
      canReadPosts(circle) ? loadChannelPosts() : null,
      circle.is_owner && circle.channel_type === 'private' ? loadRequests() : null,
    ]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return $channel.set({ status: 'not-found' });
    console.error('Failed to load the channel', error);
    $channel.set({ status: 'error', message: say(LOAD_FAILED) });
  }
}

/** Appends the next page of this channel's posts (see lib/paged-list.ts); Show More calls it again. */
export async function loadChannelPosts(): Promise<void> {
  const circle = readyCircle();
  if (!circle) return;
  try {
    await loadNextPage($channelPosts, (state) =>
      api<FeedPage<Post>>(FEED_PATH[state.source], {
        query: { circle: circle.id, ...pageQuery(state), ...feedQuery(), ...tagFilterQuery() },
      }),
    );
  } catch (error) {
    // A stale token: read the public list instead, as the feed does.
    if (error instanceof ApiError && error.status === 401 && $channelPosts.get().source === 'user') {
      $channelPosts.set({ ...$channelPosts.get(), hasMore: true, source: 'public' });
      return loadChannelPosts();
    }
    $channelPosts.setKey('error', error instanceof ApiError ? errorMessage(error.data, say(POSTS_FAILED)) : say(POSTS_FAILED));
  }
}

/** The order changed (`?sort=`): the channel's posts start again from the first page. */
export async function reloadChannelPosts(): Promise<void> {
  $channelPosts.set({ ...$channelPosts.get(), ...emptyPagedList<Post>(), error: null });
  await loadChannelPosts();
}

/** Join (public) or ask to join (private), with the spec's toasts; the count rises by one locally. */
export async function joinThisChannel(): Promise<void> {
  const circle = readyCircle();
  if (!circle || $joining.get()) return;
  $joining.set(true);
  const outcome = await joinChannel(circle.name);
  $joining.set(false);
  const current = readyCircle();
  if (!current) return;
  const updated = applyJoinOutcome(current, outcome);
  $channel.set({ status: 'ready', circle: updated });
  // A private channel's posts open up once the visitor is a member.
  if (!canReadPosts(current) && canReadPosts(updated)) {
    $channelPosts.set({ ...NO_POSTS, source: 'user' });
    await loadChannelPosts();
  }
}

/** The owner's list of pending requests to join, a page at a time. */
export async function loadRequests(): Promise<void> {
  const circle = readyCircle();
  if (!circle) return;
  try {
    await loadNextPage($requests, (state) =>
      api<Paged<JoinRequest>>('/api/circles/requests/', { query: { circle_id: circle.id, page: state.page } }),
    );
  } catch (error) {
    console.error('Failed to load join requests', error);
  }
}

/** Approves or rejects one request; it leaves the list, and an approval adds a member. */
export async function decideRequest(request: JoinRequest, decision: Decision): Promise<void> {
  const state = $requests.get();
  if (state.busy.includes(request.id)) return;
  $requests.setKey('busy', [...state.busy, request.id]);
  try {
    await api<JoinRequest>(`/api/circles/requests/${request.id}/${decision}/`, { method: 'POST' });
    const current = $requests.get();
    $requests.setKey(
      'items',
      current.items.filter((r) => r.id !== request.id),
    );
    const circle = readyCircle();
    if (circle && decision === 'approve') $channel.set({ status: 'ready', circle: { ...circle, members_count: circle.members_count + 1 } });
    void toast(say(decision === 'approve' ? 'channelPage.approved' : 'channelPage.rejected', { user: request.user }), 'success');
  } catch (error) {
    console.error(`Failed to ${decision} the request`, error);
    const failed = say(decision === 'approve' ? 'channelPage.approveFailed' : 'channelPage.rejectFailed');
    void toast(error instanceof ApiError ? errorMessage(error.data, failed) : failed, 'error');
  } finally {
    $requests.setKey(
      'busy',
      $requests.get().busy.filter((id) => id !== request.id),
    );
  }
}
