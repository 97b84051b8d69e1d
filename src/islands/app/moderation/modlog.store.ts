/** The public moderation log, page by page, for the whole site or one channel (`/modlog?circle=<name>`). */
import { atom } from 'nanostores';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { Paged } from '../../../lib/api-types.ts';

export type LogEntry = {
  id: number;
  action: string;
  action_label: string;
  reason: string;
  excerpt: string;
  post_id: number | null;
  comment_id: number | null;
  circle: { id: number; name: string } | null;
  actor: string;
  ends_at: string | null;
  created_at: string;
};

export type LogState = { entries: LogEntry[]; next: number | null; loading: boolean; error: string | null };

export const $modlog = atom<LogState>({ entries: [], next: 1, loading: false, error: null });

export async function loadModlog(circle: string | null, reset = false): Promise<void> {
  const state = $modlog.get();
  const page = reset ? 1 : state.next;
  if (page === null || state.loading) return;
  $modlog.set({ ...state, loading: true, error: null });
  try {
    const answer = await api<Paged<LogEntry>>('/api/modlog/', { query: { page, ...(circle ? { circle } : {}) } });
    const kept = reset ? [] : $modlog.get().entries;
    const seen = new Set(kept.map((e) => e.id));
    $modlog.set({ entries: [...kept, ...answer.results.filter((e) => !seen.has(e.id))], next: answer.next ? page + 1 : null, loading: false, error: null });
  } catch (error) {
    $modlog.set({ ...$modlog.get(), loading: false, error: error instanceof ApiError && error.status === 404 ? 'Channel not found.' : 'The log could not be loaded.' });
  }
}
