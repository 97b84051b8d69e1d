import { atom, computed } from 'nanostores';
import { api, clearTokens, getAccessToken, getRefreshToken } from '../lib/browser/api-client.ts';
import type { ProfileResponse } from '../lib/api-types.ts';
import { forgetReadCaches } from '../lib/browser/offline.ts';
import { forgetPushSubscription } from '../lib/browser/push.ts';

/** The current user of spec section 3: id is null until set from a profile response. */
export type CurrentUser = {
  id: number | null;
  username: string;
  profile_image: string | null;
  is_aadhaar_verified: boolean;
};

export const EMPTY_USER: CurrentUser = { id: null, username: '', profile_image: null, is_aadhaar_verified: false };

export const $user = atom<CurrentUser>(EMPTY_USER);
/** The full last profile response (colour, animal, identity, circles, posts). */
export const $profile = atom<ProfileResponse | null>(null);
export const $signedIn = computed($user, (user) => user.id !== null);

export function setUserFromProfile(profile: ProfileResponse) {
  $profile.set(profile);
  $user.set({ ...EMPTY_USER, ...profile.profile });
}

export function resetUser() {
  $user.set(EMPTY_USER);
  $profile.set(null);
}

export const hasToken = () => Boolean(getAccessToken());

/** Logout: blacklist the token (a failure is logged), clear both cookies, reset the user, reload to /. */
export async function logout() {
  const token = getAccessToken();
  const refresh = getRefreshToken();
  // While the token still works: the next person on this device must not get this member's pushes.
  await forgetPushSubscription();
  try {
    // The spec's client sends {token}; the refresh token rides along so it cannot mint new access tokens.
    if (token || refresh)
      await api('/api/token/blacklist/', { method: 'POST', body: { token: token ?? refresh, ...(refresh && token ? { refresh } : {}) } });
  } catch (error) {
    console.error('Logout: blacklist failed', error);
  }
  clearTokens();
  resetUser();
  await forgetReadCaches();
  window.location.assign('/');
}
