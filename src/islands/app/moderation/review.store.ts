/**
 * A review queue (all channels for staff, one channel for its owner): the open cases page by page, and the
 * decisions taken on them. A decided case leaves the list; the answer's message goes to a toast.
 */
import { map } from 'nanostores';
import { api, ApiError } from '../../../lib/browser/api-client.ts';
import type { Paged } from '../../../lib/api-types.ts';
import { emptyPagedList, loadNextPage, type PagedList } from '../../../lib/paged-list.ts';
import type {
  ModeratedItem,
  ModerationAction,
  ReportReason,
  ReviewCase,
  SuspensionDuration,
  SuspensionScope,
} from '../../../lib/moderation-rules.ts';
import { translator } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { $lang } from '../../../stores/lang.store.ts';

export type { ReviewCase };

export type QueueScope = { kind: 'staff' } | { kind: 'circle'; circleId: number };

/** The queue as a paged list, with the total left to review and the load error a screen shows. */
export type QueueState = PagedList<ReviewCase> & { count: number; error: string | null };

/** What a decision's toast says: `moderation.decided.<action>` in the catalogs. */
const say = (key: string) => translator($lang.get())(key);

export function createQueueStore(scope: QueueScope) {
  const $queue = map<QueueState>({ ...emptyPagedList<ReviewCase>(), count: 0, error: null });
  const path = scope.kind === 'staff' ? '/api/staff/reports/' : `/api/circles/${scope.circleId}/reports/`;

  /** Loads the next page (or the first again), each case once. */
  async function load(reset = false) {
    if (reset) $queue.set({ ...emptyPagedList<ReviewCase>(), count: 0, error: null });
    try {
      await loadNextPage($queue, async (state) => {
        const answer = await api<Paged<ReviewCase>>(path, { query: { page: state.page } });
        $queue.setKey('count', answer.count);
        return answer;
      });
    } catch (error) {
      $queue.setKey('error', error instanceof ApiError ? error.message : say('moderation.queueFailed'));
    }
  }

  /** Decides on a case's item; remove, restore and dismiss close the case, so it leaves the list. */
  async function decide(
    item: ModeratedItem,
    input: {
      action: ModerationAction;
      reason: string;
      removal_reason_id?: number;
      duration?: SuspensionDuration;
      scope?: SuspensionScope;
      category?: ReportReason;
    },
  ): Promise<boolean> {
    try {
      await api('/api/moderation/actions/', { method: 'POST', body: { [item.kind]: item.id, ...input } });
      void toast(say(`moderation.decided.${input.action}`), 'success');
      if (input.action === 'remove' || input.action === 'restore' || input.action === 'dismiss') {
        const state = $queue.get();
        $queue.set({
          ...state,
          items: state.items.filter((c) => !(c.item.kind === item.kind && c.item.id === item.id)),
          count: Math.max(0, state.count - 1),
        });
      }
      return true;
    } catch (error) {
      void toast(error instanceof ApiError ? error.message : say('moderation.decideFailed'), 'error');
      return false;
    }
  }

  return { $queue, load, decide };
}
