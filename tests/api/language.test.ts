import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { outbox, signIn, uniqueEmail } from '../helpers/sign-in.ts';
import { createCircle, createUser, post } from '../helpers/fixtures.ts';

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

  it('answers in any of the seven languages: Kannada for Accept-Language kn, the cookie over the header, English otherwise', async () => {
    const kannada = await sendOtp({ email: 'foo' }, { 'accept-language': 'kn-IN,kn;q=0.9,en;q=0.8' });
    expect(kannada.json()).toEqual({ email: ['ಸರಿಯಾದ ಇಮೇಲ್ ವಿಳಾಸ ನಮೂದಿಸಿ.'] });
    const bengali = await sendOtp({}, { cookie: 'lang=bn', 'accept-language': 'ta' });
    expect(bengali.json()).toEqual({ email: ['এই তথ্যটি দরকার।'] });
    const unknown = await sendOtp({}, { 'accept-language': 'fr-FR,de;q=0.9' });
    expect(unknown.json()).toEqual({ email: ['This field is required.'] });
  });

  it('keeps error codes and words a detail with a wait in it', async () => {
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/users/me/consent/', headers: { 'accept-language': 'hi' } });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json().detail).toBe('लॉग इन की जानकारी नहीं मिली।');

    const email = uniqueEmail('hindi');
    const remoteAddress = '203.0.113.77';
    await t.app.inject({ method: 'POST', url: '/api/auth/send-otp/', payload: { email }, remoteAddress });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp/',
      payload: { email },
      remoteAddress,
      headers: { 'accept-language': 'hi' },
    });
    expect(again.statusCode).toBe(429);
    const wait = Number(again.headers['retry-after']);
    expect(again.json()).toMatchObject({ detail: `नया कोड माँगने से पहले थोड़ा रुकें। ${wait} सेकंड बाद फिर कोशिश करें।` });
  });

  it('leaves a message the catalogs do not know in English', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/', headers: { 'accept-language': 'hi' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'नहीं मिला।' });
  });
});

describe("domain messages in the reader's language", () => {
  it('words moderation, comments, channels, verification and limits in Hindi, each with its stable code', async () => {
    const hindi = { 'accept-language': 'hi' };
    const owner = await createUser(t.app, 'hindiowner');
    const member = await createUser(t.app, 'hindimember');
    const circle = await createCircle(t.app, owner, 'Hindi Desk');
    const postId = await post(t.app, owner, circle, 'Namaste');
    const ask = (method: 'GET' | 'POST' | 'PATCH', url: string, who: { headers: Record<string, string> } | null, payload?: object) =>
      t.app.inject({ method, url, headers: { ...hindi, ...(who?.headers ?? {}) }, ...(payload ? { payload } : {}) });

    const circleMissing = await ask('GET', '/api/circles/members/?circle_id=999999', member);
    expect(circleMissing.json()).toEqual({ detail: 'चैनल नहीं मिला।', code: 'circles.notFound' });

    const commentMissing = await ask('PATCH', '/api/posts/comments/999999/', member, { body: 'x' });
    expect(commentMissing.json()).toEqual({ detail: 'टिप्पणी नहीं मिली।', code: 'comments.notFound' });

    const notYours = await ask('PATCH', `/api/posts/${postId}/`, member, { title: 'Mine now' });
    expect(notYours.json()).toEqual({ detail: 'आप केवल अपनी पोस्ट बदल या हटा सकते हैं।', code: 'posts.notYours' });

    const moderation = await ask('POST', '/api/moderation/actions/', owner, { post: postId, action: 'remove' });
    expect(moderation.statusCode).toBe(400);
    expect(moderation.json()).toEqual({ reason: ['कारण बताएँ: यह हटाई गई सामग्री की जगह और मॉडरेशन लॉग में दिखता है।'] });

    const personal = await ask('POST', '/api/users/me/verifications/email/send-otp/', member, { email: 'someone@gmail.com' });
    expect(personal.json()).toMatchObject({ code: 'verificationsApi.personal' });
    expect(personal.json().detail).toContain('इस पते से कुछ नया साबित नहीं होता');

    const already = await ask('POST', '/api/circles/join-by-name/', owner, { circle_name: circle.name });
    expect(already.json()).toEqual({ detail: `आप पहले से ${circle.name} के सदस्य हैं।`, code: 'circles.alreadyMember' });
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

describe('the sign-in mail in the five newer languages', () => {
  it('is written in Tamil for a code asked for in Tamil', async () => {
    const email = uniqueEmail('tamil-mail');
    const res = await sendOtp({ email }, { 'accept-language': 'ta-IN,ta;q=0.9' });
    expect(res.statusCode).toBe(200);
    const mail = outbox(t).find((m) => m.to.toLowerCase() === email.toLowerCase());
    const text = mailText(mail!.file);
    expect(text).toContain('உங்கள் பாரத் ஸ்கொயர் உள்நுழைவுக் குறியீடு');
    expect(text).toContain('5 நிமிடங்கள்');
    expect(text.match(/\d{6,}/g)?.length).toBe(1);
  });
});

/** A header's value with RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=) decoded and folded lines joined. */
function headerOf(file: string, name: string): string {
  const raw = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const headers = raw.slice(0, raw.indexOf('\n\n')).replace(/\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1] ?? '';
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeURIComponent(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
    );
}

/** Latin words left in a Hindi text, once the code, ticket, links and the tracking link are taken out. */
const englishIn = (text: string, ...allowed: string[]) =>
  allowed.reduce((rest, word) => rest.split(word).join(' '), text).match(/[A-Za-z]{2,}/g) ?? [];

const newestMailTo = (address: string) =>
  outbox(t)
    .filter((m) => m.to.toLowerCase() === address.toLowerCase())
    .at(-1)!;

describe('the other code mails', () => {
  it('words the verification code mail in the language it was asked for in', async () => {
    const member = await signIn(t);
    const address = uniqueEmail('scholar', 'iitb.ac.in');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/verifications/email/send-otp/',
      headers: { ...member.auth, cookie: 'lang=hi' },
      payload: { email: address },
    });
    expect(res.statusCode).toBe(200);
    const mail = newestMailTo(address);
    expect(headerOf(mail.file, 'Subject')).toBe('आपका भारत स्क्वेयर सत्यापन कोड');
    const text = mailText(mail.file);
    expect(text).toContain('आपका भारत स्क्वेयर सत्यापन कोड है:');
    expect(text.match(/\d{6,}/g)?.length).toBe(1);
    expect(englishIn(text)).toEqual([]);
  });

  it('words the account deletion code mail in the language it was asked for in, and in English by default', async () => {
    const member = await signIn(t);
    const hindi = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/delete/send-otp/',
      headers: { ...member.auth, 'accept-language': 'hi-IN,hi;q=0.9' },
      payload: { email: member.email },
    });
    expect(hindi.statusCode).toBe(200);
    const mail = newestMailTo(member.email);
    expect(headerOf(mail.file, 'Subject')).toBe('आपका भारत स्क्वेयर खाता मिटाने का कोड');
    const text = mailText(mail.file);
    expect(text).toContain('खाता हमेशा के लिए मिटाने');
    expect(text.match(/\d{6,}/g)?.length).toBe(1);
    expect(englishIn(text)).toEqual([]);

    const english = await signIn(t);
    await t.app.inject({ method: 'POST', url: '/api/users/me/delete/send-otp/', headers: english.auth, payload: { email: english.email } });
    expect(newestMailTo(english.email).subject).toBe('Your Bharat Square account deletion code');
  });
});

describe('grievance mails', () => {
  const complaint = (email: string) => ({
    category: 'fraud',
    content_link: 'https://bharatsquare.example/home/comments/12',
    description: 'Someone asks for money in my name.',
    email,
  });

  it('are written in the language the complaint was filed in, the status mails later too', async () => {
    const email = uniqueEmail('complainant');
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/grievances/',
      headers: { cookie: 'lang=hi' },
      payload: complaint(email),
    });
    expect(filed.statusCode).toBe(201);
    const { ticket, tracking_url } = filed.json() as { ticket: string; tracking_url: string };
    const received = newestMailTo(email);
    expect(headerOf(received.file, 'Subject')).toBe(`शिकायत ${ticket}: मिल गई`);
    const first = mailText(received.file);
    expect(first).toContain(`हमें आपकी शिकायत ${ticket} (धोखाधड़ी या स्कैम) मिल गई है।`);
    expect(first).toContain(tracking_url);
    expect(englishIn(first, tracking_url, ticket)).toEqual([]);

    // Later mails come from the staff's side, with no request of the complainant's to read a language from.
    await t.app.ctx.services.grievances.changeStatus(ticket, { status: 'acknowledged', note: '' });
    const acknowledged = newestMailTo(email);
    expect(headerOf(acknowledged.file, 'Subject')).toBe(`शिकायत ${ticket}: स्वीकार की गई`);
    expect(englishIn(mailText(acknowledged.file), ticket)).toEqual([]);
    await t.app.ctx.services.grievances.changeStatus(ticket, { status: 'resolved', note: '', actionTaken: 'content_removed' });
    const resolved = mailText(newestMailTo(email).file);
    expect(resolved).toContain('हमने यह किया: सामग्री हटाई गई।');
    expect(englishIn(resolved, ticket)).toEqual([]);

    const stored = await t.app.ctx.database.executeSql('select lang from grievances where ticket = $1', [ticket]);
    expect(stored.rows).toEqual([{ lang: 'hi' }]);
  });

  it('stay in English for a complaint filed in English', async () => {
    const email = uniqueEmail('complainant');
    const { ticket } = (await t.app.inject({ method: 'POST', url: '/api/grievances/', payload: complaint(email) })).json() as {
      ticket: string;
    };
    const mail = newestMailTo(email);
    expect(mail.subject).toBe(`Grievance ${ticket}: received`);
    expect(mailText(mail.file)).toContain(`We received your grievance ${ticket} (Fraud or scam).`);
  });
});
