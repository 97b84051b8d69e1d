/**
 * Reporting a post or a comment: the item whose report dialog is open, and sending the report. The report button
 * of every post card, post page and comment shares this store, so one dialog at a time is open on a page.
 */
import { atom } from 'nanostores';
import { apiWithStatus, ApiError } from '../lib/browser/api-client.ts';
import type { ReportReason } from '../lib/moderation-rules.ts';
import { toast } from '../lib/toast.ts';
import { openLogin } from './login.store.ts';
import { hasToken } from './session.store.ts';

export type ReportTarget = { kind: 'post' | 'comment'; id: number };

export const REPORT_SENT = 'Thanks. Your report was sent to the moderators.';
export const REPORT_ALREADY_SENT = 'You already reported this. The moderators have it.';
export const REPORT_FAILED = 'Your report could not be sent. Please try again.';

export const $reportTarget = atom<ReportTarget | null>(null);
export const $reportSending = atom(false);

export const sameTarget = (a: ReportTarget | null, b: ReportTarget) => a !== null && a.kind === b.kind && a.id === b.id;

/** Opens the report dialog for an item; signed out, the login modal opens instead. */
export function openReport(target: ReportTarget) {
  if (!hasToken()) {
    openLogin();
    return;
  }
  $reportTarget.set(target);
}

export const closeReport = () => $reportTarget.set(null);

/** Sends the open dialog's report and says so in a toast; a repeat report is answered kindly, not as an error. */
export async function sendReport(reason: ReportReason, note: string): Promise<boolean> {
  const target = $reportTarget.get();
  if (!target || $reportSending.get()) return false;
  $reportSending.set(true);
  try {
    const answer = await apiWithStatus('/api/reports/', { method: 'POST', body: { [target.kind]: target.id, reason, note: note.trim() } });
    void toast(answer.status === 200 ? REPORT_ALREADY_SENT : REPORT_SENT, 'success');
    closeReport();
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      closeReport();
      openLogin();
    } else {
      void toast(error instanceof ApiError && error.status && error.status < 500 ? error.message : REPORT_FAILED, 'error');
    }
    return false;
  } finally {
    $reportSending.set(false);
  }
}
