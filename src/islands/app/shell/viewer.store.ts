import { atom } from 'nanostores';
import { api, ApiError } from '../../../lib/browser/api-client.ts';
import type { ProfileResponse } from '../../../lib/api-types.ts';
import { hasToken, resetUser, setUserFromProfile } from '../../../stores/session.store.ts';

/** What the app shell knows about the visitor: 'unknown' until the token has been looked at. */
export type AuthStatus = 'unknown' | 'signed-in' | 'signed-out';
export const $authStatus = atom<AuthStatus>('unknown');

let pending: Promise<ProfileResponse> | null = null;

/**
 * Loads the signed-in user's profile once per page (the header, the dropdown and the profile page share it)
 * and settles $authStatus. Rejects when there is no token or the call fails; a 401 means signed out.
 */
export function fetchViewer(): Promise<ProfileResponse> {
  if (!hasToken()) {
    $authStatus.set('signed-out');
    return Promise.reject(new ApiError('Not signed in', 401, null));
  }
  pending ??= api<ProfileResponse>('/api/users/me/profile/', { query: { channels_page: 1, posts_page: 1 } }).then(
    (profile) => {
      setUserFromProfile(profile);
      $authStatus.set('signed-in');
      return profile;
    },
    (error: unknown) => {
      pending = null;
      // A server or network failure with a token in hand still counts as signed in; only 401 signs out.
      if (error instanceof ApiError && error.status === 401) markSignedOut();
      else $authStatus.set('signed-in');
      throw error;
    },
  );
  return pending;
}

/** The token turned out invalid (feed check, 401 answer): the shell shows the visitor's controls. */
export function markSignedOut() {
  pending = null;
  resetUser();
  $authStatus.set('signed-out');
}
