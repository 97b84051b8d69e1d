/** The public moderation log, page by page, for the whole site or one channel (`/modlog?circle=<name>`). */
import { map } from 'nanostores';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { Paged } from '../../../lib/api-types.ts';
import { emptyPagedList, loadNextPage, type PagedList } from '../../../lib/paged-list.ts';

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

/** The log as a paged list, and the load error a screen words (a channel it cannot find, or a failure). */
export type LogState = PagedList<LogEntry> & { error: string | null };

export const $modlog = map<LogState>({ ...emptyPagedList<LogEntry>(), error: null });

export async function loadModlog(circle: string | null, reset = false): Promise<void> {
  if (reset) $modlog.set({ ...emptyPagedList<LogEntry>(), error: null });
  try {
    await loadNextPage($modlog, (state) => api<Paged<LogEntry>>('/api/modlog/', { query: { page: state.page, ...(circle ? { circle } : {}) } }));
  } catch (error) {
    $modlog.setKey('error', error instanceof ApiError && error.status === 404 ? 'Channel not found.' : 'The log could not be loaded.');
  }
}
