import { map } from 'nanostores';
import { api, ApiError, errorMessage } from '../../../lib/api-client.ts';
import type { CredentialKind, CredentialRequest, Paged, ProfileResponse } from '../../../lib/api-types.ts';
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

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? errorMessage(error.data, fallback) : fallback);

export async function sendVerificationCode(email: string): Promise<void> {
  $emailVerification.set({ ...$emailVerification.get(), busy: true, error: null, done: null });
  try {
    await api('/api/users/me/verifications/email/send-otp/', { method: 'POST', body: { email: email.trim() } });
    $emailVerification.set({ step: 'code', email: email.trim(), busy: false, error: null, done: null });
  } catch (error) {
    $emailVerification.set({ ...$emailVerification.get(), busy: false, error: messageOf(error, 'The code could not be sent. Please try again.') });
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
    $emailVerification.set({ step: 'address', email: '', busy: false, error: null, done: profile.detail ?? 'Address verified.' });
    return profile;
  } catch (error) {
    $emailVerification.set({ ...$emailVerification.get(), busy: false, error: messageOf(error, 'The code could not be checked. Please try again.') });
    return null;
  }
}

export const changeAddress = () => $emailVerification.set({ step: 'address', email: $emailVerification.get().email, busy: false, error: null, done: null });

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
    $credentials.set({ ...$credentials.get(), busy: false, done: 'Sent for review. Staff will decide soon; the document is deleted once they do.' });
    await loadCredentialRequests();
    return true;
  } catch (error) {
    $credentials.set({ ...$credentials.get(), busy: false, error: messageOf(error, 'The document could not be sent. Please try again.') });
    return false;
  }
}

export const CREDENTIAL_LABELS: Record<CredentialKind, string> = {
  ca: 'Chartered accountant (CA)',
  cfa: 'CFA charterholder',
  doctor: 'Doctor',
  lawyer: 'Lawyer',
  engineer: 'Engineer',
  other: 'Other',
};

export const STATUS_LABELS: Record<CredentialRequest['status'], string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
};
