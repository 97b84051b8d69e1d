/**
 * The sign-in flow behind the login modal (spec sections 2, 4, 5 and 8): e-mail step, OTP step with a resend
 * countdown, the calls and their error texts. Whether the modal is open lives in src/stores/login.store.ts.
 */
import { map } from 'nanostores';
import { api, storeTokens } from '../../lib/api-client.ts';
import type { ProfileResponse, VerifyOtpResponse } from '../../lib/api-types.ts';
import { INVALID_EMAIL_MESSAGE, OTP_MAX_LENGTH, isValidEmail } from '../../lib/validation-rules.ts';
import { closeLogin } from '../../stores/login.store.ts';
import { setUserFromProfile } from '../../stores/session.store.ts';

export const RESEND_SECONDS = 60;
/** How long a code lives on the server (the spec's "initial counter value of 300"). */
export const OTP_LIFETIME_SECONDS = 300;

export const SEND_OTP_FAILED = 'Failed to send OTP. Please try again.';
export const VERIFY_OTP_FAILED = 'Invalid or expired OTP. Please try again.';
export const OTP_REQUIRED = 'Please enter the OTP.';

export type LoginStep = 'email' | 'otp';

export type LoginFlow = {
  step: LoginStep;
  /** The address the code was sent to (trimmed). */
  email: string;
  /** Epoch ms from which a new code may be asked for. */
  resendAt: number;
  processing: boolean;
  error: string | null;
};

const START: LoginFlow = { step: 'email', email: '', resendAt: 0, processing: false, error: null };

export const $loginFlow = map<LoginFlow>({ ...START });

export const emailProblem = (value: string): string | null => (isValidEmail(value) ? null : INVALID_EMAIL_MESSAGE);

export const otpProblem = (value: string): string | null => (value.trim() === '' ? OTP_REQUIRED : null);

/** Only what an OTP field may hold: at most 6 characters, no spaces (pasted codes often carry some). */
export const cleanOtp = (value: string) => value.replace(/\s+/g, '').slice(0, OTP_MAX_LENGTH);

/** Whole seconds until a new code may be asked for (never negative). */
export const secondsUntilResend = (flow: Pick<LoginFlow, 'resendAt'>, now = Date.now()) =>
  Math.max(0, Math.ceil((flow.resendAt - now) / 1000));

/** Runs a call with the 'Processing...' overlay shown; a second call while one runs is ignored. */
async function busy(work: () => Promise<void>) {
  if ($loginFlow.get().processing) return;
  $loginFlow.setKey('processing', true);
  try {
    await work();
  } finally {
    $loginFlow.setKey('processing', false);
  }
}

/** E-mail step (and resend): validates, asks the server to mail a code, then shows the OTP step. */
export async function requestOtp(rawEmail: string): Promise<boolean> {
  const problem = emailProblem(rawEmail);
  if (problem) {
    $loginFlow.setKey('error', problem);
    return false;
  }
  const email = rawEmail.trim();
  let sent = false;
  await busy(async () => {
    try {
      await api('/api/auth/send-otp/', { method: 'POST', body: { email } });
      $loginFlow.set({ step: 'otp', email, resendAt: Date.now() + RESEND_SECONDS * 1000, processing: true, error: null });
      sent = true;
    } catch {
      $loginFlow.setKey('error', SEND_OTP_FAILED);
    }
  });
  return sent;
}

export const resendOtp = () => requestOtp($loginFlow.get().email);

export const goHome = () => window.location.assign('/home');

/**
 * OTP step: verifies the code; when the server says the account is new (is_registered, spec section 4) the
 * profile is created first. Tokens are stored only once every call succeeded, so a failure leaves no half
 * sign-in behind; any failure shows the one verify message of spec section 8.
 */
export async function verifyOtp(rawOtp: string, onSignedIn: () => void = goHome): Promise<boolean> {
  const problem = otpProblem(rawOtp);
  if (problem) {
    $loginFlow.setKey('error', problem);
    return false;
  }
  let signedIn = false;
  await busy(async () => {
    try {
      const tokens = await api<VerifyOtpResponse>('/api/auth/verify-otp/', {
        method: 'POST',
        body: { email: $loginFlow.get().email, otp: cleanOtp(rawOtp) },
      });
      const profile = tokens.is_registered
        ? await api<ProfileResponse>('/api/users/me/profile/', { method: 'POST', headers: { Authorization: `Bearer ${tokens.access}` } })
        : null;
      storeTokens(tokens);
      if (profile) setUserFromProfile(profile);
      signedIn = true;
    } catch {
      $loginFlow.setKey('error', VERIFY_OTP_FAILED);
    }
  });
  if (signedIn) {
    closeLogin();
    resetLoginFlow();
    onSignedIn();
  }
  return signedIn;
}

/** Back from the OTP step to change the address. */
export const changeEmail = () => $loginFlow.set({ ...$loginFlow.get(), step: 'email', error: null });

export const clearLoginError = () => $loginFlow.setKey('error', null);

export const resetLoginFlow = () => $loginFlow.set({ ...START });
