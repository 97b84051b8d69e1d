import { existsSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, otpSends } from '../../src/server/db/schema/index.ts';
import { emailHash } from '../../src/server/services/accounts/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { appVariant } from '../helpers/app-variant.ts';
import { uniqueEmail } from '../helpers/sign-in.ts';
import { startSmtpCatcher } from '../helpers/smtp-catcher.ts';

let catcher: Awaited<ReturnType<typeof startSmtpCatcher>>;
let t: TestApp;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await buildTestApp({ smtpUrl: catcher.url, supportEmail: 'support@bharatsquare.test' });
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const post = (app: TestApp, url: string, payload: Record<string, unknown>) => app.app.inject({ method: 'POST', url, payload });

describe('mail through a real SMTP server', () => {
  it('delivers the sign-in code, which then signs the person in', async () => {
    const email = uniqueEmail('smtp');
    const before = catcher.mails.length;
    expect((await post(t, '/api/auth/send-otp/', { email })).statusCode).toBe(200);
    const otp = await catcher.waitForOtp(email, { after: before });
    const mail = catcher.mails.slice(before).find((m) => m.to.includes(email))!;
    expect(mail.raw).toMatch(/^Subject: Your Bharat Square sign-in code$/m);
    expect(mail.text.match(/\d{6,}/g)).toEqual([otp]);
    const verified = await post(t, '/api/auth/verify-otp/', { email, otp });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ is_registered: true, access: expect.any(String), refresh: expect.any(String) });
    // With SMTP configured nothing is written to the dev outbox.
    expect(existsSync(path.join(t.config.dataDir, 'outbox'))).toBe(false);
  });

  it('delivers a contact message to the support address', async () => {
    const before = catcher.mails.length;
    const res = await post(t, '/api/contact/', { email: 'meera@example.in', message: 'Hello from the contact form' });
    expect(res.statusCode).toBe(201);
    const mail = catcher.mails.slice(before).find((m) => m.to.includes('support@bharatsquare.test'))!;
    expect(mail.text).toContain('Hello from the contact form');
    expect(mail.raw).toMatch(/^Reply-To: meera@example\.in$/m);
  });
});

describe('when the mail server cannot be reached', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await appVariant(t, { smtpUrl: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => down?.close());

  it('answers 503 for send-otp and keeps nothing that would block a new try', async () => {
    const email = uniqueEmail('down');
    const res = await post(down, '/api/auth/send-otp/', { email });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ detail: 'The sign-in code could not be sent. Please try again.' });
    const hash = emailHash(t.config.identitySecret, email);
    expect(await t.app.ctx.db.select().from(otpCodes).where(eq(otpCodes.emailHash, hash))).toEqual([]);
    expect(await t.app.ctx.db.select().from(otpSends).where(eq(otpSends.emailHash, hash))).toEqual([]);
    // Once mail works again the person may ask at once (no 60 s wait for a code that never came).
    const before = catcher.mails.length;
    expect((await post(t, '/api/auth/send-otp/', { email })).statusCode).toBe(200);
    await catcher.waitForOtp(email, { after: before });
  });
});

describe('when the mail server accepts the connection and never answers', () => {
  let silent: TestApp;
  let server: ReturnType<typeof createServer>;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    silent = await appVariant(t, { smtpUrl: `smtp://127.0.0.1:${port}`, smtpTimeoutSeconds: 1 });
  });
  afterAll(async () => {
    await silent?.close();
    sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => server.close(resolve));
  });

  it('holds no database turn while it waits: a sign-in code, a contact message and a grievance leave the feed served', async () => {
    const narrow = await appVariant(t, {
      smtpUrl: silent.config.smtpUrl,
      smtpTimeoutSeconds: 3,
      supportEmail: 'support@bharatsquare.test',
      admission: { concurrency: 1, maxWaitMs: 1000, maxQueue: 10 },
    });
    try {
      const waiting = [
        post(narrow, '/api/auth/send-otp/', { email: uniqueEmail('waits') }),
        post(narrow, '/api/contact/', { email: 'meera@example.in', message: 'Hello while the mail server is silent' }),
        narrow.app.inject({
          method: 'POST',
          url: '/api/grievances/',
          remoteAddress: '203.0.113.77',
          payload: {
            category: 'fraud',
            content_link: 'https://bharatsquare.example/home/comments/12',
            description: 'Someone asked me for money using my name.',
            email: 'meera@example.in',
          },
        }),
      ];
      await new Promise((resolve) => setTimeout(resolve, 400));
      const started = Date.now();
      const feed = await narrow.app.inject({ method: 'GET', url: '/api/posts/public/feed/' });
      expect(feed.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
      await Promise.all(waiting);
    } finally {
      await narrow.close();
    }
  }, 30_000);

  it('gives up after SMTP_TIMEOUT_SECONDS and answers 503 with Retry-After, keeping nothing that would block a new try', async () => {
    const email = uniqueEmail('silent');
    const started = Date.now();
    const res = await post(silent, '/api/auth/send-otp/', { email });
    const took = Date.now() - started;
    expect(sockets.length).toBeGreaterThan(0);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.json()).toMatchObject({ detail: 'The sign-in code could not be sent. Please try again.' });
    expect(took).toBeLessThan(5_000);
    const hash = emailHash(t.config.identitySecret, email);
    expect(await t.app.ctx.db.select().from(otpCodes).where(eq(otpCodes.emailHash, hash))).toEqual([]);
  }, 20_000);
});
