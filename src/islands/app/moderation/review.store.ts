/**
 * A review queue (all channels for staff, one channel for its owner): the open cases page by page, and the
 * decisions taken on them. A decided case leaves the list; the answer's message goes to a toast.
 */
import { atom } from 'nanostores';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { Paged } from '../../../lib/api-types.ts';
import type { ModerationAction, SuspensionDuration, SuspensionScope } from '../../../lib/moderation-rules.ts';
import { toast } from '../../../lib/toast.ts';

export type CaseItem = {
  kind: 'post' | 'comment';
  id: number;
  post_id: number;
  title: string;
  excerpt: string;
  author: string;
  circle: { id: number; name: string };
  moderation_status: 'visible' | 'held' | 'removed';
  moderation_label: string | null;
  created_at: string;
  url: string;
};

export type ReviewCase = {
  id: number;
  status: 'open' | 'closed';
  outcome: string | null;
  opened_at: string;
  item: CaseItem;
  reports_count: number;
  reasons: { reason: string; label: string; count: number }[];
  notes: { reason: string; note: string; created_at: string }[];
  author: {
    username: string;
    recent: { kind: 'post' | 'comment'; id: number; post_id: number; excerpt: string; moderation_status: string; created_at: string }[];
    warnings: number;
    removals: number;
    suspensions: number;
    suspended_site_wide: boolean;
  };
};

export type QueueScope = { kind: 'staff' } | { kind: 'circle'; circleId: number };

export type QueueState = { cases: ReviewCase[]; count: number; next: number | null; loading: boolean; error: string | null };

export const DECIDED: Record<ModerationAction, string> = {
  dismiss: 'Reports dismissed.',
  remove: 'Removed.',
  restore: 'Restored.',
  warn: 'The author was warned.',
  suspend: 'The author was suspended.',
};

export function createQueueStore(scope: QueueScope) {
  const $queue = atom<QueueState>({ cases: [], count: 0, next: 1, loading: false, error: null });
  const path = scope.kind === 'staff' ? '/api/staff/reports/' : `/api/circles/${scope.circleId}/reports/`;

  /** Loads the first page again (reset) or the next one, keeping each case once. */
  async function load(reset = false) {
    const state = $queue.get();
    const page = reset ? 1 : state.next;
    if (page === null || state.loading) return;
    $queue.set({ ...state, loading: true, error: null });
    try {
      const answer = await api<Paged<ReviewCase>>(path, { query: { page } });
      const kept = reset ? [] : $queue.get().cases;
      const seen = new Set(kept.map((c) => c.id));
      $queue.set({
        cases: [...kept, ...answer.results.filter((c) => !seen.has(c.id))],
        count: answer.count,
        next: answer.next ? page + 1 : null,
        loading: false,
        error: null,
      });
    } catch (error) {
      $queue.set({ ...$queue.get(), loading: false, error: error instanceof ApiError ? error.message : 'The queue could not be loaded.' });
    }
  }

  /** Decides on a case's item; remove, restore and dismiss close the case, so it leaves the list. */
  async function decide(
    item: CaseItem,
    input: { action: ModerationAction; reason: string; duration?: SuspensionDuration; scope?: SuspensionScope },
  ): Promise<boolean> {
    try {
      await api('/api/moderation/actions/', { method: 'POST', body: { [item.kind]: item.id, ...input } });
      void toast(DECIDED[input.action], 'success');
      if (input.action === 'remove' || input.action === 'restore' || input.action === 'dismiss') {
        const state = $queue.get();
        $queue.set({ ...state, cases: state.cases.filter((c) => !(c.item.kind === item.kind && c.item.id === item.id)), count: Math.max(0, state.count - 1) });
      }
      return true;
    } catch (error) {
      void toast(error instanceof ApiError ? error.message : 'The decision could not be sent. Please try again.', 'error');
      return false;
    }
  }

  return { $queue, load, decide };
}
