import type { NotificationKind } from '../../src/lib/statuses.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { notifications } from '../../src/server/db/schema/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, Paged } from '../../src/lib/api-types.ts';
import { runAdminCommand } from '../../src/server/staff/admin-command.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, comment, createCircle, createUser, join, post, type TestCircle, type TestUser } from '../helpers/fixtures.ts';
import { until } from '../helpers/until.ts';
import { latestOtp, signIn } from '../helpers/sign-in.ts';
import { MAX_STREAMS_PER_ACCOUNT } from '../../src/server/platform/notification-stream.ts';
import { createJobQueue } from '../../src/server/platform/job-queue.ts';
import { createMentionFanout, createNotify } from '../../src/server/services/notifications/index.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let moderator: TestUser;
let circle: TestCircle;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, user: TestUser | null = null, payload?: object) =>
  t.app.inject({ method, url, headers: user?.headers, ...(payload ? { payload } : {}) });
const inbox = async (user: TestUser) => ((await call('GET', '/api/notifications/', user)).json() as Paged<Notification>).results;
const unread = async (user: TestUser) => (await call('GET', '/api/notifications/unread-count/', user)).json().count as number;
async function write(user: TestUser, postId: number, body: string, parent: number | null = null): Promise<number> {
  const res = await call('POST', '/api/posts/comments/', user, { post: postId, parent, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

beforeAll(async () => {
  t = await buildTestApp();
  [alice, bob, carol, moderator] = await Promise.all([
    createUser(t.app, 'alice'),
    createUser(t.app, 'bob'),
    createUser(t.app, 'carol'),
    createUser(t.app, 'mod'),
  ]);
  await runAdminCommand(t.app.ctx.db, ['grant', 'moderator', moderator.username]);
  circle = await createCircle(t.app, alice);
});
afterAll(() => t.close());

describe('notification kinds', () => {
  it('a comment on your post, and a reply to your comment; never your own', async () => {
    const postId = await post(t.app, alice, circle, 'Monsoon plans');
    const top = await write(bob, postId, 'Carry an umbrella');
    const [onPost] = await inbox(alice);
    expect(onPost).toEqual({
      id: expect.any(Number),
      kind: 'reply',
      created_at: expect.any(String),
      read: false,
      actor: bob.username,
      post_id: postId,
      comment_id: top,
      text: `${bob.username} commented on your post "Monsoon plans"`,
      // Stored as a code and its values: every language words it from its catalog.
      code: 'commented',
      params: { actor: bob.username, title: 'Monsoon plans' },
    });
    const answer = await write(carol, postId, 'And boots', top);
    expect((await inbox(bob))[0]).toMatchObject({
      kind: 'reply',
      actor: carol.username,
      post_id: postId,
      comment_id: answer,
      text: `${carol.username} replied to your comment`,
    });
    const before = await unread(bob);
    await write(bob, postId, 'Talking to myself', top);
    expect(await unread(bob)).toBe(before);
  });

  it('@mentions in comments and posts, of existing handles only, told in the background', async () => {
    const postId = await post(t.app, alice, circle, 'Mentions');
    const before = await unread(carol);
    const id = await write(bob, postId, `Ask @${carol.username} and @NoSuchPerson999 about it`);
    await until('the mention', async () => (await unread(carol)) === before + 1);
    expect((await inbox(carol))[0]).toMatchObject({
      kind: 'mention',
      actor: bob.username,
      post_id: postId,
      comment_id: id,
      text: `${bob.username} mentioned you in a comment`,
    });

    const created = await call('POST', '/api/posts/', bob, {
      circle: circle.id,
      title: 'Hello',
      description: `<p>Thanks @${carol.username}!</p>`,
    });
    expect(created.statusCode).toBe(201);
    const told = await until('the mention in a post', async () => (await inbox(carol)).find((n) => n.post_id === created.json().id));
    expect(told).toMatchObject({ kind: 'mention', comment_id: null, text: `${bob.username} mentioned you in the post "Hello"` });
    // Told once: the job is done, and nothing else arrives for the same post.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await inbox(carol)).filter((n) => n.post_id === created.json().id)).toHaveLength(1);
  });

  it('an @mention in a private circle tells only its members: a non-member learns nothing of the post', async () => {
    const hideout = await createCircle(t.app, alice, `Hideout ${Date.now().toString(36)}`, { channelType: 'private' });
    await addMember(t.app, hideout, bob);
    const created = await call('POST', '/api/posts/', alice, {
      circle: hideout.id,
      title: 'Surprise party plans',
      description: `<p>@${bob.username} and @${carol.username}</p>`,
    });
    expect(created.statusCode).toBe(201);
    const postId = created.json().id as number;
    await write(alice, postId, `Cake from @${carol.username}? ask @${bob.username}`);
    await until(
      "the member's mentions",
      async () => (await inbox(bob)).filter((n) => n.kind === 'mention' && n.post_id === postId).length === 2,
    );
    await new Promise((r) => setTimeout(r, 1000));
    const carols = await inbox(carol);
    expect(carols.filter((n) => n.post_id === postId)).toEqual([]);
    expect(JSON.stringify(carols)).not.toContain('Surprise party');
  });

  it('upvote milestones at 1 and 10, once each however the votes toggle', async () => {
    const postId = await post(t.app, alice, circle, 'Milestones');
    const id = await comment(t.app, carol, postId, 'Popular opinion');
    const voters = await Promise.all(Array.from({ length: 10 }, () => createUser(t.app)));
    const milestones = async () =>
      (await inbox(carol)).filter((n) => n.kind === 'upvote_milestone' && n.comment_id === id).map((n) => n.text);
    await call('POST', `/api/posts/comments/upvotes/?comment_id=${id}`, voters[0]);
    await call('DELETE', `/api/posts/comments/upvotes/?comment_id=${id}`, voters[0]);
    await call('POST', `/api/posts/comments/upvotes/?comment_id=${id}`, voters[0]);
    expect(await milestones()).toEqual(['Your comment got its first upvote']);
    for (const voter of voters.slice(1)) await call('POST', `/api/posts/comments/upvotes/?comment_id=${id}`, voter);
    expect(await milestones()).toEqual(['Your comment reached 10 upvotes', 'Your comment got its first upvote']);
  });

  it('join requests to the owner, and the decision to the member who asked', async () => {
    const secret = await createCircle(t.app, alice, undefined, { channelType: 'private' });
    expect((await join(t.app, carol, secret.name)).statusCode).toBe(202);
    expect((await inbox(alice))[0]).toMatchObject({
      kind: 'join_request',
      actor: carol.username,
      text: `${carol.username} asked to join b/${secret.name}`,
    });
    const requests = (await call('GET', `/api/circles/requests/?circle_id=${secret.id}`, alice)).json();
    const requestId = (requests.results ?? requests)[0].id;
    expect((await call('POST', `/api/circles/requests/${requestId}/approve/`, alice)).statusCode).toBe(200);
    expect((await inbox(carol))[0]).toMatchObject({
      kind: 'join_decision',
      actor: alice.username,
      text: `Your request to join b/${secret.name} was approved`,
    });
  });

  it("reports' outcomes to the reporter and moderators' actions to the author", async () => {
    const postId = await post(t.app, bob, circle, 'Questionable offer');
    expect((await call('POST', '/api/reports/', carol, { post: postId, reason: 'spam' })).statusCode).toBe(201);
    const acted = await call('POST', '/api/moderation/actions/', moderator, { post: postId, action: 'remove', reason: 'Spam' });
    expect(acted.statusCode).toBe(200);
    expect((await inbox(carol))[0]).toMatchObject({
      kind: 'report_outcome',
      actor: null,
      post_id: postId,
      text: 'The post you reported was removed',
    });
    expect((await inbox(bob))[0]).toMatchObject({
      kind: 'moderation_action',
      actor: null,
      post_id: postId,
      text: 'Your post was removed by moderators: Spam',
    });
  });
});

describe('read state', () => {
  it('marks given ids (only your own) or all read, and the unread count follows', async () => {
    const reader = await createUser(t.app, 'reader');
    const postId = await post(t.app, reader, circle, 'Read me');
    for (const body of ['one', 'two', 'three']) await write(bob, postId, body);
    expect(await unread(reader)).toBe(3);
    const [newest, middle] = await inbox(reader);
    const othersId = (await inbox(alice))[0].id;
    const marked = await call('POST', '/api/notifications/read/', reader, { ids: [newest.id, othersId] });
    expect(marked.json()).toEqual({ count: 2 });
    expect((await inbox(alice)).find((n) => n.id === othersId)!.read).toBe(false);
    const after = await inbox(reader);
    expect(after.map((n) => n.read)).toEqual([true, false, false]);
    expect(after[1].id).toBe(middle.id);
    expect((await call('POST', '/api/notifications/read/', reader, { all: true })).json()).toEqual({ count: 0 });
    expect((await inbox(reader)).every((n) => n.read)).toBe(true);
    expect((await call('POST', '/api/notifications/read/', reader, {})).statusCode).toBe(400);
    expect((await call('POST', '/api/notifications/read/', reader, { ids: 'all' })).statusCode).toBe(400);
    expect((await call('GET', '/api/notifications/')).statusCode).toBe(401);
  });

  it('pages newest first', async () => {
    const busy = await createUser(t.app, 'busy');
    const postId = await post(t.app, busy, circle, 'Busy');
    for (let i = 0; i < 12; i++) await comment(t.app, bob, postId, `c${i}`).then((id) => id);
    for (let i = 0; i < 12; i++) await write(bob, postId, `w${i}`);
    const first = (await call('GET', '/api/notifications/', busy)).json() as Paged<Notification>;
    expect(first.count).toBe(12);
    expect(first.results).toHaveLength(10);
    const second = (await call('GET', '/api/notifications/?page=2', busy)).json() as Paged<Notification>;
    const all = [...first.results, ...second.results].map((n) => n.id);
    expect(all).toEqual([...all].sort((a, b) => b - a));
  });
});

describe('live stream', () => {
  it('issues single-use tickets', async () => {
    const { ticket } = (await call('POST', '/api/notifications/stream/ticket/', alice)).json();
    expect(typeof ticket).toBe('string');
    // A ticket is not a bearer token.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/notifications/', headers: { authorization: `Bearer ${ticket}` } })).statusCode,
    ).toBe(401);
    expect((await call('GET', '/api/notifications/stream/?ticket=forged')).json()).toMatchObject({
      detail: 'Stream ticket is invalid, expired or already used.',
      code: 'ticket_not_valid',
    });
    expect((await call('POST', '/api/notifications/stream/ticket/')).statusCode).toBe(401);
    expect((await call('GET', '/api/notifications/stream/')).statusCode).toBe(401);
  });

  it('pushes a new notification to an open stream within 2 seconds (ticket, then bearer)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const listener = await createUser(t.app, 'listener');
    const postId = await post(t.app, listener, circle, 'Live');
    const open = async (url: string, headers: Record<string, string> = {}) => {
      const controller = new AbortController();
      const res = await fetch(`${address}${url}`, { headers, signal: controller.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const reader = res.body!.getReader();
      let text = '';
      const next = async (event: string, timeoutMs: number) => {
        const deadline = Date.now() + timeoutMs;
        while (!text.includes(`event: ${event}\n`)) {
          const left = deadline - Date.now();
          if (left <= 0) throw new Error(`no ${event} event in ${timeoutMs} ms: ${text}`);
          const chunk = await Promise.race([
            reader.read(),
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${event} event: ${text}`)), left)),
          ]);
          if (chunk.done) throw new Error('stream ended');
          text += new TextDecoder().decode(chunk.value);
        }
        const at = text.indexOf(`event: ${event}\n`);
        const line = text.slice(at).split('\n')[1];
        text = text.slice(at + event.length + 8);
        return JSON.parse(line.slice('data: '.length));
      };
      return { next, close: () => controller.abort() };
    };

    const { ticket } = (await call('POST', '/api/notifications/stream/ticket/', listener)).json();
    const stream = await open(`/api/notifications/stream/?ticket=${encodeURIComponent(ticket)}`);
    expect(await stream.next('count', 2000)).toEqual({ count: 0 });
    const started = Date.now();
    const id = await write(bob, postId, 'Hello, live');
    const pushed = await stream.next('notification', 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(pushed).toMatchObject({ count: 1, notification: { kind: 'reply', comment_id: id, read: false } });
    stream.close();
    // The ticket was used once; it opens nothing again.
    expect((await fetch(`${address}/api/notifications/stream/?ticket=${encodeURIComponent(ticket)}`)).status).toBe(401);

    const withHeader = await open('/api/notifications/stream/', listener.headers);
    expect(await withHeader.next('count', 2000)).toEqual({ count: 1 });
    await write(carol, postId, 'Me too');
    expect(await withHeader.next('notification', 2000)).toMatchObject({ count: 2 });
    withHeader.close();
  });
});

describe('streams end with the session and the account, and an account holds a few', () => {
  let address: string;
  beforeAll(async () => {
    address = t.app.server.listening
      ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
      : await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** An open stream: `ended` settles true once the server closes it (false if it is still open after `ms`). */
  async function openStream(url: string, headers: Record<string, string> = {}) {
    const controller = new AbortController();
    const res = await fetch(`${address}${url}`, { headers, signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const done = (async () => {
      try {
        while (!(await reader.read()).done);
      } catch {
        // aborted by the test
      }
      return true;
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return {
      endsWithin: (ms: number) => Promise.race([done, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]),
      close: () => controller.abort(),
    };
  }
  const ticketFor = async (headers: { authorization: string }) =>
    encodeURIComponent((await t.app.inject({ method: 'POST', url: '/api/notifications/stream/ticket/', headers })).json().ticket);

  it("logout closes the session's open streams, and a ticket fetched before logout opens nothing", async () => {
    const member = await signIn(t);
    const unused = await ticketFor(member.auth);
    const stream = await openStream(`/api/notifications/stream/?ticket=${await ticketFor(member.auth)}`);
    const withHeader = await openStream('/api/notifications/stream/', member.auth);
    expect(await stream.endsWithin(100)).toBe(false);
    const out = await t.app.inject({ method: 'POST', url: '/api/token/blacklist/', payload: { refresh: member.refresh } });
    expect(out.statusCode).toBe(200);
    expect(await stream.endsWithin(2000)).toBe(true);
    expect(await withHeader.endsWithin(2000)).toBe(true);
    expect((await fetch(`${address}/api/notifications/stream/?ticket=${unused}`)).status).toBe(401);
  });

  it('erasing the account closes its streams', async () => {
    const member = await signIn(t);
    const stream = await openStream(`/api/notifications/stream/?ticket=${await ticketFor(member.auth)}`);
    await t.app.inject({ method: 'POST', url: '/api/users/me/delete/send-otp/', headers: member.auth, payload: { email: member.email } });
    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/delete/',
      headers: member.auth,
      payload: { otp: latestOtp(t, member.email), erase_content: false },
    });
    expect(erased.statusCode).toBe(202);
    expect(await stream.endsWithin(2000)).toBe(true);
  });

  it('keeps at most MAX_STREAMS_PER_ACCOUNT open per account: the oldest close as new ones open', async () => {
    const member = await signIn(t);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT + 3; i++) streams.push(await openStream('/api/notifications/stream/', member.auth));
    const ended = await Promise.all(streams.map((stream) => stream.endsWithin(500)));
    expect(ended).toEqual([true, true, true, ...Array(MAX_STREAMS_PER_ACCOUNT).fill(false)]);
    streams.forEach((stream) => stream.close());
  });
});

describe('notifications stored before codes', () => {
  it('get their code and values from the English line they were stored as (the backfill migration)', async () => {
    const lines: [string, string][] = [
      ['reply', 'Asha_Tiger commented on your post "Rain in "Udupi" today"'],
      ['upvote_milestone', 'Your comment reached 10 upvotes'],
      ['join_decision', 'Your request to join b/Campus Connect was declined'],
      ['report_outcome', 'The comment you reported was reviewed and kept'],
      ['moderation_action', 'You were warned about your post: be kind'],
      ['moderation_action', 'Something no code covers'],
    ];
    const inserted = await t.app.ctx.db
      .insert(notifications)
      .values(lines.map(([kind, text]) => ({ userId: carol.id, kind: kind as NotificationKind, text })))
      .returning({ id: notifications.id });
    const migration = readFileSync(path.resolve('drizzle/0018_notification_codes_backfill.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.app.ctx.database.executeSql(statement);
    const rows = await t.app.ctx.db
      .select({ code: notifications.code, params: notifications.params })
      .from(notifications)
      .where(
        inArray(
          notifications.id,
          inserted.map((row) => row.id),
        ),
      )
      .orderBy(notifications.id);
    expect(rows).toEqual([
      { code: 'commented', params: { actor: 'Asha_Tiger', title: 'Rain in "Udupi" today' } },
      { code: 'upvotes', params: { count: 10 } },
      { code: 'joinDeclined', params: { channel: 'Campus Connect' } },
      { code: 'reportedCommentKept', params: {} },
      { code: 'warnedPost', params: { reason: 'be kind' } },
      { code: null, params: {} },
    ]);
  });
});

describe('profile card (where a mention links)', () => {
  it('shows a member by handle, and 404 for an unknown one', async () => {
    const res = await call('GET', `/api/users/${carol.username}/card/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      username: carol.username,
      color: carol.color,
      animal: 'Tiger',
      identity: expect.any(Array),
      member_since: expect.any(String),
    });
    expect((await call('GET', '/api/users/NoSuchPerson999/card/')).json()).toMatchObject({ detail: 'User not found.' });
  });
});

describe('mentions are told by a queued job', () => {
  it('once the write commits; a post deleted before the job runs tells nobody', async () => {
    // An instance that only queues jobs (JOB_WORKERS=0): the job waits until a worker starts.
    const quiet = await buildTestApp({}, { JOB_WORKERS: '0' });
    const worker = createJobQueue({
      executeSql: quiet.app.ctx.database.executeSql,
      log: quiet.app.log,
      work: true,
      pollingIntervalSeconds: 0.5,
    });
    try {
      const [author, reader] = await Promise.all([createUser(quiet.app, 'author'), createUser(quiet.app, 'reader')]);
      const room = await createCircle(quiet.app, author);
      const inboxOf = async (user: TestUser) =>
        ((await quiet.app.inject({ method: 'GET', url: '/api/notifications/', headers: user.headers })).json() as Paged<Notification>)
          .results;
      const write = (title: string) =>
        quiet.app.inject({
          method: 'POST',
          url: '/api/posts/',
          headers: author.headers,
          payload: { circle: room.id, title, description: `<p>Hi @${reader.username}</p>` },
        });
      const gone = await write('Gone soon');
      expect(gone.statusCode).toBe(201);
      expect((await quiet.app.inject({ method: 'DELETE', url: `/api/posts/${gone.json().id}/`, headers: author.headers })).statusCode).toBe(
        204,
      );
      const kept = await write('Kept');
      expect(kept.statusCode).toBe(201);
      expect(await inboxOf(reader)).toEqual([]);

      createMentionFanout(
        quiet.app.ctx.db,
        worker,
        createNotify(async () => {}),
      );
      await worker.start();
      const told = await until('the mention', async () => {
        const items = await inboxOf(reader);
        return items.length > 0 && items;
      });
      await new Promise((r) => setTimeout(r, 1000));
      expect(await inboxOf(reader)).toEqual([told[0]]);
      expect(told[0]).toMatchObject({
        kind: 'mention',
        post_id: kept.json().id,
        text: `${author.username} mentioned you in the post "Kept"`,
      });
    } finally {
      await worker.stop();
      await quiet.close();
    }
  });
});
