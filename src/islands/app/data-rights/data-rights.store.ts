/**
 * The profile's "Your data" section: "Download my data" (an export prepared by a job; its progress is polled, and
 * picked up again after a reload) and "Delete my account" (the sign-in address, the mailed code, the choice about
 * posts and comments).
 */
import { atom, map } from 'nanostores';
import { api, ApiError, clearTokens, errorMessage } from '../../../lib/browser/api-client.ts';
import { forgetReadCaches } from '../../../lib/browser/offline.ts';
import type { DataExport } from '../../../lib/api-types.ts';
import { translator } from '../../../lib/i18n.ts';
import { $lang } from '../../../stores/lang.store.ts';
import { resetUser } from '../../../stores/session.store.ts';

export const EXPORT_POLL_MS = 2000;

export const $dataExport = map({
  current: null as DataExport | null,
  busy: false,
  error: null as string | null,
});

export type DeletionStep = 'closed' | 'address' | 'code' | 'done';

export const $deletion = map({
  step: 'closed' as DeletionStep,
  busy: false,
  error: null as string | null,
});

const say = (key: string) => translator($lang.get())(key);
/** The API's message (already in the person's language), else the fallback from the catalogs. */
const messageOf = (error: unknown, fallbackKey: string) =>
  error instanceof ApiError ? errorMessage(error.data, say(fallbackKey)) : say(fallbackKey);

let pollTimer: ReturnType<typeof setTimeout> | undefined;

/** Follows a pending export until it is ready or failed. */
function followExport(id: string) {
  clearTimeout(pollTimer);
  pollTimer = setTimeout(async () => {
    try {
      const current = await api<DataExport>(`/api/users/me/export/${id}/`);
      $dataExport.setKey('current', current);
      if (current.status === 'pending') followExport(id);
    } catch {
      followExport(id);
    }
  }, EXPORT_POLL_MS);
}

/** The newest export (a reload finds one in progress and follows it). */
export async function loadLatestExport(): Promise<void> {
  try {
    const { latest } = await api<{ latest: DataExport | null }>('/api/users/me/export/');
    $dataExport.setKey('current', latest);
    if (latest?.status === 'pending') followExport(latest.id);
  } catch {
    // The section still offers to start one.
  }
}

export async function requestExport(): Promise<void> {
  $dataExport.set({ ...$dataExport.get(), busy: true, error: null });
  try {
    const current = await api<DataExport>('/api/users/me/export/', { method: 'POST' });
    $dataExport.set({ current, busy: false, error: null });
    followExport(current.id);
  } catch (error) {
    $dataExport.set({ ...$dataExport.get(), busy: false, error: messageOf(error, 'dataRights.exportFailed') });
    // 409: one is already being prepared; show it.
    if (error instanceof ApiError && error.status === 409) await loadLatestExport();
  }
}

export const stopFollowingExport = () => clearTimeout(pollTimer);

/** A file the member uploaded, as GET /api/users/me/uploads/ lists it. */
export type Upload = { name: string; url: string; post_id: number | null; comment_id: number | null };

export const $uploads = map({ items: [] as Upload[], busy: false, error: null as string | null });

export async function loadUploads(): Promise<void> {
  try {
    $uploads.setKey('items', await api<Upload[]>('/api/users/me/uploads/'));
  } catch {
    // The list stays empty; nothing else depends on it.
  }
}

/** Deletes one upload: it leaves its post or comment, and our servers. */
export async function deleteUpload(name: string): Promise<void> {
  $uploads.set({ ...$uploads.get(), busy: true, error: null });
  try {
    await api(`/api/users/me/uploads/${encodeURIComponent(name)}/`, { method: 'DELETE' });
    $uploads.set({ items: $uploads.get().items.filter((u) => u.name !== name), busy: false, error: null });
  } catch (error) {
    $uploads.set({ ...$uploads.get(), busy: false, error: messageOf(error, 'dataRights.uploadDeleteFailed') });
  }
}

export const startDeletion = () => $deletion.set({ step: 'address', busy: false, error: null });
export const cancelDeletion = () => $deletion.set({ step: 'closed', busy: false, error: null });

export async function sendDeletionCode(email: string): Promise<void> {
  $deletion.set({ ...$deletion.get(), busy: true, error: null });
  try {
    await api('/api/users/me/delete/send-otp/', { method: 'POST', body: { email: email.trim() } });
    $deletion.set({ step: 'code', busy: false, error: null });
  } catch (error) {
    $deletion.set({ ...$deletion.get(), busy: false, error: messageOf(error, 'dataRights.sendFailed') });
  }
}

/** Confirms with the code; the member is signed out at once (the server already refuses their tokens). */
export async function confirmDeletion(otp: string, eraseContent: boolean): Promise<boolean> {
  $deletion.set({ ...$deletion.get(), busy: true, error: null });
  try {
    await api('/api/users/me/delete/', { method: 'POST', body: { otp: otp.trim(), erase_content: eraseContent } });
    clearTokens();
    resetUser();
    await forgetReadCaches();
    $deletion.set({ step: 'done', busy: false, error: null });
    return true;
  } catch (error) {
    $deletion.set({ ...$deletion.get(), busy: false, error: messageOf(error, 'dataRights.checkFailed') });
    return false;
  }
}

/** "Withdraw consent": where it stands (closed, sending, done with the erasure date) and a failure's words. */
export const $withdrawal = atom<{ busy: boolean; eraseAfter: string | null; error: string | null }>({
  busy: false,
  eraseAfter: null,
  error: null,
});

/**
 * Withdraws consent (DPDP Rule 3): the server stops using the member's data at once and refuses their tokens, so the
 * member is signed out here too; the account is erased after the grace period unless they sign in and agree again.
 */
export async function withdrawConsent(): Promise<boolean> {
  $withdrawal.set({ busy: true, eraseAfter: null, error: null });
  try {
    const { erase_after } = await api<{ erase_after: string }>('/api/users/me/consent/withdraw/', { method: 'POST' });
    clearTokens();
    resetUser();
    await forgetReadCaches();
    $withdrawal.set({ busy: false, eraseAfter: erase_after, error: null });
    return true;
  } catch (error) {
    $withdrawal.set({ busy: false, eraseAfter: null, error: messageOf(error, 'dataRights.withdrawFailed') });
    return false;
  }
}
