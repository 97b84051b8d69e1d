import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { grievances } from '../../src/server/db/schema/index.ts';
import { openAddress } from '../../src/server/services/grievances/index.ts';
import { buildTestApp, movableClock, type TestApp } from '../helpers/app.ts';
import { outbox } from '../helpers/sign-in.ts';
import { createUser } from '../helpers/fixtures.ts';
import { runAdminCommand } from '../../src/server/staff/admin-command.ts';

const HOUR = 3_600_000;
const START = new Date('2026-11-10T09:00:00Z');
const clock = movableClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicSiteUrl: 'https://bharatsquare.example' }, {}, { clock });
});
afterAll(() => t?.close());
// Every test starts at the same moment, whichever test moved the clock before it.
beforeEach(() => clock.set(START));

let ipSeq = 0;
const file = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/grievances/', payload, remoteAddress: `203.0.113.${++ipSeq}` });
const complaint = (overrides: Record<string, unknown> = {}) => ({
  category: 'impersonation',
  content_link: 'https://bharatsquare.example/home/comments/12',
  description: 'This account uses my name and photo to ask my friends for money.',
  email: 'meera@example.in',
  ...overrides,
});
const keyOf = (url: string) => new URL(url).searchParams.get('key')!;
const track = (ticket: string, key: string) =>
  t.app.inject({ method: 'GET', url: `/api/grievances/${ticket}/?key=${encodeURIComponent(key)}` });

describe('POST /api/grievances/', () => {
  it('files a complaint: 201 with a ticket and a private tracking link, the address sealed, a mail with the link', async () => {
    const res = await file(complaint());
    expect(res.statusCode).toBe(201);
    const body = res.json() as { ticket: string; tracking_url: string };
    expect(body.ticket).toMatch(/^GR-[A-Z2-9]{8}$/);
    const url = new URL(body.tracking_url);
    expect(`${url.origin}${url.pathname}`).toBe('https://bharatsquare.example/grievance/track');
    expect(url.searchParams.get('ticket')).toBe(body.ticket);
    expect(keyOf(body.tracking_url).length).toBeGreaterThanOrEqual(20);

    const [stored] = await t.app.ctx.db.select().from(grievances).where(eq(grievances.ticket, body.ticket));
    expect(stored.replyAddress).not.toContain('@');
    expect(openAddress(t.config.identitySecret, stored.replyAddress)).toBe('meera@example.in');
    expect(stored.keyHash).not.toContain(keyOf(body.tracking_url));
    expect(JSON.stringify(stored)).not.toContain('meera');

    const mail = outbox(t).find((m) => m.subject === `Grievance ${body.ticket}: received`)!;
    expect(mail.to).toBe('meera@example.in');
    expect(mail.text).toContain(body.tracking_url);
  });

  it('checks every field in DRF words', async () => {
    const none = await file({});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      category: ['This field is required.'],
      content_link: ['This field is required.'],
      description: ['This field is required.'],
      email: ['This field is required.'],
    });
    const bad = await file(
      complaint({
        category: 'rudeness',
        email: 'not an address',
        description: ' ',
        content_link: `https://example.in/${'x'.repeat(1982)}`,
      }),
    );
    expect(bad.json()).toEqual({
      category: ['"rudeness" is not a valid choice.'],
      content_link: ['Ensure this field has no more than 2000 characters.'],
      description: ['This field may not be blank.'],
      email: ['Enter a valid email address.'],
    });
  });
});

describe('the content link', () => {
  it("takes only an http(s) link: a script, a data URL, plain words or a bare host answer 400 in the reader's language", async () => {
    for (const link of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'somewhere on the site',
      'ftp://example.com/x',
      '//evil.example/x',
    ]) {
      const res = await file(complaint({ content_link: link }));
      expect({ link, status: res.statusCode, body: res.json() }).toEqual({
        link,
        status: 400,
        body: { content_link: ['Enter a link that starts with http:// or https://.'] },
      });
    }
    const hindi = await t.app.inject({
      method: 'POST',
      url: '/api/grievances/',
      payload: complaint({ content_link: 'javascript:alert(1)' }),
      headers: { 'accept-language': 'hi' },
      remoteAddress: '203.0.113.250',
    });
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json()).toEqual({ content_link: ['http:// या https:// से शुरू होने वाला लिंक डालें।'] });
    expect((await file(complaint({ content_link: 'https://bharatsquare.example/home/posts/7' }))).statusCode).toBe(201);
  });
});

describe('tracking with a malformed key', () => {
  it('answers the same 404 for an array, an empty or an absent key', async () => {
    const filed = await file(complaint());
    const { ticket } = filed.json();
    for (const query of ['?key=a&key=b', '?key[]=x', '?key=', '']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/grievances/${ticket}/${query}` });
      expect({ query, status: res.statusCode, body: res.json() }).toEqual({
        query,
        status: 404,
        body: { detail: 'Grievance not found.', code: 'grievances.notFound' },
      });
    }
  });
});

describe('GET /api/grievances/{ticket}/', () => {
  it('shows the status and history with the right key, 404 with a wrong or missing key or ticket', async () => {
    const { ticket, tracking_url } = (await file(complaint({ category: 'harassment' }))).json();
    const res = await track(ticket, keyOf(tracking_url));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ticket,
      category: 'harassment',
      category_label: 'Harassment or bullying',
      status: 'received',
      status_label: 'Received',
      created_at: '2026-11-10T09:00:00.000Z',
      acknowledge_by: '2026-11-11T09:00:00.000Z',
      resolve_by: '2026-11-25T09:00:00.000Z',
      acknowledged_at: null,
      resolved_at: null,
      action_taken: null,
      history: [{ status: 'received', label: 'Received', note: '', at: '2026-11-10T09:00:00.000Z' }],
    });
    for (const url of [
      `/api/grievances/${ticket}/?key=wrong`,
      `/api/grievances/${ticket}/`,
      `/api/grievances/GR-AAAAAAAA/?key=${keyOf(tracking_url)}`,
    ]) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ detail: 'Grievance not found.' });
    }
  });

  it('gives non-consensual intimate imagery 24 hours to come down', async () => {
    const { ticket, tracking_url } = (await file(complaint({ category: 'non_consensual_intimate_imagery' }))).json();
    const body = (await track(ticket, keyOf(tracking_url))).json();
    expect(body.acknowledge_by).toBe('2026-11-11T09:00:00.000Z');
    expect(body.resolve_by).toBe('2026-11-11T09:00:00.000Z');
  });
});

describe('deadlines and status changes (the service staff use)', () => {
  it('counts down to the next deadline, puts overdue tickets first, and mails the complainant on each change', async () => {
    const fresh = await t.app.inject({ method: 'POST', url: '/api/grievances/', payload: complaint({ category: 'fraud' }) });
    const { ticket, tracking_url } = fresh.json();
    clock.advance(2 * HOUR);
    const urgent = (await file(complaint({ category: 'non_consensual_intimate_imagery' }))).json();

    clock.advance(23 * HOUR); // 25 h after the first: its acknowledgement is late
    const open = { results: await (await t.app.ctx.services.grievances.listForStaff('open')).load(50, 0) };
    const first = open.results.find((g) => g.ticket === ticket)!;
    expect(first).toMatchObject({ deadline: 'acknowledge', overdue: true, due_in_seconds: -3600 });
    const urgentRow = open.results.find((g) => g.ticket === urgent.ticket)!;
    expect(urgentRow).toMatchObject({ overdue: false, due_in_seconds: 3600 });
    const order = open.results.map((g) => g.ticket);
    expect(order.indexOf(ticket)).toBeLessThan(order.indexOf(urgent.ticket));
    expect(open.results.every((g, i) => i === 0 || g.due_at! >= open.results[i - 1].due_at!)).toBe(true);

    const acknowledged = await t.app.ctx.services.grievances.changeStatus(ticket, {
      status: 'acknowledged',
      note: 'We are looking into it.',
    });
    expect(acknowledged).toMatchObject({ status: 'acknowledged', deadline: 'resolve', overdue: false });
    expect(outbox(t).at(-1)).toMatchObject({ subject: `Grievance ${ticket}: acknowledged`, to: 'meera@example.in' });
    expect(outbox(t).at(-1)!.text).toContain('We are looking into it.');

    expect(await t.app.ctx.services.grievances.changeStatus(ticket, { status: 'resolved', note: '' })).toEqual({
      error: { key: 'errors.grievances.actionNeeded' },
    });
    clock.advance(14 * 24 * HOUR + 2 * HOUR); // past the 15 days
    expect((await t.app.ctx.services.grievances.getForStaff(ticket))!).toMatchObject({ overdue: true, deadline: 'resolve' });
    const resolved = await t.app.ctx.services.grievances.changeStatus(ticket, {
      status: 'resolved',
      note: 'Removed.',
      actionTaken: 'content_removed',
    });
    expect(resolved).toMatchObject({ status: 'resolved', due_at: null, overdue: false, action_taken: 'content_removed' });
    expect(outbox(t).at(-1)!.text).toContain('What we did: Content removed.');
    expect(await t.app.ctx.services.grievances.changeStatus(ticket, { status: 'rejected', note: '' })).toEqual({
      error: { key: 'errors.grievances.closed' },
    });

    const tracked = (await track(ticket, keyOf(tracking_url))).json();
    expect(tracked.history.map((h: { status: string }) => h.status)).toEqual(['received', 'acknowledged', 'resolved']);
    expect((await (await t.app.ctx.services.grievances.listForStaff('open')).load(50, 0)).map((g) => g.ticket)).not.toContain(ticket);
    expect((await (await t.app.ctx.services.grievances.listForStaff('closed')).load(50, 0))[0].ticket).toBe(ticket);
  });

  it('writes the monthly compliance report as CSV: received, resolved in time, actions taken', async () => {
    // A database of its own: one fraud complaint, acknowledged late and resolved after its deadline.
    const reportClock = movableClock(START);
    const own = await buildTestApp({ publicSiteUrl: 'https://bharatsquare.example' }, {}, { clock: reportClock });
    try {
      const service = own.app.ctx.services.grievances;
      const filed = await own.app.inject({ method: 'POST', url: '/api/grievances/', payload: complaint({ category: 'fraud' }) });
      const { ticket } = filed.json();
      reportClock.advance(25 * HOUR);
      await service.changeStatus(ticket, { status: 'acknowledged', note: 'We are looking into it.' });
      reportClock.advance(15 * 24 * HOUR);
      await service.changeStatus(ticket, { status: 'resolved', note: 'Removed.', actionTaken: 'content_removed' });

      const csv = await service.complianceReport('2026-11');
      const [header, ...rows] = csv
        .trim()
        .split('\r\n')
        .map((line) => line.split(','));
      expect(header).toEqual([
        'month',
        'category',
        'received',
        'acknowledged_within_24h',
        'resolved',
        'resolved_within_deadline',
        'rejected',
        'open_at_month_end',
        'content_removed',
        'content_restricted',
        'account_suspended',
        'no_action',
      ]);
      const row = (category: string) => Object.fromEntries(header.map((h, i) => [h, rows.find((r) => r[1] === category)![i]]));
      expect(row('fraud')).toMatchObject({
        received: '1',
        acknowledged_within_24h: '0',
        resolved: '1',
        resolved_within_deadline: '0',
        content_removed: '1',
      });
      const all = row('all');
      expect(Number(all.received)).toBe(rows.filter((r) => r[1] !== 'all').reduce((sum, r) => sum + Number(r[2]), 0));
      expect(all.resolved).toBe('1');
      expect((await service.complianceReport('2026-10')).split('\r\n').find((l) => l.startsWith('2026-10,all,'))).toBe(
        '2026-10,all,0,0,0,0,0,0,0,0,0,0',
      );
    } finally {
      await own.close();
    }
    // A second app with its own database: slow on a busy machine.
  }, 180_000);
});

describe('/api/staff/grievances/', () => {
  it('is for staff only, lists tickets with countdowns, moves them on and downloads the month as CSV', async () => {
    const [member, moderator] = await Promise.all([createUser(t.app), createUser(t.app)]);
    await runAdminCommand(t.app.ctx.db, ['grant', 'moderator', moderator.username]);
    const staffGet = (url: string, who = moderator) => t.app.inject({ method: 'GET', url, headers: who.headers });
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/grievances/' })).statusCode).toBe(401);
    expect((await staffGet('/api/staff/grievances/', member)).statusCode).toBe(403);

    const { ticket } = (await file(complaint({ category: 'privacy' }))).json();
    const list = await staffGet('/api/staff/grievances/');
    expect(list.statusCode).toBe(200);
    const row = list.json().results.find((g: { ticket: string }) => g.ticket === ticket);
    expect(row).toMatchObject({
      status: 'received',
      deadline: 'acknowledge',
      overdue: false,
      due_in_seconds: 86_400,
      content_link: expect.any(String),
    });
    expect(JSON.stringify(list.json())).not.toContain('meera@example.in');

    const move = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/staff/grievances/${ticket}/status/`, headers: moderator.headers, payload });
    expect((await move({ status: 'closed' })).json()).toEqual({ status: ['"closed" is not a valid choice.'] });
    expect((await move({ status: 'resolved' })).json()).toMatchObject({ detail: 'Say what was done when resolving a grievance.' });
    const done = await move({ status: 'resolved', action_taken: 'content_restricted', note: 'Blurred for everyone.' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'resolved', action_taken: 'content_restricted', due_at: null });
    expect(outbox(t).at(-1)).toMatchObject({ subject: `Grievance ${ticket}: resolved` });
    expect((await move({ status: 'rejected' })).json()).toMatchObject({ detail: 'This grievance is already closed.' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/staff/grievances/GR-NOPE0000/status/',
          headers: moderator.headers,
          payload: { status: 'acknowledged' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await staffGet(`/api/staff/grievances/${ticket}/`)).json().history.map((h: { status: string }) => h.status)).toEqual([
      'received',
      'resolved',
    ]);

    const csv = await staffGet(`/api/staff/grievances/report/?month=${clock.now().toISOString().slice(0, 7)}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="grievances-\d{4}-\d{2}\.csv"$/);
    expect(csv.body.split('\r\n')[0]).toMatch(/^month,category,received,/);
    expect(csv.body).toMatch(/,privacy,1,/);
    expect((await staffGet('/api/staff/grievances/report/?month=2026-13')).json()).toEqual({ month: ['Enter a month as YYYY-MM.'] });
  });
});
