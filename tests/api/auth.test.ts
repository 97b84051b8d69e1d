import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { executeRows } from '../../src/server/db/client.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { appVariant } from '../helpers/app-variant.ts';
import { latestOtp, outbox, signIn, uniqueEmail } from '../helpers/sign-in.ts';

/** The architecture's limits, with the ones a test needs to shorten. */
const otpRules = (changes: Partial<Config['otp']> = {}): Config['otp'] => ({
  ttlSeconds: 300,
  maxAttempts: 5,
  resendSeconds: 60,
  perAddressPerHour: 5,
  perIpPerWindow: 50,
  ipWindowMs: 15 * 60_000,
  ...changes,
});

let ipCounter = 0;
/** Each test speaks from its own address, so per-IP counters never leak between tests. */
/**
 * A new address on the current test's own network (an IPv4 /24 named after the test): the per-network limits count
 * one test's requests together and never another test's.
 */
const freshIp = () => {
  const name = `${process.pid}:${expect.getState().currentTestName}`;
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${hash % 250}.${(hash >>> 8) % 250}.${++ipCounter % 250}`;
};

// The main app: real limits, except that a new code may be asked for at once.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ otp: otpRules({ resendSeconds: 0 }) });
});
afterAll(() => t?.close());

const sendOtp = (app: TestApp, email: unknown, remoteAddress = freshIp()) =>
  app.app.inject({ method: 'POST', url: '/api/auth/send-otp/', payload: email === undefined ? {} : { email }, remoteAddress });
const verifyOtp = (app: TestApp, payload: Record<string, unknown>, remoteAddress = freshIp()) =>
  app.app.inject({ method: 'POST', url: '/api/auth/verify-otp/', payload, remoteAddress });
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

describe('configuration', () => {
  it('defaults to the limits of the architecture', () => {
    const config = loadConfig({}, { dataDir: t.config.dataDir, jwtSecret: 'x', identitySecret: 'y' });
    expect(config.otp).toEqual(otpRules());
  });
});

describe('POST /api/auth/send-otp/', () => {
  it('requires an e-mail address', async () => {
    const res = await sendOtp(t, undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['This field is required.'] });
  });

  it.each(['foo', 'a@b', 'no spaces@x', '@example.com', 'user@example'])('refuses %j by the spec rule', async (email) => {
    const res = await sendOtp(t, email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('refuses a blank address and a wrong type with their own messages', async () => {
    expect((await sendOtp(t, '  ')).json()).toEqual({ email: ['This field may not be blank.'] });
    expect((await sendOtp(t, ['a@b.c'])).json()).toEqual({ email: ['Not a valid string.'] });
    const long = await sendOtp(t, `${'x'.repeat(250)}@a.in`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ email: ['Ensure this field has no more than 254 characters.'] });
  });

  it('mails a 6-digit code that is the only 6-digit number in the text', async () => {
    const email = uniqueEmail('mail');
    const res = await sendOtp(t, email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ detail: 'OTP sent.' });
    const mail = outbox(t).find((m) => m.to === email)!;
    expect(mail.subject).toBe('Your Bharat Square sign-in code');
    expect(mail.text.match(/\d{6,}/g)).toEqual([latestOtp(t, email)]);
    expect(mail.text).toMatch(/expires in 5 minutes/);
  });

  it('answers DRF errors for malformed JSON and for text/plain', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toMatch(/^JSON parse error - /);
    // The error names what is wrong without quoting what was typed (an address, here).
    const quoted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": typed.person@example.com}',
    });
    expect(quoted.statusCode).toBe(400);
    expect(quoted.json().detail).toMatch(/^JSON parse error - Unexpected token '\w' in JSON$/);
    expect(quoted.body).not.toMatch(/typed|person/);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp/',
      headers: { 'content-type': 'text/plain' },
      payload: 'a@b.c',
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toMatchObject({ detail: 'Unsupported media type "text/plain" in request.' });
    const get = await t.app.inject({ method: 'GET', url: '/api/auth/send-otp/' });
    expect(get.statusCode).toBe(405);
    expect(get.json()).toMatchObject({ detail: 'Method "GET" not allowed.' });
  });

  it('reads a form-encoded body like JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(uniqueEmail('form'))}`,
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
  });

  it('sends at most 5 codes to one address per hour, then 429 with Retry-After', async () => {
    const email = uniqueEmail('hourly');
    for (let i = 0; i < 5; i++) expect((await sendOtp(t, email)).statusCode).toBe(200);
    const res = await sendOtp(t, email);
    expect(res.statusCode).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(res.json()).toMatchObject({ detail: `Too many codes were sent to this address. Expected available in ${wait} seconds.` });
    // Letter case and spaces do not make it another address.
    expect((await sendOtp(t, `  ${email.toUpperCase()} `)).statusCode).toBe(429);
  });

  it('allows a generous 50 code requests per IP in 15 minutes (carrier-grade NAT), then 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < 50; i++) expect((await sendOtp(t, uniqueEmail('nat'), ip)).statusCode).toBe(200);
    const res = await sendOtp(t, uniqueEmail('nat'), ip);
    expect(res.statusCode).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(800);
    expect(wait).toBeLessThanOrEqual(900);
    expect(res.json().detail).toBe(`Too many sign-in code requests from this network. Expected available in ${wait} seconds.`);
    // Another address on the same /24 is the same network; one on another network is not affected.
    expect((await sendOtp(t, uniqueEmail('nat'), ip.replace(/\.\d+$/, '.251'))).statusCode).toBe(429);
    expect((await sendOtp(t, uniqueEmail('nat'), '203.0.113.9')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/verify-otp/', () => {
  it('names each missing field', async () => {
    const res = await verifyOtp(t, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['This field is required.'], otp: ['This field is required.'] });
    expect((await verifyOtp(t, { email: uniqueEmail(), otp: '' })).json()).toEqual({ otp: ['This field may not be blank.'] });
  });

  it('signs a new person in, creating the account (is_registered true), then the same account again (false)', async () => {
    const email = uniqueEmail('new');
    const first = await signIn(t, email);
    expect(first.is_registered).toBe(true);
    expect(Object.keys(first).sort()).toEqual(['access', 'auth', 'email', 'is_registered', 'refresh']);
    const again = await signIn(t, ` ${email.toUpperCase()}`);
    expect(again.is_registered).toBe(false);
    expect(claimsOf(again.access).user_id).toBe(claimsOf(first.access).user_id);
    expect(claimsOf(first.access).token_type).toBe('access');
    expect(claimsOf(first.refresh).token_type).toBe('refresh');
    const verify = await t.app.inject({ method: 'POST', url: '/api/token/verify/', payload: { token: again.access } });
    expect(verify.statusCode).toBe(200);
  });

  it('accepts a code once only', async () => {
    const email = uniqueEmail('once');
    await sendOtp(t, email);
    const otp = latestOtp(t, email);
    expect((await verifyOtp(t, { email, otp })).statusCode).toBe(200);
    const second = await verifyOtp(t, { email, otp });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ detail: 'Invalid or expired OTP.' });
  });

  it('refuses a code for another address, a code never sent and a code that is not 6 digits', async () => {
    const email = uniqueEmail('other');
    await sendOtp(t, email);
    const otp = latestOtp(t, email);
    for (const payload of [
      { email: uniqueEmail('stranger'), otp },
      { email: uniqueEmail('never'), otp: '123456' },
      { email, otp: otp.slice(0, 5) },
      { email, otp: `${otp}0` },
    ]) {
      const res = await verifyOtp(t, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: 'Invalid or expired OTP.' });
    }
    // None of those used up the real code.
    expect((await verifyOtp(t, { email, otp })).statusCode).toBe(200);
  });

  it('accepts the code typed as a number', async () => {
    const email = uniqueEmail('number');
    await sendOtp(t, email);
    expect((await verifyOtp(t, { email, otp: Number(latestOtp(t, email)) })).statusCode).toBe(200);
  });

  it('kills the code after 5 wrong tries; further tries are told to ask again (429)', async () => {
    const email = uniqueEmail('guess');
    await sendOtp(t, email);
    const otp = latestOtp(t, email);
    const wrong = otp === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) {
      const res = await verifyOtp(t, { email, otp: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: 'Invalid or expired OTP.' });
    }
    const locked = await verifyOtp(t, { email, otp });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('1');
    expect(locked.json().detail).toMatch(/^Too many wrong codes\. Ask for a new code\. Expected available in 1 second\.$/);
    // A new code works.
    await sendOtp(t, email);
    expect((await verifyOtp(t, { email, otp: latestOtp(t, email) })).statusCode).toBe(200);
  });

  it('lets the right code through on the fifth try', async () => {
    const email = uniqueEmail('fifth');
    await sendOtp(t, email);
    const otp = latestOtp(t, email);
    const wrong = otp === '999999' ? '999998' : '999999';
    for (let i = 0; i < 4; i++) expect((await verifyOtp(t, { email, otp: wrong })).statusCode).toBe(400);
    expect((await verifyOtp(t, { email, otp })).statusCode).toBe(200);
  });

  it('replaces the previous code when a new one is sent', async () => {
    const email = uniqueEmail('replace');
    await sendOtp(t, email);
    const old = latestOtp(t, email);
    await sendOtp(t, email);
    const fresh = latestOtp(t, email);
    expect(fresh).not.toBe(old);
    expect((await verifyOtp(t, { email, otp: old })).statusCode).toBe(400);
    expect((await verifyOtp(t, { email, otp: fresh })).statusCode).toBe(200);
  });

  it('marks an academic address by its domain class only', async () => {
    const academic = await signIn(t, uniqueEmail('scholar', 'iitb.ac.in'));
    const profile = await t.app.inject({ method: 'POST', url: '/api/users/me/profile/', headers: academic.auth });
    expect(profile.json().identity).toContainEqual({ kind: 'academic', label: 'Verified academic' });
  });
});

describe('nobody can lock another person out of sign-in', () => {
  const owner = '198.51.100.7';
  const stranger = '203.0.113.9';
  const wrongFor = (otp: string) => (otp === '999999' ? '999998' : '999999');

  it("codes asked for another person's address from one network use up that network's allowance, not the owner's", async () => {
    const email = uniqueEmail('victim');
    for (let i = 0; i < 5; i++) expect((await sendOtp(t, email, stranger)).statusCode).toBe(200);
    expect((await sendOtp(t, email, stranger)).statusCode).toBe(429);
    // The next address of the stranger's own block is the same network.
    expect((await sendOtp(t, email, '203.0.113.10')).statusCode).toBe(429);
    expect((await sendOtp(t, email, owner)).statusCode).toBe(200);
    expect((await verifyOtp(t, { email, otp: latestOtp(t, email) }, owner)).statusCode).toBe(200);
  });

  it("wrong guesses from another network never kill the owner's code, and are capped at 5 for the address", async () => {
    const email = uniqueEmail('guessed');
    await sendOtp(t, email, owner);
    const otp = latestOtp(t, email);
    for (let i = 0; i < 5; i++) {
      const res = await verifyOtp(t, { email, otp: wrongFor(otp) }, `100.64.${i}.1`);
      expect(res.statusCode).toBe(400);
    }
    // From other networks the address takes no more tries now, even the right code...
    const capped = await verifyOtp(t, { email, otp }, stranger);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().detail).toMatch(/^Too many wrong codes for this address from other networks\./);
    // ...but the owner's code is alive where it was asked for.
    expect((await verifyOtp(t, { email, otp }, owner)).statusCode).toBe(200);
  });

  it('the right code works from another network (a phone moving from Wi-Fi to mobile data)', async () => {
    const email = uniqueEmail('moved');
    await sendOtp(t, email, owner);
    expect((await verifyOtp(t, { email, otp: latestOtp(t, email) }, stranger)).statusCode).toBe(200);
  });

  it('a code still dies after 5 wrong tries from its own network', async () => {
    const email = uniqueEmail('own');
    await sendOtp(t, email, owner);
    const otp = latestOtp(t, email);
    for (let i = 0; i < 5; i++) expect((await verifyOtp(t, { email, otp: wrongFor(otp) }, owner)).statusCode).toBe(400);
    expect((await verifyOtp(t, { email, otp }, owner)).statusCode).toBe(429);
  });

  it("a code asked for from another network does not replace the owner's", async () => {
    const email = uniqueEmail('replaced');
    await sendOtp(t, email, owner);
    const mine = latestOtp(t, email);
    await sendOtp(t, email, stranger);
    expect((await verifyOtp(t, { email, otp: mine }, owner)).statusCode).toBe(200);
  });

  it('keys the requester network as the IPv4 /24 or the IPv6 /64', async () => {
    const { requesterNetwork } = await import('../../src/server/services/accounts/index.ts');
    expect(requesterNetwork('203.0.113.9')).toBe('203.0.113.0/24');
    expect(requesterNetwork('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(requesterNetwork('2001:db8:a:b:1:2:3:4')).toBe('2001:db8:a:b::/64');
    expect(requesterNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(requesterNetwork('::1')).toBe('0:0:0:0::/64');
  });
});

describe('one mailbox, one account', () => {
  const handleOf = async (access: string) =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/users/me/profile/', headers: { authorization: `Bearer ${access}` } })).json() as {
        profile: { username: string };
      }
    ).profile.username;

  it('opens one account for every spelling of one Gmail mailbox (case, dots, +tags, googlemail.com)', async () => {
    const local = `asha.rao${process.pid}`;
    const spellings = [
      `${local}@gmail.com`,
      `${local.replace('.', '')}@gmail.com`,
      `${local.toUpperCase()}@GMAIL.COM`,
      `${local}+news@gmail.com`,
      `${local.replace('.', '').split('').join('.')}@googlemail.com`,
      `  ${local}+shop@googlemail.com  `,
      `${local.replace('.', '')}+x.y@Gmail.com`,
    ];
    const handles = new Set<string>();
    for (const email of spellings) handles.add(await handleOf((await signIn(t, email)).access));
    expect(handles.size).toBe(1);
  });

  it('keeps dots and +tags apart where the provider does not ignore them', async () => {
    const a = await signIn(t, `ravi.kumar${process.pid}@example.com`);
    const b = await signIn(t, `ravikumar${process.pid}@example.com`);
    expect(await handleOf(a.access)).not.toBe(await handleOf(b.access));
  });

  it('finds an account made under the old key at its next sign-in and moves it to the new one', async () => {
    const typed = `Old.Style${process.pid}+tag@gmail.com`;
    const oldKey = createHmac('sha256', t.app.ctx.config.identitySecret).update(typed.trim().toLowerCase()).digest('hex');
    const [row] = await executeRows<{ id: number; username: string }>(
      t.app.ctx.db,
      sql`insert into users (email_hash, username, color, animal) values (${oldKey}, ${`Legacy_${process.pid}`}, '#475569', 'Owl') returning id, username`,
    );
    const signedIn = await signIn(t, typed);
    expect(await handleOf(signedIn.access)).toBe(row.username);
    const [moved] = await executeRows<{ email_hash: string }>(t.app.ctx.db, sql`select email_hash from users where id = ${row.id}`);
    expect(moved.email_hash).not.toBe(oldKey);
    // Any other spelling of the mailbox now reaches the same account.
    expect(await handleOf((await signIn(t, `oldstyle${process.pid}@googlemail.com`)).access)).toBe(row.username);
  });
});

describe('anonymity', () => {
  it('keeps no e-mail address and no plain code anywhere in the database', async () => {
    const email = uniqueEmail('Secret.Person', 'Example.ORG');
    await signIn(t, email);
    await t.app.inject({ method: 'POST', url: '/api/auth/send-otp/', payload: { email }, remoteAddress: freshIp() });
    const pendingCode = latestOtp(t, email);
    const tables = await executeRows<{ table_name: string }>(
      t.app.ctx.db,
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    const names = tables.map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(['users', 'otp_codes', 'otp_sends']));
    let dump = '';
    for (const name of names) {
      const rows = await executeRows<{ row: string }>(t.app.ctx.db, sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`);
      dump += rows.map((r) => r.row).join('\n');
    }
    expect(dump.length).toBeGreaterThan(100);
    const lower = dump.toLowerCase();
    expect(lower).not.toContain(email.toLowerCase());
    expect(lower).not.toContain(email.split('@')[0].toLowerCase());
    expect(dump).not.toContain(pendingCode);
  });
});

describe('limits with the default resend wait, a short code life and a small per-IP window', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await appVariant(t, { otp: otpRules({ ttlSeconds: 1, perIpPerWindow: 3, ipWindowMs: 60_000 }) });
  });
  afterAll(() => limited?.close());

  it('refuses a new code within 60 s with 429, Retry-After and when to try again', async () => {
    const email = uniqueEmail('resend');
    expect((await sendOtp(limited, email)).statusCode).toBe(200);
    const res = await sendOtp(limited, email);
    expect(res.statusCode).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(59);
    expect(wait).toBeLessThanOrEqual(60);
    expect(res.json()).toMatchObject({ detail: `Please wait before asking for a new code. Expected available in ${wait} seconds.` });
    expect(outbox(limited).filter((m) => m.to === email)).toHaveLength(1);
  });

  it('lets a code expire after its lifetime', async () => {
    const email = uniqueEmail('expire');
    await sendOtp(limited, email);
    const otp = latestOtp(limited, email);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await verifyOtp(limited, { email, otp });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'Invalid or expired OTP.' });
  });

  it('counts code requests per IP within the configured window', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await sendOtp(limited, uniqueEmail('ip'), ip)).statusCode).toBe(200);
    const res = await sendOtp(limited, uniqueEmail('ip'), ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});

describe('the per-network limit on sign-in codes', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await appVariant(t, { otp: otpRules({ perIpPerWindow: 3, ipWindowMs: 60_000 }) });
  });
  afterAll(() => limited?.close());

  it('counts addresses rotated inside one IPv6 /64 as one network', async () => {
    const block = `2001:db8:${(process.pid % 65000).toString(16)}:77`;
    const answers = [];
    for (let i = 1; i <= 5; i++)
      answers.push((await sendOtp(limited, uniqueEmail('v6'), `${block}::${i.toString(16)}:${(i * 7919).toString(16)}`)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    // The next /64 is another network.
    expect((await sendOtp(limited, uniqueEmail('v6'), `2001:db8:${(process.pid % 65000).toString(16)}:78::1`)).statusCode).toBe(200);
  });

  it('counts addresses rotated inside one IPv4 /24 as one network', async () => {
    const block = `192.0.${process.pid % 250}`;
    const answers = [];
    for (let i = 1; i <= 5; i++) answers.push((await sendOtp(limited, uniqueEmail('v4'), `${block}.${i * 40}`)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    const res = await sendOtp(limited, uniqueEmail('v4'), `${block}.250`);
    expect(res.json().detail).toMatch(/^Too many sign-in code requests from this network\./);
  });
});

describe('per-IP limit shared through Redis by two instances on one database', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const rules = otpRules({ perIpPerWindow: 3, ipWindowMs: 30_000 });
    [one, two] = await Promise.all([appVariant(t, { otp: rules, redisUrl }), appVariant(t, { otp: rules, redisUrl })]);
  });
  afterAll(() => Promise.all([one?.close(), two?.close()]));

  it('refuses the fourth request from one IP whichever instance gets it', async () => {
    const ip = `172.16.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    expect((await sendOtp(one, uniqueEmail('r'), ip)).statusCode).toBe(200);
    expect((await sendOtp(two, uniqueEmail('r'), ip)).statusCode).toBe(200);
    expect((await sendOtp(one, uniqueEmail('r'), ip)).statusCode).toBe(200);
    const res = await sendOtp(two, uniqueEmail('r'), ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(30);
  });
});

describe('logs', () => {
  /** An instance whose log lines are kept, as an operator would read them. */
  async function loggedVariant(overrides: Partial<Config>) {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const app = await appVariant(t, overrides, { level: 'debug', stream });
    return { app, lines };
  }

  it('print the code (never the address) only for the dev outbox, also as one plain line that stands out', async () => {
    const { app, lines } = await loggedVariant({ smtpUrl: undefined, logLevel: 'info' });
    const email = uniqueEmail('Logged.Person');
    const printed: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (printed.push(String(chunk)), true));
    await sendOtp(app, email);
    write.mockRestore();
    expect(printed.join('')).toMatch(new RegExp(`^\\nSign-in code: ${latestOtp(app, email)} \\(asked at \\d\\d:\\d\\d:\\d\\d\\)\\n\\n$`));
    expect(printed.join('').toLowerCase()).not.toContain('logged.person');
    const otp = latestOtp(app, email);
    expect((await verifyOtp(app, { email, otp })).statusCode).toBe(200);
    await app.close();
    const log = lines.join('\n');
    expect(log).toContain(`Sign-in code ${otp}`);
    expect(log.toLowerCase()).not.toContain('logged.person');
    expect(lines.filter((line) => line.includes(otp))).toHaveLength(1);
  });
});

describe('concurrency', () => {
  it('lets exactly one of two simultaneous verifications of a code through', async () => {
    const email = uniqueEmail('race');
    await sendOtp(t, email);
    const otp = latestOtp(t, email);
    const results = await Promise.all([verifyOtp(t, { email, otp }), verifyOtp(t, { email, otp }), verifyOtp(t, { email, otp })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('gives one code when two are asked for at once', async () => {
    const rate = await appVariant(t, { otp: otpRules() });
    const email = uniqueEmail('twice');
    const results = await Promise.all([sendOtp(rate, email), sendOtp(rate, email)]);
    await rate.close();
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429]);
  });
});
