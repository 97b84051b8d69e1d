import { map } from 'nanostores';
import { api, ApiError } from '../lib/browser/api-client.ts';
import type { Poll } from '../lib/api-types.ts';
import { openLogin } from './login.store.ts';
import { hasToken } from './session.store.ts';

/** Polls voted in on this page, by post id: they override the poll as loaded (the feed's card and the post page share it). */
export const $pollChanges = map<Record<string, Poll>>({});
/** A vote's failure, worded by the server, by post id ('' when none). */
export const $pollErrors = map<Record<string, string>>({});

/** The poll as the viewer last saw it: their vote on this page, else as loaded. */
export const currentPoll = (postId: number, loaded: Poll, changed: Record<string, Poll> = $pollChanges.get()): Poll =>
  changed[postId] ?? loaded;

/** Votes (or changes the vote) in a post's poll; signed out, the login modal opens. */
export async function votePoll(postId: number, optionIds: number[]): Promise<void> {
  if (!hasToken()) {
    openLogin();
    return;
  }
  $pollErrors.setKey(String(postId), '');
  try {
    const poll = await api<Poll>(`/api/posts/${postId}/poll/votes/`, { method: 'POST', body: { options: optionIds } });
    $pollChanges.setKey(String(postId), poll);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) openLogin();
    else $pollErrors.setKey(String(postId), error instanceof ApiError ? error.message : String(error));
  }
}
