/** The public moderation log, page by page, for the whole site or one channel (`/modlog?circle=<name>`). */
import { map } from 'nanostores';
import { api, ApiError } from '../../../lib/browser/api-client.ts';
import type { Paged } from '../../../lib/api-types.ts';
import type { LogEntry } from '../../../lib/moderation-rules.ts';
import { translator } from '../../../lib/i18n.ts';
import { $lang } from '../../../stores/lang.store.ts';
import { emptyPagedList, loadNextPage, type PagedList } from '../../../lib/paged-list.ts';

export type { LogEntry };

/** The log as a paged list, and the load error a screen words (a channel it cannot find, or a failure). */
export type LogState = PagedList<LogEntry> & { error: string | null };

export const $modlog = map<LogState>({ ...emptyPagedList<LogEntry>(), error: null });

export async function loadModlog(circle: string | null, reset = false): Promise<void> {
  if (reset) $modlog.set({ ...emptyPagedList<LogEntry>(), error: null });
  try {
    await loadNextPage($modlog, (state) =>
      api<Paged<LogEntry>>('/api/modlog/', { query: { page: state.page, ...(circle ? { circle } : {}) } }),
    );
  } catch (error) {
    $modlog.setKey(
      'error',
      translator($lang.get())(error instanceof ApiError && error.status === 404 ? 'moderation.channelNotFound' : 'moderation.logFailed'),
    );
  }
}
