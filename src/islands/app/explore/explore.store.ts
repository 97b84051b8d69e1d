/** Explore (/home/explore): every channel to discover, searchable, filtered by what it requires, by members or activity. */
import { map } from 'nanostores';
import { api } from '../../../lib/browser/api-client.ts';
import type { Circle, Paged } from '../../../lib/api-types.ts';
import { emptyPagedList, loadNextPage, pageQuery, type PagedList } from '../../../lib/paged-list.ts';
import { joinListed } from '../../../stores/membership.store.ts';
import { openLogin } from '../../../stores/login.store.ts';
import { hasToken } from '../../../stores/session.store.ts';

export const EXPLORE_SORTS = ['members', 'active'] as const;
export type ExploreSort = (typeof EXPLORE_SORTS)[number];
export const REQUIREMENTS = ['', 'none', 'academic', 'institution', 'credential'] as const;
export type RequirementChoice = (typeof REQUIREMENTS)[number];

export type ExploreFilters = { q: string; requirement: RequirementChoice; sort: ExploreSort };
export type ExploreState = PagedList<Circle> & ExploreFilters & { joining: number[]; failed: boolean };

export const $explore = map<ExploreState>({
  ...emptyPagedList<Circle>(),
  q: '',
  requirement: '',
  sort: 'members',
  joining: [],
  failed: false,
});

/** The query for the filters as they are: blank ones are left out. */
export const filterQuery = ({ q, requirement, sort }: ExploreFilters) => ({
  ...(q.trim() ? { q: q.trim() } : {}),
  ...(requirement ? { requirement } : {}),
  sort,
});

/** Loads the next page of channels for the current filters. */
export async function loadMoreChannels(): Promise<void> {
  try {
    $explore.setKey('failed', false);
    await loadNextPage($explore, (state) => api<Paged<Circle>>('/api/circles/', { query: { ...filterQuery(state), ...pageQuery(state) } }));
  } catch (error) {
    console.error('Failed to load channels', error);
    $explore.setKey('failed', true);
  }
}

/** Changes a filter and starts the list again from its first page. */
export async function setFilters(change: Partial<ExploreFilters>): Promise<void> {
  const current = $explore.get();
  $explore.set({ ...current, ...emptyPagedList<Circle>(), ...change, failed: false });
  await loadMoreChannels();
}

/** Join from the list (a private channel asks its owner); a visitor is asked to sign in first. */
export async function joinFromList(circle: Circle): Promise<void> {
  if (!hasToken()) return openLogin();
  await joinListed($explore, circle);
}
