import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { appVariant } from '../helpers/app-variant.ts';
import { outbox } from '../helpers/sign-in.ts';
import { openAddress } from '../../src/server/services/grievances/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ supportEmail: 'help@bharatsquare.test' });
});
afterAll(() => t?.close());

let ipSeq = 0;
const contact = (app: TestApp, payload: unknown, remoteAddress = `198.51.100.${++ipSeq}`) =>
  app.app.inject({ method: 'POST', url: '/api/contact/', payload: payload as Record<string, unknown>, remoteAddress });
const lastStored = async (app: TestApp) =>
  (await app.app.ctx.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1))[0];

describe('POST /api/contact/', () => {
  it('needs both fields, not blank', async () => {
    const none = await contact(t, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ email: ['This field is required.'], message: ['This field is required.'] });
    const blank = await contact(t, { email: ' ', message: '   ' });
    expect(blank.json()).toEqual({ email: ['This field may not be blank.'], message: ['This field may not be blank.'] });
  });

  it('keeps a message whose address has no usual shape (the form checks none), and checks the lengths', async () => {
    const odd = await contact(t, { email: 'asha at example', message: 'Please reply by phone' });
    expect(odd.statusCode).toBe(201);
    expect((await lastStored(t)).message).toBe('Please reply by phone');
    expect((await contact(t, { email: `${'a'.repeat(250)}@x.in`, message: 'Hi' })).json()).toEqual({
      email: ['Ensure this field has no more than 254 characters.'],
    });
    const long = await contact(t, { email: 'a@b.in', message: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: ['Ensure this field has no more than 5000 characters.'] });
    expect((await contact(t, { email: 'a@b.in', message: 'x'.repeat(5000) })).statusCode).toBe(201);
  });

  it('stores the message, mails it to support with Reply-To the sender, and marks it mailed', async () => {
    const message = 'The feed does not load on my phone.\nCan you help?';
    const res = await contact(t, { email: 'Asha@Example.in', message });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ detail: 'Message received.' });
    const stored = await lastStored(t);
    expect(stored).toMatchObject({ message, mailed: true });
    // The database keeps the reply address sealed, never as an address; support can open it with the server secret.
    expect(stored.email).not.toContain('@');
    expect(stored.email.toLowerCase()).not.toContain('asha');
    expect(openAddress(t.config.identitySecret, stored.email)).toBe('Asha@Example.in');
    expect(() => openAddress('another secret', stored.email)).toThrow();
    const mail = outbox(t).find((m) => m.subject === `Contact form message #${stored.id}`)!;
    expect(mail.to).toBe('help@bharatsquare.test');
    expect(mail.headers).toMatch(/^Reply-To: Asha@Example\.in$/im);
    expect(mail.text).toContain(message);
    expect(mail.text).toContain('From: Asha@Example.in');
  });

  it('answers 415 for text/plain and 400 for malformed JSON', async () => {
    const plain = await t.app.inject({ method: 'POST', url: '/api/contact/', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(plain.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/contact/',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toMatch(/^JSON parse error - /);
  });

  it('limits messages per IP (20 per 15 minutes by default) with 429 and Retry-After', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 20; i++) expect((await contact(t, { email: 'a@b.in', message: `Note ${i}` }, ip)).statusCode).toBe(201);
    const res = await contact(t, { email: 'a@b.in', message: 'One more' }, ip);
    expect(res.statusCode).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(800);
    expect(wait).toBeLessThanOrEqual(900);
    expect(res.json()).toMatchObject({ detail: `Too many messages from this network. Expected available in ${wait} seconds.` });
    expect((await contact(t, { email: 'a@b.in', message: 'Other network' })).statusCode).toBe(201);
  });
});

describe('POST /api/contact/ when the mail server is down', () => {
  let down: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, so the connection is refused.
    down = await appVariant(t, { smtpUrl: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => down?.close());

  it('still keeps the message (mailed = false) and answers 201', async () => {
    const res = await contact(down, { email: 'ravi@example.in', message: 'Kept even if mail fails' });
    expect(res.statusCode).toBe(201);
    const stored = await lastStored(down);
    expect(stored).toMatchObject({ message: 'Kept even if mail fails', mailed: false });
    const [again] = await down.app.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, stored.id));
    expect(again.mailed).toBe(false);
  });

  it('is mailed by the retry job once the mail server answers again, with the sender as Reply-To', async () => {
    const res = await contact(down, { email: 'meena@example.in', message: 'Please read this when the mail is back' });
    expect(res.statusCode).toBe(201);
    const stored = await lastStored(down);
    expect(stored.mailed).toBe(false);
    // Still down: the retry leaves it for the next run.
    expect((await down.app.ctx.services.contact.mailUnsent()).sent).toBe(0);
    expect((await lastStored(down)).mailed).toBe(false);
    // The same database through an instance whose mail works: the job's run mails it and marks it.
    const result = await t.app.ctx.services.contact.mailUnsent();
    expect(result.sent).toBeGreaterThanOrEqual(1);
    expect(result.failed).toBe(0);
    const [after] = await t.app.ctx.db.select().from(contactMessages).where(eq(contactMessages.id, stored.id));
    expect(after.mailed).toBe(true);
    const mail = outbox(t).find((m) => m.subject === `Contact form message #${stored.id}`)!;
    expect(mail.headers).toMatch(/^Reply-To: meena@example\.in$/im);
    expect(mail.text).toContain('Please read this when the mail is back');
  });
});

describe('logs when storing a contact message fails', () => {
  it('name the failure but never the sender’s address or the query’s parameters', async () => {
    const lines: string[] = [];
    const logged = await appVariant(t, {}, { level: 'info', stream: { write: (line: string) => void lines.push(line) } });
    try {
      // The database refuses new rows (as a full disk or a broken connection would): a real server fault.
      await t.app.ctx.db.execute(sql`alter table contact_messages add constraint refuse_all check (false) not valid`);
      const res = await contact(logged, { email: 'Hidden.Sender@Example.in', message: 'Please reply to me' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ detail: 'Internal Server Error' });
      const log = lines.join('\n');
      expect(log).toContain('unhandled error');
      expect(log).toContain('refuse_all');
      expect(log.toLowerCase()).not.toContain('hidden.sender');
      expect(log).not.toContain('Please reply to me');
    } finally {
      await t.app.ctx.db.execute(sql`alter table contact_messages drop constraint refuse_all`);
      await logged.close();
    }
  });

  it('mask an address a client put in a URL', async () => {
    const lines: string[] = [];
    const logged = await appVariant(t, {}, { level: 'info', stream: { write: (line: string) => void lines.push(line) } });
    await logged.app.inject({ method: 'GET', url: '/api/posts/search/?q=Url.Person%40Example.in' });
    await logged.close();
    const log = lines.join('\n');
    expect(log).toContain('/api/posts/search/?q=[email]');
    expect(log.toLowerCase()).not.toContain('url.person');
  });
});
