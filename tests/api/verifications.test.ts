import { wordMessage } from '../../src/server/platform/errors.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { executeRows } from '../../src/server/db/client.ts';
import sharp from 'sharp';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Circle, ProfileResponse } from '../../src/lib/api-types.ts';
import { runAdminCommand } from '../../src/server/staff/admin-command.ts';
import { VERIFICATION_MESSAGES, DOCUMENT_PURGE_JOB } from '../../src/server/services/verification/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { latestOtp, outbox, signIn, uniqueEmail, type SignedIn } from '../helpers/sign-in.ts';

const K = 3;
const DAY = 86_400_000;
let now = Date.now();
let t: TestApp;
let staff: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ institutionChipMinMembers: K }, {}, { clock: { now: () => new Date(now) } });
  staff = await signIn(t);
  await runAdminCommand(t.app.ctx.db, ['grant', 'moderator', (await profileOf(staff)).profile.username]);
});
afterAll(() => t?.close());

const json = (method: 'GET' | 'POST' | 'PATCH', url: string, me?: SignedIn, payload?: unknown) =>
  t.app.inject({ method, url, headers: me?.auth, payload: payload as object });
const profileOf = async (me: SignedIn) => (await json('GET', '/api/users/me/profile/', me)).json() as ProfileResponse;

let ip = 0;
/** Verifies a further address through both endpoints, reading the code from the outbox as a person would. */
async function verifyAddress(me: SignedIn, email: string) {
  const remoteAddress = `198.51.100.${(ip++ % 250) + 1}`;
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/users/me/verifications/email/send-otp/',
    headers: me.auth,
    payload: { email },
    remoteAddress,
  });
  if (sent.statusCode !== 200) return sent;
  return t.app.inject({
    method: 'POST',
    url: '/api/users/me/verifications/email/verify/',
    headers: me.auth,
    payload: { email, otp: latestOtp(t, email) },
    remoteAddress,
  });
}

let circleSeq = 0;
async function createCircle(owner: SignedIn, requirement: unknown, channelType: 'public' | 'private' = 'public') {
  const res = await json('POST', '/api/circles/', owner, {
    name: `Verified ${++circleSeq} ${Date.now() % 100000}`,
    description: 'Checks one thing',
    channel_type: channelType,
    requirement,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Circle;
}

const join = (me: SignedIn, circle: Circle) => json('POST', '/api/circles/join-by-name/', me, { circle_name: circle.name });
const post = (me: SignedIn, circle: Circle) =>
  json('POST', '/api/posts/', me, { circle: circle.name, title: 'Hello', description: '<p>Hi</p>' });
const comment = (me: SignedIn, postId: number) => json('POST', '/api/posts/comments/', me, { post: postId, body: 'Nice' });

const pngDocument = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .withMetadata({ exif: { IFD0: { Artist: 'Priya Sharma', ImageDescription: 'ICAI card' } } })
    .jpeg()
    .toBuffer();

function credentialForm(fields: Record<string, string>, document?: { data: Buffer; type: string; name: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (document) form.append('document', new Blob([new Uint8Array(document.data)], { type: document.type }), document.name);
  return form;
}

async function sendCredential(me: SignedIn, fields: Record<string, string>, document?: { data: Buffer; type: string; name: string }) {
  const request = new Request('http://x/', { method: 'POST', body: credentialForm(fields, document) });
  return t.app.inject({
    method: 'POST',
    url: '/api/users/me/verifications/credentials/',
    headers: { ...me.auth, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe('profile verifications and badge', () => {
  it('a personal sign-in shows only the sign-in e-mail and reads Unverified', async () => {
    const me = await signIn(t, uniqueEmail('plain', 'gmail.com'));
    const profile = await profileOf(me);
    expect(profile.verifications).toEqual([{ kind: 'email', label: 'Verified email', verified_at: expect.any(String) }]);
    expect(profile.identity).toEqual([{ kind: 'email', label: 'Verified email' }]);
    expect(profile.is_verified).toBe(false);
  });

  it('an academic sign-in is academically verified from the start', async () => {
    const me = await signIn(t, uniqueEmail('scholar', 'example.ac.in'));
    const profile = await profileOf(me);
    expect(profile.verifications.map((v) => v.kind)).toEqual(['email', 'academic']);
    expect(profile.identity).toEqual([
      { kind: 'email', label: 'Verified email' },
      { kind: 'academic', label: 'Verified academic' },
    ]);
    expect(profile.is_verified).toBe(true);
  });
});

describe('verifying a further e-mail address', () => {
  it('refuses a personal address before sending anything, and says it proves nothing new', async () => {
    const me = await signIn(t);
    const before = outbox(t).length;
    const res = await json('POST', '/api/users/me/verifications/email/send-otp/', me, { email: uniqueEmail('home', 'gmail.com') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: wordMessage(VERIFICATION_MESSAGES.personal, 'en') });
    expect(outbox(t).length).toBe(before);
  });

  it('needs a signed-in person and a valid address', async () => {
    expect((await json('POST', '/api/users/me/verifications/email/send-otp/', undefined, { email: 'a@iitb.ac.in' })).statusCode).toBe(401);
    const me = await signIn(t);
    const res = await json('POST', '/api/users/me/verifications/email/send-otp/', me, { email: 'not an address' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('adds "Verified academic" from an academic address and answers with the updated profile', async () => {
    const me = await signIn(t, uniqueEmail('user', 'gmail.com'));
    const email = uniqueEmail('student', 'college.edu.in');
    const res = await verifyAddress(me, email);
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json() as ProfileResponse;
    expect(profile.identity).toEqual([
      { kind: 'email', label: 'Verified email' },
      { kind: 'academic', label: 'Verified academic' },
    ]);
    expect(profile.is_verified).toBe(true);
    expect(outbox(t).at(-1)!.subject).toBe('Your Bharat Square verification code');
    // Verifying it again proves nothing new: 200, the profile as it was, and a word why.
    const again = await verifyAddress(me, email);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ identity: profile.identity, detail: wordMessage(VERIFICATION_MESSAGES.alreadyHeld, 'en') });
  });

  it('keeps the sign-in code and the verification code apart, with the sign-in code rules', async () => {
    const me = await signIn(t);
    const email = uniqueEmail('lab', 'iisc.ac.in');
    await json('POST', '/api/users/me/verifications/email/send-otp/', me, { email });
    const wrong = await json('POST', '/api/users/me/verifications/email/verify/', me, { email, otp: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ detail: 'Invalid or expired OTP.' });
    // The verification code does not sign anyone in.
    const signInTry = await json('POST', '/api/auth/verify-otp/', undefined, { email, otp: latestOtp(t, email) });
    expect(signInTry.statusCode).toBe(400);
    // The resend wait applies as for sign-in.
    const resend = await json('POST', '/api/users/me/verifications/email/send-otp/', me, { email });
    expect(resend.statusCode).toBe(429);
    expect(resend.headers['retry-after']).toBeDefined();
  });

  it('lets one address verify one account only', async () => {
    const email = uniqueEmail('shared', 'univ.ac.in');
    const first = await signIn(t);
    expect((await verifyAddress(first, email)).statusCode).toBe(200);
    const second = await signIn(t);
    const res = await verifyAddress(second, email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: wordMessage(VERIFICATION_MESSAGES.claimed, 'en') });
    expect((await profileOf(second)).is_verified).toBe(false);
  });
});

describe('institution chips with k-anonymity', () => {
  it('shows "Verified academic" below K members and names the institution at exactly K', async () => {
    const members: SignedIn[] = [];
    for (let i = 0; i < K - 1; i++) {
      const me = await signIn(t);
      const res = await verifyAddress(me, uniqueEmail(`iitb${i}`, 'iitb.ac.in'));
      expect(res.statusCode, res.body).toBe(200);
      members.push(me);
    }
    for (const me of members) {
      const profile = await profileOf(me);
      expect(profile.identity).toEqual([
        { kind: 'email', label: 'Verified email' },
        { kind: 'academic', label: 'Verified academic' },
      ]);
      expect(JSON.stringify(profile)).not.toContain('IIT Bombay');
      expect(JSON.stringify(profile)).not.toContain('iitb');
    }
    // The K-th member signs in with an institution address: the sign-in address counts too.
    const kth = await signIn(t, uniqueEmail('kth', 'students.iitb.ac.in'));
    members.push(kth);
    for (const me of members) {
      const profile = await profileOf(me);
      expect(profile.identity).toEqual([
        { kind: 'email', label: 'Verified email' },
        { kind: 'institution', label: 'IIT Bombay' },
      ]);
      expect(profile.verifications[1]).toEqual({ kind: 'institution', label: 'IIT Bombay', verified_at: expect.any(String) });
    }
  });
});

describe('channel requirements', () => {
  let owner: SignedIn;
  beforeAll(async () => {
    owner = await signIn(t, uniqueEmail('owner', 'owner.ac.in'));
  });

  it('shows the requirement on the circle and accepts only known institutions and credential kinds', async () => {
    const circle = await createCircle(owner, { kind: 'institution', value: 'IITB.ac.in' });
    expect(circle.requirement).toEqual({ kind: 'institution', value: 'iitb.ac.in', label: 'IIT Bombay e-mail' });
    expect((await createCircle(owner, { kind: 'academic', value: null })).requirement).toEqual({
      kind: 'academic',
      value: null,
      label: 'academic e-mail',
    });
    expect((await createCircle(owner, null)).requirement).toBeNull();
    const bad = await json('POST', '/api/circles/', owner, {
      name: 'Nowhere U',
      description: 'x',
      requirement: { kind: 'institution', value: 'nowhere.example' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ requirement: ['Choose an institution from the list by its mail domain (e.g. iitb.ac.in).'] });
    const badKind = await json('POST', '/api/circles/', owner, {
      name: 'Nowhere V',
      description: 'x',
      requirement: { kind: 'credential', value: 'astrologer' },
    });
    expect(badKind.statusCode).toBe(400);
  });

  for (const channelType of ['public', 'private'] as const) {
    it(`refuses join, post and comment without an academic verification and allows them with it (${channelType})`, async () => {
      const circle = await createCircle(owner, { kind: 'academic' }, channelType);
      const ownPost = await post(owner, circle);
      expect(ownPost.statusCode, ownPost.body).toBe(201);
      const me = await signIn(t, uniqueEmail('outsider', 'gmail.com'));
      const expected = {
        detail: `To join ${circle.name} you need a verified academic e-mail address (such as .ac.in or .edu). Add it under Verifications on your profile.`,
        code: 'verification_required',
        requirement: { kind: 'academic', value: null, label: 'academic e-mail' },
      };
      const refused = await join(me, circle);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(expected);
      if (channelType === 'public') {
        const postRefused = await post(me, circle);
        expect(postRefused.statusCode).toBe(403);
        expect(postRefused.json()).toEqual({ ...expected, detail: expected.detail.replace('To join', 'To post in') });
        const commentRefused = await comment(me, ownPost.json().id);
        expect(commentRefused.statusCode).toBe(403);
        expect(commentRefused.json()).toEqual({ ...expected, detail: expected.detail.replace('To join', 'To comment in') });
        // Visitors still read a public channel.
        const feed = await json('GET', `/api/posts/public/feed/?circle=${circle.id}`);
        expect(feed.json().count).toBe(1);
      }

      expect((await verifyAddress(me, uniqueEmail('now', 'somewhere.edu'))).statusCode).toBe(200);
      const joined = await join(me, circle);
      expect(joined.statusCode).toBe(channelType === 'public' ? 200 : 202);
      if (channelType === 'private') {
        const requests = await json('GET', `/api/circles/requests/?circle_id=${circle.id}`, owner);
        const approve = await json('POST', `/api/circles/requests/${requests.json().results[0].id}/approve/`, owner);
        expect(approve.statusCode).toBe(200);
      }
      expect((await post(me, circle)).statusCode).toBe(201);
      expect((await comment(me, ownPost.json().id)).statusCode).toBe(201);
    });
  }

  it('an institution-only channel takes that institution and no other', async () => {
    const circle = await createCircle(owner, { kind: 'institution', value: 'iitd.ac.in' });
    const fromDelhi = await signIn(t, uniqueEmail('delhi', 'iitd.ac.in'));
    const fromMadras = await signIn(t, uniqueEmail('madras', 'iitm.ac.in'));
    expect((await join(fromDelhi, circle)).statusCode).toBe(200);
    const refused = await join(fromMadras, circle);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      `To join ${circle.name} you need a verified IIT Delhi e-mail address (@iitd.ac.in). Add it under Verifications on your profile.`,
    );
  });

  it('the owner changes who can join in the settings; nobody else can', async () => {
    const circle = await createCircle(owner, null);
    const other = await signIn(t);
    const refused = await json('PATCH', `/api/circles/${circle.id}/`, other, { requirement: { kind: 'credential', value: 'ca' } });
    expect(refused.statusCode).toBe(403);
    const changed = await json('PATCH', `/api/circles/${circle.id}/`, owner, { requirement: { kind: 'credential', value: 'ca' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().requirement).toEqual({ kind: 'credential', value: 'ca', label: 'CA credential' });
    const hit = (await json('GET', `/api/circles/search/?q=${encodeURIComponent(circle.name)}`)).json().results[0];
    expect(hit.requirement).toEqual({ kind: 'credential', value: 'ca', label: 'CA credential' });
    const refusedJoin = await join(other, circle);
    expect(refusedJoin.json().detail).toBe(
      `To join ${circle.name} you need a verified chartered accountant (CA) credential. Add it under Verifications on your profile.`,
    );
    expect((await json('PATCH', `/api/circles/${circle.id}/`, owner, { requirement: null })).json().requirement).toBeNull();
    expect((await join(other, circle)).statusCode).toBe(200);
  });
});

describe('professional credentials', () => {
  const documentsDir = () => t.config.documentsDir;
  const pending = () => json('GET', '/api/staff/verifications/?status=pending', staff);

  it('stores a PDF rebuilt from its page only (no script or photo EXIF), and refuses one it cannot clean with a clear message', async () => {
    const me = await signIn(t);
    const photo = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'MARK_CAMERA', Artist: 'MARK_OWNER' } })
      .toBuffer();
    const certificate = await PDFDocument.create();
    const page = certificate.addPage([200, 100]);
    page.drawImage(await certificate.embedJpg(photo), { x: 10, y: 10, width: 40, height: 40 });
    certificate.catalog.set(PDFName.of('OpenAction'), certificate.context.obj({ S: 'JavaScript', JS: PDFString.of('MARK_SCRIPT') }));
    const before = existsSync(documentsDir()) ? readdirSync(documentsDir()) : [];
    const res = await sendCredential(
      me,
      { kind: 'cfa' },
      { data: Buffer.from(await certificate.save({ useObjectStreams: false })), type: 'application/pdf', name: 'c.pdf' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = readdirSync(documentsDir()).filter((name) => !before.includes(name));
    const bytes = readFileSync(path.join(documentsDir(), stored));
    expect(bytes.toString('latin1')).not.toMatch(/MARK_|JavaScript|Exif/);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);

    const jpx = await PDFDocument.create();
    const jpxPage = jpx.addPage([100, 100]);
    jpxPage.node.setXObject(
      PDFName.of('Im1'),
      jpx.context.register(
        jpx.context.stream('jp2', {
          Type: 'XObject',
          Subtype: 'Image',
          Width: 1,
          Height: 1,
          ColorSpace: 'DeviceRGB',
          BitsPerComponent: 8,
          Filter: 'JPXDecode',
        }),
      ),
    );
    const refused = await sendCredential(
      await signIn(t),
      { kind: 'ca' },
      { data: Buffer.from(await jpx.save({ useObjectStreams: false })), type: 'application/pdf', name: 'j.pdf' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      document: [
        'This PDF holds content that cannot be cleaned of hidden data (such as a JPEG 2000 image). Upload the certificate as an image (PNG, JPEG or WebP) instead.',
      ],
    });
  });

  it('takes an image, strips its metadata, keeps it out of /media/ and lists the request', async () => {
    const me = await signIn(t);
    const res = await sendCredential(me, { kind: 'ca' }, { data: await pngDocument(), type: 'image/jpeg', name: 'card.jpg' });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    expect(res.json()).toEqual({ id, status: 'pending' });
    expect(readdirSync(documentsDir()).length).toBeGreaterThan(0);
    expect(existsSync(t.config.mediaDir) ? readdirSync(t.config.mediaDir) : []).toEqual([]);
    const mine = await json('GET', '/api/users/me/verifications/credentials/', me);
    expect(mine.json()).toMatchObject({
      count: 1,
      results: [{ id, kind: 'ca', name: null, status: 'pending', reason: null, decided_at: null }],
    });

    const queue = await pending();
    const item = queue.json().results.find((r: { id: number }) => r.id === id);
    expect(item).toEqual({
      ...mine.json().results[0],
      document_type: 'image/jpeg',
      document_url: `/api/staff/verifications/${id}/document/`,
    });
    expect(JSON.stringify(queue.json())).not.toContain((await profileOf(me)).profile.username);
    const document = await json('GET', item.document_url, staff);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('image/jpeg');
    expect(document.headers['cache-control']).toBe('no-store');
    const meta = await sharp(document.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(document.rawPayload.toString('latin1')).not.toContain('Priya');
  });

  it('refuses what is neither an image nor a PDF, and a second pending request of one kind', async () => {
    const me = await signIn(t);
    const text = await sendCredential(me, { kind: 'doctor' }, { data: Buffer.from('just text'), type: 'text/plain', name: 'a.txt' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ document: ['Upload a certificate or ID card as an image (PNG, JPEG or WebP) or a PDF.'] });
    expect((await sendCredential(me, { kind: 'other' }, { data: await pngDocument(), type: 'image/jpeg', name: 'a.jpg' })).json()).toEqual({
      name: ['Name the credential.'],
    });
    expect((await sendCredential(me, { kind: 'pilot' }, { data: await pngDocument(), type: 'image/jpeg', name: 'a.jpg' })).statusCode).toBe(
      400,
    );
    expect((await sendCredential(me, { kind: 'doctor' })).json()).toEqual({ document: ['No file was submitted.'] });
    expect(
      (await sendCredential(me, { kind: 'doctor' }, { data: await pngDocument(), type: 'image/jpeg', name: 'a.jpg' })).statusCode,
    ).toBe(201);
    const twice = await sendCredential(me, { kind: 'doctor' }, { data: await pngDocument(), type: 'image/jpeg', name: 'a.jpg' });
    expect(twice.statusCode).toBe(400);
  });

  it('staff only: 403 for members on the queue and decisions', async () => {
    const me = await signIn(t);
    expect((await json('GET', '/api/staff/verifications/?status=pending', me)).statusCode).toBe(403);
    expect((await json('POST', '/api/staff/verifications/1/decision/', me, { decision: 'approve', reason: '' })).statusCode).toBe(403);
  });

  it('approval deletes the document at once, adds the chip and the badge, and is audited', async () => {
    const me = await signIn(t, uniqueEmail('ca', 'gmail.com'));
    const { id } = (await sendCredential(me, { kind: 'ca' }, { data: await pngDocument(), type: 'image/jpeg', name: 'card.jpg' })).json();
    const file = readdirSync(documentsDir());
    expect((await profileOf(me)).is_verified).toBe(false);
    const decided = await json('POST', `/api/staff/verifications/${id}/decision/`, staff, {
      decision: 'approve',
      reason: 'Membership number checked',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ id, status: 'approved', document_url: null, document_type: null });
    expect(readdirSync(documentsDir()).length).toBe(file.length - 1);
    expect((await json('GET', `/api/staff/verifications/${id}/document/`, staff)).statusCode).toBe(404);
    const profile = await profileOf(me);
    expect(profile.identity).toContainEqual({ kind: 'credential', label: 'Verified CA', code: 'ca' });
    expect(profile.is_verified).toBe(true);
    const again = await json('POST', `/api/staff/verifications/${id}/decision/`, staff, { decision: 'reject', reason: 'late' });
    expect(again.statusCode).toBe(409);
    const log = (await json('GET', '/api/staff/audit-log/', staff)).json();
    expect(log.results[0]).toMatchObject({
      staff_role: 'moderator',
      staff_handle: (await profileOf(staff)).profile.username,
      action: 'credential.approve',
      subject_id: id,
      outcome: 'approved: CA',
    });
  });

  it('an approved credential of another kind carries its own name beside the label, for screens in other languages', async () => {
    const me = await signIn(t);
    const { id } = (
      await sendCredential(
        me,
        { kind: 'other', name: 'Company Secretary' },
        { data: await pngDocument(), type: 'image/jpeg', name: 'cs.jpg' },
      )
    ).json();
    expect((await json('POST', `/api/staff/verifications/${id}/decision/`, staff, { decision: 'approve', reason: '' })).statusCode).toBe(
      200,
    );
    const profile = await profileOf(me);
    const chip = { kind: 'credential', label: 'Verified Company Secretary', code: 'other', name: 'Company Secretary' };
    expect(profile.identity).toContainEqual(chip);
    expect(profile.verifications).toContainEqual({ ...chip, verified_at: expect.any(String) });
  });

  it('a rejection says why, deletes the document, and the member may send again', async () => {
    const me = await signIn(t);
    const { id } = (
      await sendCredential(me, { kind: 'lawyer' }, { data: await pngDocument(), type: 'image/jpeg', name: 'bar.jpg' })
    ).json();
    expect((await json('POST', `/api/staff/verifications/${id}/decision/`, staff, { decision: 'reject' })).json()).toEqual({
      reason: ['Say why, so the member can fix it.'],
    });
    expect(
      (await json('POST', `/api/staff/verifications/${id}/decision/`, staff, { decision: 'reject', reason: 'The photo is blurred.' }))
        .statusCode,
    ).toBe(200);
    const mine = (await json('GET', '/api/users/me/verifications/credentials/', me)).json();
    expect(mine.results[0]).toMatchObject({ id, status: 'rejected', reason: 'The photo is blurred.' });
    expect((await profileOf(me)).is_verified).toBe(false);
    expect(
      (await sendCredential(me, { kind: 'lawyer' }, { data: await pngDocument(), type: 'image/jpeg', name: 'bar.jpg' })).statusCode,
    ).toBe(201);
  });

  it('deletes an undecided document 30 days after upload', async () => {
    const me = await signIn(t);
    const { id } = (
      await sendCredential(me, { kind: 'engineer' }, { data: await pngDocument(), type: 'image/jpeg', name: 'id.jpg' })
    ).json();
    const [{ file }] = await executeRows<{ file: string }>(
      t.app.ctx.db,
      sql`select document_file as file from credential_requests where id = ${Number(id)}`,
    );
    expect(existsSync(path.join(documentsDir(), file))).toBe(true);
    now += 29 * DAY;
    await t.app.ctx.services.credentials.purgeExpiredDocuments();
    expect(existsSync(path.join(documentsDir(), file))).toBe(true);
    now += 2 * DAY;
    // The hourly purge is a job on the job queue: sent here instead of waiting for its hour.
    await t.app.ctx.services.jobs.send(DOCUMENT_PURGE_JOB, {});
    for (let waited = 0; existsSync(path.join(documentsDir(), file)) && waited < 30_000; waited += 100)
      await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(path.join(documentsDir(), file))).toBe(false);
    const mine = (await json('GET', '/api/users/me/verifications/credentials/', me)).json();
    expect(mine.results[0]).toMatchObject({ id, status: 'expired', reason: expect.stringContaining('Please send it again') });
  });
});

describe('what the database keeps', () => {
  it('no table holds an e-mail address or a document after the decisions', async () => {
    // Activity of its own, whatever ran before: sign-ins, verified further addresses and a credential document.
    for (let i = 0; i < 6; i++) {
      const me = await signIn(t, uniqueEmail(`audit${i}`, 'gmail.com'));
      expect((await verifyAddress(me, uniqueEmail(`audit${i}`, 'college.edu.in'))).statusCode).toBe(200);
    }
    const applicant = await signIn(t);
    expect(
      (await sendCredential(applicant, { kind: 'ca' }, { data: await pngDocument(), type: 'image/jpeg', name: 'card.jpg' })).statusCode,
    ).toBe(201);
    // Decide whatever is still pending, so every document is gone.
    for (const item of (await json('GET', '/api/staff/verifications/?status=pending', staff)).json().results) {
      await json('POST', `/api/staff/verifications/${item.id}/decision/`, staff, { decision: 'reject', reason: 'Test over' });
    }
    expect(readdirSync(t.config.documentsDir)).toEqual([]);
    const tables = await executeRows<{ table_name: string }>(
      t.app.ctx.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    const addresses = outbox(t).map((mail) => mail.to.toLowerCase());
    expect(addresses.length).toBeGreaterThan(10);
    for (const { table_name } of tables) {
      const rows = await executeRows(t.app.ctx.db, sql.raw(`select * from "${table_name}"`));
      const text = JSON.stringify(rows).toLowerCase();
      for (const address of addresses) expect(text, `${table_name} holds ${address}`).not.toContain(address);
      expect(text, `${table_name} holds an address`).not.toMatch(/[a-z0-9._%+-]+@[a-z0-9-]+\.[a-z.]+/);
      // No document bytes: JPEG, PNG and PDF signatures, base64 or hex.
      expect(text).not.toMatch(/ffd8ff|89504e47|%pdf-|\/9j\/|ivborw0k/);
    }
  });
});
