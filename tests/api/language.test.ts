import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { outbox, uniqueEmail } from '../helpers/sign-in.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

let ip = 0;
const sendOtp = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/send-otp/', payload: payload as object, headers, remoteAddress: `198.51.100.${++ip}` });

/** The text body of an .eml file, decoded from quoted-printable or base64 as UTF-8. */
function mailText(file: string): string {
  const raw = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const split = raw.indexOf('\n\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 2);
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

describe('API errors in the client language', () => {
  it('answers in English by default', async () => {
    const res = await sendOtp({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['This field is required.'] });
  });

  it('words field errors in Hindi for Accept-Language: hi', async () => {
    const res = await sendOtp({ email: 'foo' }, { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['सही ई-मेल पता डालें।'] });
  });

  it('follows the lang cookie over the browser header', async () => {
    const res = await sendOtp({}, { cookie: 'lang=hi', 'accept-language': 'en-US' });
    expect(res.json()).toEqual({ email: ['यह जानकारी ज़रूरी है।'] });
    const english = await sendOtp({}, { cookie: 'lang=en', 'accept-language': 'hi' });
    expect(english.json()).toEqual({ email: ['This field is required.'] });
  });

  it('keeps error codes and words a detail with a wait in it', async () => {
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/users/me/consent/', headers: { 'accept-language': 'hi' } });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json().detail).toBe('लॉग इन की जानकारी नहीं मिली।');

    const email = uniqueEmail('hindi');
    const remoteAddress = '203.0.113.77';
    await t.app.inject({ method: 'POST', url: '/api/auth/send-otp/', payload: { email }, remoteAddress });
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp/', payload: { email }, remoteAddress, headers: { 'accept-language': 'hi' } });
    expect(again.statusCode).toBe(429);
    const wait = Number(again.headers['retry-after']);
    expect(again.json()).toEqual({ detail: `नया कोड माँगने से पहले थोड़ा रुकें। ${wait} सेकंड बाद फिर कोशिश करें।` });
  });

  it('leaves a message the catalogs do not know in English', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/', headers: { 'accept-language': 'hi' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'नहीं मिला।' });
  });
});

describe('the sign-in mail', () => {
  it('is written in the language the code was asked for in, with the code its only 6-digit number', async () => {
    const email = uniqueEmail('hindi-mail');
    const res = await sendOtp({ email }, { cookie: 'lang=hi' });
    expect(res.statusCode).toBe(200);
    const mail = outbox(t).find((m) => m.to.toLowerCase() === email.toLowerCase());
    expect(mail).toBeDefined();
    const text = mailText(mail!.file);
    expect(text).toContain('आपका भारत स्क्वेयर साइन-इन कोड है:');
    expect(text).toContain('5 मिनट में बेकार हो जाएगा');
    expect(text.match(/\d{6,}/g)?.length).toBe(1);
  });
});
