/**
 * The sign-in flow behind the login modal (spec sections 2, 4, 5 and 8): e-mail step, OTP step with a resend
 * countdown, the calls and their error texts. Whether the modal is open lives in src/stores/login.store.ts.
 */
import { map } from 'nanostores';
import { api, ApiError, clearTokens, getAccessToken, getRefreshToken, storeTokens } from '../../lib/browser/api-client.ts';
import type { ConsentStatus, ProfileResponse, VerifyOtpResponse } from '../../lib/api-types.ts';
import { INVALID_EMAIL_MESSAGE, OTP_MAX_LENGTH, isValidEmail } from '../../lib/validation-rules.ts';
import { closeLogin, openLogin } from '../../stores/login.store.ts';
import { setUserFromProfile } from '../../stores/session.store.ts';
import { $lang } from '../../stores/lang.store.ts';
import { translator } from '../../lib/i18n.ts';

export const RESEND_SECONDS = 60;
/** How long a code lives on the server (the spec's "initial counter value of 300"). */
export const OTP_LIFETIME_SECONDS = 300;

/** A message of the flow in the page's language (the English constants below are for the tests). */
const say = (key: string) => translator($lang.get())(key);

export const SEND_OTP_FAILED = translator('en')('login.sendFailed');
export const VERIFY_OTP_FAILED = translator('en')('login.verifyFailed');
export const OTP_REQUIRED = translator('en')('login.otpRequired');

export const CONSENT_FAILED = translator('en')('login.consentFailed');

/** 'notice': the privacy notice to agree to (first sign-in, or a changed notice); 'refused': under 18, sign-up stopped. */
export type LoginStep = 'email' | 'otp' | 'notice' | 'refused';

/** Tokens held back until the member agreed to the notice (nothing is stored before that). */
type PendingSignIn = { access: string; refresh: string; isRegistered: boolean };

export type LoginFlow = {
  step: LoginStep;
  /** The address the code was sent to (trimmed). */
  email: string;
  /** Epoch ms from which a new code may be asked for. */
  resendAt: number;
  processing: boolean;
  error: string | null;
  pending: PendingSignIn | null;
  /** The notice to agree to and what changed since the member last agreed (read when the notice step opens). */
  consent: ConsentStatus | null;
};

const START: LoginFlow = { step: 'email', email: '', resendAt: 0, processing: false, error: null, pending: null, consent: null };
/** Where the member goes once signed in (set by the call that started the sign-in). */
let afterSignIn: () => void = () => window.location.assign('/home');

export const $loginFlow = map<LoginFlow>({ ...START });

export const emailProblem = (value: string): string | null =>
  isValidEmail(value) ? null : $lang.get() === 'en' ? INVALID_EMAIL_MESSAGE : say('login.invalidEmail');

export const otpProblem = (value: string): string | null => (value.trim() === '' ? say('login.otpRequired') : null);

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
      $loginFlow.set({ ...START, step: 'otp', email, resendAt: Date.now() + RESEND_SECONDS * 1000, processing: true });
      sent = true;
    } catch {
      $loginFlow.setKey('error', say('login.sendFailed'));
    }
  });
  return sent;
}

export const resendOtp = () => requestOtp($loginFlow.get().email);

export const goHome = () => window.location.assign('/home');

/**
 * OTP step: verifies the code, then asks whether the member must agree to the privacy notice (the first sign-in, or
 * a changed notice): if so the notice step shows and nothing is stored yet. Otherwise, and after agreeing, the sign-in
 * finishes: when the server says the account is new (is_registered, spec section 4) the profile is created first.
 * Tokens are stored only once every call succeeded, so a failure leaves no half sign-in behind; any failure shows
 * the one verify message of spec section 8.
 */
export async function verifyOtp(rawOtp: string, onSignedIn: () => void = goHome): Promise<boolean> {
  const problem = otpProblem(rawOtp);
  if (problem) {
    $loginFlow.setKey('error', problem);
    return false;
  }
  afterSignIn = onSignedIn;
  let signedIn = false;
  await busy(async () => {
    try {
      const tokens = await api<VerifyOtpResponse>('/api/auth/verify-otp/', {
        method: 'POST',
        body: { email: $loginFlow.get().email, otp: cleanOtp(rawOtp) },
      });
      const pending = { access: tokens.access, refresh: tokens.refresh, isRegistered: tokens.is_registered };
      const consent = await api<ConsentStatus>('/api/users/me/consent/', { headers: { Authorization: `Bearer ${tokens.access}` } });
      if (consent.required) {
        $loginFlow.set({ ...$loginFlow.get(), step: 'notice', pending, consent, error: null });
        return;
      }
      await finishSignIn(pending);
      signedIn = true;
    } catch {
      $loginFlow.setKey('error', say('login.verifyFailed'));
    }
  });
  if (signedIn) done();
  return signedIn;
}

async function finishSignIn(pending: PendingSignIn): Promise<void> {
  const profile = pending.isRegistered
    ? await api<ProfileResponse>('/api/users/me/profile/', { method: 'POST', headers: { Authorization: `Bearer ${pending.access}` } })
    : null;
  storeTokens(pending);
  if (profile) setUserFromProfile(profile);
}

function done() {
  closeLogin();
  resetLoginFlow();
  afterSignIn();
}

/**
 * Shows the notice to a member already signed in whose call was refused with `consent_required` (the notice changed
 * while they were away); agreeing reloads the page they were on.
 */
export function showNotice(): void {
  const access = getAccessToken();
  if (!access || $loginFlow.get().step === 'notice') return;
  afterSignIn = () => window.location.reload();
  $loginFlow.set({ ...START, step: 'notice', pending: { access, refresh: getRefreshToken() ?? '', isRegistered: false } });
  openLogin();
  // What changed since the member agreed: the notice step lists it once the status arrives.
  void currentConsent(access).then((consent) => {
    if ($loginFlow.get().step === 'notice') $loginFlow.setKey('consent', consent);
  });
}

/** The consent status for a token (null when it cannot be read now: agreeing reads it again). */
async function currentConsent(access: string): Promise<ConsentStatus | null> {
  try {
    return await api<ConsentStatus>('/api/users/me/consent/', { headers: { Authorization: `Bearer ${access}` } });
  } catch {
    return null;
  }
}

/** The notice version to agree to: the one the member was shown, else the server's current one. */
async function noticeVersion(pending: PendingSignIn): Promise<number> {
  const shown = $loginFlow.get().consent ?? (await currentConsent(pending.access));
  if (!shown) throw new Error('consent status unavailable');
  return shown.version;
}

/** "I am 18 or older and I agree": records the consent to this notice version, then finishes the sign-in. */
export async function agreeToNotice(): Promise<boolean> {
  const { pending } = $loginFlow.get();
  if (!pending) return false;
  let agreed = false;
  await busy(async () => {
    try {
      await api<ConsentStatus>('/api/users/me/consent/', {
        method: 'POST',
        body: { version: await noticeVersion(pending), adult: true },
        headers: { Authorization: `Bearer ${pending.access}` },
      });
      await finishSignIn(pending);
      agreed = true;
    } catch {
      $loginFlow.setKey('error', say('login.consentFailed'));
    }
  });
  if (agreed) done();
  return agreed;
}

/** "I am under 18": the server erases the account the sign-in created; sign-up stops with its message. */
export async function declineAsMinor(): Promise<void> {
  const { pending } = $loginFlow.get();
  if (!pending) return;
  await busy(async () => {
    try {
      await api('/api/users/me/consent/', {
        method: 'POST',
        body: { version: await noticeVersion(pending), adult: false },
        headers: { Authorization: `Bearer ${pending.access}` },
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 403) {
        $loginFlow.setKey('error', say('login.consentFailed'));
        return;
      }
    }
    clearTokens();
    $loginFlow.set({ ...START, step: 'refused', error: say('notice.under18') });
  });
}

/** Back from the OTP step to change the address. */
export const changeEmail = () => $loginFlow.set({ ...$loginFlow.get(), step: 'email', error: null, pending: null });

export const clearLoginError = () => $loginFlow.setKey('error', null);

export const resetLoginFlow = () => $loginFlow.set({ ...START });
