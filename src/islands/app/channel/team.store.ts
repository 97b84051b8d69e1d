import { atom } from 'nanostores';
import { api, ApiError, errorMessage } from '../../../lib/browser/api-client.ts';
import type { ChannelModerator, Paged, RemovalReason } from '../../../lib/api-types.ts';
import type { Lang } from '../../../lib/i18n.ts';

/**
 * A channel's moderator team as its page shows it: the moderators (GET /api/circles/{id}/moderators/) and the removal
 * reasons its owner and moderators keep (GET /api/circles/{id}/removal-reasons/). Each change answers the server's
 * message on a refusal (an unknown handle, the 31st reason), else null.
 */
export const $moderators = atom<ChannelModerator[]>([]);
export const $removalReasons = atom<RemovalReason[]>([]);

const refusal = (error: unknown, fallback: string) => (error instanceof ApiError ? errorMessage(error.data, fallback) : fallback);

/** Loads the channel's moderators; a failure leaves the list empty (the page works without it) and is only logged. */
export async function loadModerators(circleId: number): Promise<void> {
  try {
    $moderators.set((await api<Paged<ChannelModerator>>(`/api/circles/${circleId}/moderators/`)).results);
  } catch (error) {
    console.error('Channel moderators could not be listed', error);
    $moderators.set([]);
  }
}

/** The owner appoints a member of the channel by handle. */
export async function appointModerator(circleId: number, username: string, fallback: string): Promise<string | null> {
  try {
    const moderator = await api<ChannelModerator>(`/api/circles/${circleId}/moderators/`, { method: 'POST', body: { username } });
    if (!$moderators.get().some((each) => each.username === moderator.username)) $moderators.set([...$moderators.get(), moderator]);
    return null;
  } catch (error) {
    return refusal(error, fallback);
  }
}

/** The owner dismisses a moderator, or a moderator steps down (their own handle). */
export async function dismissModerator(circleId: number, username: string, fallback: string): Promise<string | null> {
  try {
    await api(`/api/circles/${circleId}/moderators/${encodeURIComponent(username)}/`, { method: 'DELETE' });
    $moderators.set($moderators.get().filter((each) => each.username !== username));
    return null;
  } catch (error) {
    return refusal(error, fallback);
  }
}

/** Removal reasons read once per channel for the review queue (staff read many channels' in one queue). */
const reasonsByChannel = new Map<number, Promise<RemovalReason[]>>();

/** The channel's removal reasons; none when they cannot be read (the reviewer then types a reason). */
export function removalReasonsOf(circleId: number): Promise<RemovalReason[]> {
  let reasons = reasonsByChannel.get(circleId);
  if (!reasons) {
    reasons = api<Paged<RemovalReason>>(`/api/circles/${circleId}/removal-reasons/`)
      .then((page) => page.results)
      .catch(() => {
        reasonsByChannel.delete(circleId);
        return [];
      });
    reasonsByChannel.set(circleId, reasons);
  }
  return reasons;
}

/** Loads the channel's removal reasons into the editor's list. */
export async function loadRemovalReasons(circleId: number): Promise<void> {
  reasonsByChannel.delete(circleId);
  $removalReasons.set(await removalReasonsOf(circleId));
}

export async function addRemovalReason(circleId: number, text: string, language: Lang, fallback: string): Promise<string | null> {
  try {
    const reason = await api<RemovalReason>(`/api/circles/${circleId}/removal-reasons/`, { method: 'POST', body: { text, language } });
    $removalReasons.set([...$removalReasons.get(), reason]);
    reasonsByChannel.delete(circleId);
    return null;
  } catch (error) {
    return refusal(error, fallback);
  }
}

export async function deleteRemovalReason(circleId: number, reasonId: number, fallback: string): Promise<string | null> {
  try {
    await api(`/api/circles/${circleId}/removal-reasons/${reasonId}/`, { method: 'DELETE' });
    $removalReasons.set($removalReasons.get().filter((reason) => reason.id !== reasonId));
    reasonsByChannel.delete(circleId);
    return null;
  } catch (error) {
    return refusal(error, fallback);
  }
}
