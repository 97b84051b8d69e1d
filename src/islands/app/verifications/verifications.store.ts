import { map } from 'nanostores';
import { api, ApiError, errorMessage } from '../../../lib/browser/api-client.ts';
import type { CredentialKind, CredentialRequest, Paged, ProfileResponse } from '../../../lib/api-types.ts';
import { translator } from '../../../lib/i18n.ts';
import { $lang } from '../../../stores/lang.store.ts';
import { setUserFromProfile } from '../../../stores/session.store.ts';

/** The profile's Verifications section: an address verified by code, and credentials sent for review. */
export type EmailStep = 'address' | 'code';

export const $emailVerification = map({
  step: 'address' as EmailStep,
  email: '',
  busy: false,
  error: null as string | null,
  done: null as string | null,
});

export const $credentials = map({
  requests: [] as CredentialRequest[],
  busy: false,
  error: null as string | null,
  done: null as string | null,
});

const say = (key: string) => translator($lang.get())(key);
/** The API's message (already in the person's language), else the fallback from the catalogs. */
const messageOf = (error: unknown, fallbackKey: string) =>
  error instanceof ApiError ? errorMessage(error.data, say(fallbackKey)) : say(fallbackKey);

export async function sendVerificationCode(email: string): Promise<void> {
  $emailVerification.set({ ...$emailVerification.get(), busy: true, error: null, done: null });
  try {
    await api('/api/users/me/verifications/email/send-otp/', { method: 'POST', body: { email: email.trim() } });
    $emailVerification.set({ step: 'code', email: email.trim(), busy: false, error: null, done: null });
  } catch (error) {
    $emailVerification.set({ ...$emailVerification.get(), busy: false, error: messageOf(error, 'verifications.sendFailed') });
  }
}

/** Checks the code; the updated profile replaces the one on screen. Returns it, or null when refused. */
export async function confirmVerificationCode(otp: string): Promise<ProfileResponse | null> {
  const { email } = $emailVerification.get();
  $emailVerification.set({ ...$emailVerification.get(), busy: true, error: null });
  try {
    const profile = await api<ProfileResponse & { detail?: string }>('/api/users/me/verifications/email/verify/', {
      method: 'POST',
      body: { email, otp: otp.trim() },
    });
    setUserFromProfile(profile);
    $emailVerification.set({
      step: 'address',
      email: '',
      busy: false,
      error: null,
      done: profile.detail ?? say('verifications.addressVerified'),
    });
    return profile;
  } catch (error) {
    $emailVerification.set({ ...$emailVerification.get(), busy: false, error: messageOf(error, 'verifications.checkFailed') });
    return null;
  }
}

export const changeAddress = () =>
  $emailVerification.set({ step: 'address', email: $emailVerification.get().email, busy: false, error: null, done: null });

export async function loadCredentialRequests(): Promise<void> {
  try {
    const page = await api<Paged<CredentialRequest>>('/api/users/me/verifications/credentials/');
    $credentials.setKey('requests', page.results);
  } catch (error) {
    console.error('Failed to load credential requests', error);
  }
}

export async function sendCredential(kind: CredentialKind, name: string, document: File): Promise<boolean> {
  $credentials.set({ ...$credentials.get(), busy: true, error: null, done: null });
  const form = new FormData();
  form.append('kind', kind);
  if (kind === 'other') form.append('name', name.trim());
  form.append('document', document, document.name);
  try {
    await api('/api/users/me/verifications/credentials/', { method: 'POST', body: form });
    $credentials.set({ ...$credentials.get(), busy: false, done: say('verifications.sentForReview') });
    await loadCredentialRequests();
    return true;
  } catch (error) {
    $credentials.set({ ...$credentials.get(), busy: false, error: messageOf(error, 'verifications.documentFailed') });
    return false;
  }
}

/** The credential kinds one may send, in order; each is named by `verifications.credentials.<kind>` in the catalogs. */
export const CREDENTIAL_KINDS: CredentialKind[] = ['ca', 'cfa', 'doctor', 'lawyer', 'engineer', 'other'];
