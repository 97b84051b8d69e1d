import { expect, type Page } from '@playwright/test';
import { readPolicyNotice } from '../../src/content/page-files.ts';

/** The privacy notice's version now, derived from the privacy page. */
const NOTICE_VERSION = readPolicyNotice().version;

const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 4412);

/** Reads the OTP that the server mailed to `email` from the test SMTP server. */
export async function otpFor(email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${MAIL_PORT}/__mail/otp?to=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`no OTP mail for ${email}`);
  return ((await res.json()) as { code: string }).code;
}

export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Signs in through the API (fast path for tests that are not about the login modal) and sets both cookies. */
export async function signInByApi(page: Page, email = uniqueEmail()): Promise<{ email: string; access: string; refresh: string }> {
  const baseURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4411)}`;
  const send = await page.request.post(`${baseURL}/api/auth/send-otp/`, { data: { email } });
  expect(send.ok()).toBeTruthy();
  const otp = await otpFor(email);
  const verify = await page.request.post(`${baseURL}/api/auth/verify-otp/`, { data: { email, otp } });
  expect(verify.ok()).toBeTruthy();
  const tokens = (await verify.json()) as { access: string; refresh: string; is_registered: boolean };
  const auth = { Authorization: `Bearer ${tokens.access}` };
  // The member agrees to the privacy notice, as the sign-in modal asks (tests/e2e/data-rights.spec.ts shows the notice).
  const consent = await page.request.post(`${baseURL}/api/users/me/consent/`, {
    headers: auth,
    data: { version: NOTICE_VERSION, adult: true },
  });
  expect(consent.ok()).toBeTruthy();
  if (tokens.is_registered) await page.request.post(`${baseURL}/api/users/me/profile/`, { headers: auth });
  await page.context().addCookies([
    { name: 'access_token', value: tokens.access, url: baseURL },
    { name: 'refresh_token', value: tokens.refresh, url: baseURL },
  ]);
  return { email, ...tokens };
}

/** Runs an `npm run admin` command (`grant moderator <handle>`) on the test server, through its admin socket. */
export async function adminCommand(...args: string[]): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${MAIL_PORT}/__admin`, { method: 'POST', body: JSON.stringify({ args }) });
  const answer = (await res.json()) as { ok: boolean; output?: string; error?: string };
  if (!answer.ok) throw new Error(answer.error);
  return answer.output!;
}

/**
 * Moves the test server's clock forward (the time its rules read) and runs the scheduled posts' job at once, as its
 * next minute would; the journeys' browsers keep their own time.
 */
export async function moveServerClock(ms: number): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${MAIL_PORT}/__clock`, { method: 'POST', body: JSON.stringify({ advance_ms: ms }) });
  if (!res.ok) throw new Error(`the server's clock did not move: ${res.status}`);
}
