/** The grievance officer's desk in /staff: open tickets by deadline, status changes, and the monthly CSV. */
import { map } from 'nanostores';
import { api, ApiError, getAccessToken, API_BASE } from '../../../lib/browser/api-client.ts';
import type { Paged } from '../../../lib/api-types.ts';
import { emptyPagedList, loadNextPage, type PagedList } from '../../../lib/paged-list.ts';
import { translator, type Translate } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { $lang } from '../../../stores/lang.store.ts';
import type { StaffGrievance as StaffGrievanceView } from '../../../lib/grievance-rules.ts';

/** The ticket is the paged list's row id. */
export type StaffGrievance = StaffGrievanceView & { id: string };

export type GrievanceQueueState = PagedList<StaffGrievance> & { count: number; error: string | null };

export const $grievanceQueue = map<GrievanceQueueState>({ ...emptyPagedList<StaffGrievance>(), count: 0, error: null });

/** '5 h left to acknowledge' / 'Overdue by 2 d to resolve': the countdown staff read first. */
export function countdown(g: Pick<StaffGrievance, 'due_in_seconds' | 'deadline'>, t: Translate = translator($lang.get())): string {
  if (g.due_in_seconds === null || !g.deadline) return '';
  const seconds = Math.abs(g.due_in_seconds);
  const span =
    seconds >= 86_400
      ? t('grievance.span.daysHours', { days: Math.floor(seconds / 86_400), hours: Math.floor((seconds % 86_400) / 3600) })
      : seconds >= 3600
        ? t('grievance.span.hours', { hours: Math.floor(seconds / 3600) })
        : t('grievance.span.minutes', { minutes: Math.max(1, Math.floor(seconds / 60)) });
  return t(g.due_in_seconds < 0 ? `grievance.overdue.${g.deadline}` : `grievance.left.${g.deadline}`, { span });
}

const say = (key: string, values?: Record<string, unknown>) => translator($lang.get())(key, values);

export async function loadGrievances(reset = false): Promise<void> {
  if (reset) $grievanceQueue.set({ ...emptyPagedList<StaffGrievance>(), count: 0, error: null });
  try {
    await loadNextPage($grievanceQueue, async (state) => {
      const answer = await api<Paged<Omit<StaffGrievance, 'id'>>>('/api/staff/grievances/', { query: { page: state.page } });
      $grievanceQueue.setKey('count', answer.count);
      return { ...answer, results: answer.results.map((g) => ({ ...g, id: g.ticket })) };
    });
  } catch (error) {
    $grievanceQueue.setKey('error', error instanceof ApiError ? error.message : say('grievance.queue.loadFailed'));
  }
}

/** Moves a ticket on; the complainant is mailed by the server. A closed ticket leaves the list. */
export async function changeGrievance(ticket: string, input: { status: string; note: string; action_taken?: string }): Promise<boolean> {
  try {
    const answer = await api<Omit<StaffGrievance, 'id'>>(`/api/staff/grievances/${ticket}/status/`, { method: 'POST', body: input });
    const updated: StaffGrievance = { ...answer, id: answer.ticket };
    const state = $grievanceQueue.get();
    const closed = updated.due_at === null;
    $grievanceQueue.set({
      ...state,
      items: closed ? state.items.filter((g) => g.ticket !== ticket) : state.items.map((g) => (g.ticket === ticket ? updated : g)),
      count: closed ? Math.max(0, state.count - 1) : state.count,
    });
    void toast(say('grievance.queue.changed', { ticket, status: say(`grievance.statuses.${updated.status}`) }), 'success');
    return true;
  } catch (error) {
    void toast(error instanceof ApiError ? error.message : say('grievance.queue.changeFailed'), 'error');
    return false;
  }
}

/** Downloads the month's compliance report (the API wants the bearer token, so a plain link would not do). */
export async function downloadReport(month: string): Promise<void> {
  const response = await fetch(`${API_BASE}/api/staff/grievances/report/?month=${encodeURIComponent(month)}`, {
    headers: { Authorization: `Bearer ${getAccessToken() ?? ''}` },
  });
  if (!response.ok) {
    void toast(say('grievance.queue.reportFailed'), 'error');
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: `grievances-${month}.csv` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The host a complainant's link leads to, shown before the link itself; null for what is not a web link. */
export function linkHost(link: string): string | null {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.host : null;
  } catch {
    return null;
  }
}
