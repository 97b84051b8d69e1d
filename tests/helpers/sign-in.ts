import { readPolicyNotice } from '../../src/content/page-files.ts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TestApp } from './app.ts';

/** The privacy notice's version now, derived from the privacy page. */
const NOTICE_VERSION = readPolicyNotice().version;

/** Reads one .eml file of the dev outbox: its headers and its decoded text body. */
function readEml(file: string): { headers: string; text: string } {
  const raw = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const split = raw.indexOf('\n\n');
  const headers = raw.slice(0, split);
  let text = raw.slice(split + 2);
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    text = text.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return { headers, text };
}

export type OutboxMail = { file: string; headers: string; text: string; subject: string; to: string };

/** Every mail the app wrote to its dev outbox (no SMTP_URL), oldest first. */
export function outbox(t: TestApp): OutboxMail[] {
  const dir = path.join(t.config.dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .map((name) => path.join(dir, name))
    .map((file) => ({ file, at: statSync(file, { bigint: true }).mtimeNs }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.file.localeCompare(b.file)))
    .map(({ file }) => {
      const { headers, text } = readEml(file);
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
      return { file, headers, text, subject: header('Subject'), to: header('To') };
    });
}

/** The 6-digit code of the newest sign-in mail to `email` in the outbox. */
export function latestOtp(t: TestApp, email: string): string {
  const mail = outbox(t)
    .reverse()
    .find((m) => m.to.toLowerCase() === email.trim().toLowerCase());
  const code = mail?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no sign-in code in the outbox for ${email}`);
  return code;
}

let counter = 0;
export const uniqueEmail = (prefix = 'user', domain = 'example.com') => `${prefix}.${process.pid}.${Date.now()}.${++counter}@${domain}`;

export type SignedIn = { email: string; access: string; refresh: string; is_registered: boolean; auth: { authorization: string } };

/** A client address on a different network (/24) per sign-in, so many test sign-ins never meet the per-network limit. */
let addresses = 0;
const nextAddress = () => {
  const n = addresses++;
  return `198.18.${n % 250}.${(Math.floor(n / 250) % 250) + 1}`;
};

/**
 * Signs in through the real endpoints (send-otp, the code from the outbox, verify-otp), as a person would, and agrees
 * to the privacy notice as an adult (`consent: false` leaves that to the test).
 */
export async function signIn(
  t: TestApp,
  email = uniqueEmail(),
  remoteAddress = nextAddress(),
  options: { consent?: boolean } = {},
): Promise<SignedIn> {
  const sent = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp/', payload: { email }, remoteAddress });
  if (sent.statusCode !== 200) throw new Error(`send-otp answered ${sent.statusCode}: ${sent.body}`);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-otp/',
    payload: { email, otp: latestOtp(t, email) },
    remoteAddress,
  });
  if (verified.statusCode !== 200) throw new Error(`verify-otp answered ${verified.statusCode}: ${verified.body}`);
  const tokens = verified.json() as { access: string; refresh: string; is_registered: boolean };
  const auth = { authorization: `Bearer ${tokens.access}` };
  if (options.consent !== false) {
    const agreed = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/consent/',
      headers: auth,
      payload: { version: NOTICE_VERSION, adult: true },
    });
    if (agreed.statusCode !== 200) throw new Error(`consent answered ${agreed.statusCode}: ${agreed.body}`);
  }
  return { email, ...tokens, auth };
}
