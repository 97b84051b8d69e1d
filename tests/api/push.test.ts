import { eq, sql } from 'drizzle-orm';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PUSH_SUBSCRIPTIONS } from '../../src/lib/push-rules.ts';
import { executeRows } from '../../src/server/db/client.ts';
import { pushSubscriptions } from '../../src/server/db/schema/index.ts';
import { PUSH_JOB } from '../../src/server/services/push/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, post, type TestCircle, type TestUser } from '../helpers/fixtures.ts';
import { PUSH_RECEIVER_CERT, startPushReceiver, type PushDevice, type PushReceiver } from '../helpers/push-receiver.ts';
import { until } from '../helpers/until.ts';

let t: TestApp;
let receiver: PushReceiver;
let owner: TestUser;
let circle: TestCircle;
const vapid = webPush.generateVAPIDKeys();
/** The server's clock runs with real time, moved forward by `ahead` ms (quiet hours ending). */
let ahead = 0;

beforeAll(async () => {
  receiver = await startPushReceiver();
  t = await buildTestApp(
    {
      push: {
        vapid,
        subject: 'mailto:push-test@example.com',
        allowHosts: [receiver.hostPort],
        retryDelaySeconds: 1,
        // The local push service's self-signed certificate (a server process is given it with NODE_EXTRA_CA_CERTS).
        extraCa: [PUSH_RECEIVER_CERT],
      },
    },
    // An idle worker looks for the queued push every half second (the least pg-boss allows).
    { JOB_POLL_SECONDS: '0.5' },
    { clock: { now: () => new Date(Date.now() + ahead) } },
  );
  owner = await createUser(t.app, 'owner');
  circle = await createCircle(t.app, owner);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

type Body = Record<string, unknown>;
const subscribe = (user: TestUser | null, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/me/push-subscriptions/',
    headers: { ...user?.headers, ...headers },
    payload: payload as Body,
  });
const unsubscribe = (user: TestUser | null, endpoint?: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/users/me/push-subscriptions/${endpoint === undefined ? '' : `?endpoint=${encodeURIComponent(endpoint)}`}`,
    headers: user?.headers,
  });
const subscriptionsOf = async (user: TestUser) => {
  const res = await t.app.inject({ url: '/api/users/me/push-subscriptions/', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Body[] }).results;
};
const subscribed = async (user: TestUser, device: PushDevice, kinds: string[], extra: Body = {}, headers: Record<string, string> = {}) => {
  const res = await subscribe(user, { endpoint: device.endpoint, keys: device.keys, kinds, ...extra }, headers);
  expect(res.statusCode, res.body).toBe(201);
};
const commentOn = async (author: TestUser, postId: number, body: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/posts/comments/', headers: author.headers, payload: { post: postId, body } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
};
/** The push jobs queued for a subscription, as pg-boss holds them. */
const pushJobsFor = async (endpoint: string) => {
  const [row] = await t.app.ctx.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
  if (!row) return [];
  return executeRows<{ state: string; start_after: Date | string }>(
    t.app.ctx.db,
    sql`select state, start_after from pgboss.job where name = ${PUSH_JOB} and (data->>'subscriptionId')::int = ${row.id}`,
  );
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the VAPID public key', () => {
  it('is served to anyone as {public_key}: the P-256 key browsers subscribe with', async () => {
    const res = await t.app.inject({ url: '/api/push/key/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ public_key: vapid.publicKey });
    const key = Buffer.from(vapid.publicKey, 'base64url');
    expect([key.length, key[0]]).toEqual([65, 4]);
  });
});

describe('subscribing a browser', () => {
  it('answers 201 with the subscription (never its keys), 200 when the same endpoint comes again, and lists it', async () => {
    const member = await createUser(t.app, 'sub');
    const device = receiver.device();
    const first = await subscribe(member, { endpoint: device.endpoint, keys: device.keys, kinds: ['mention', 'reply'] });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      endpoint: device.endpoint,
      kinds: ['reply', 'mention'],
      quiet_hours: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const again = await subscribe(member, {
      endpoint: device.endpoint,
      keys: device.keys,
      kinds: ['moderation', 'join_request'],
      quiet_hours: { start: '22:00', end: '07:00', time_zone: 'Asia/Kolkata' },
    });
    expect(again.statusCode, again.body).toBe(200);
    const updated = { kinds: ['join_request', 'moderation'], quiet_hours: { start: '22:00', end: '07:00', time_zone: 'Asia/Kolkata' } };
    expect(again.json()).toMatchObject(updated);
    expect(await subscriptionsOf(member)).toEqual([expect.objectContaining({ endpoint: device.endpoint, ...updated })]);
  });

  it('needs a signed-in member', async () => {
    const device = receiver.device();
    expect((await subscribe(null, { endpoint: device.endpoint, keys: device.keys, kinds: ['reply'] })).statusCode).toBe(401);
    expect((await unsubscribe(null, device.endpoint)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users/me/push-subscriptions/' })).statusCode).toBe(401);
  });

  it('refuses, field by field, what is not a push subscription', async () => {
    const member = await createUser(t.app, 'bad');
    const device = receiver.device();
    const valid = { endpoint: device.endpoint, keys: device.keys, kinds: ['reply'] };
    const refused = async (change: Body, field: string, message: string) => {
      const res = await subscribe(member, { ...valid, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toEqual({ [field]: [message] });
    };
    await refused({ endpoint: undefined }, 'endpoint', 'This field is required.');
    await refused({ endpoint: 'not a url' }, 'endpoint', 'Enter a valid push endpoint URL.');
    await refused({ endpoint: 42 }, 'endpoint', 'Enter a valid push endpoint URL.');
    await refused({ endpoint: device.endpoint.replace('https:', 'http:') }, 'endpoint', 'The push endpoint must be an https URL.');
    const privateHost = 'Push endpoints on local or private networks are not accepted.';
    for (const endpoint of [
      'https://127.0.0.1/push/1',
      // The receiver's own host on another port is not the allowed host:port.
      device.endpoint.replace(/:\d+\//, ':1/'),
      'https://localhost/push/1',
      'https://push.localhost/push/1',
      'https://10.1.2.3/push/1',
      'https://172.20.0.5/push/1',
      'https://192.168.1.10/push/1',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push/1',
      'https://[fd00::1]/push/1',
      'https://[::ffff:127.0.0.1]/push/1',
      'https://0x7f000001/push/1',
      'https://intranet/push/1',
    ])
      await refused({ endpoint }, 'endpoint', privateHost);
    const badKeys = 'The subscription keys are not valid: p256dh must be a P-256 public key and auth 16 bytes, both base64url.';
    await refused({ keys: undefined }, 'keys', 'This field is required.');
    await refused({ keys: 'abc' }, 'keys', badKeys);
    await refused({ keys: { p256dh: device.keys.p256dh } }, 'keys', badKeys);
    await refused({ keys: { ...device.keys, auth: Buffer.alloc(8).toString('base64url') } }, 'keys', badKeys);
    // 65 bytes that are no point on the curve.
    await refused(
      { keys: { ...device.keys, p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url') } },
      'keys',
      badKeys,
    );
    await refused({ kinds: [] }, 'kinds', 'Choose at least one of: reply, mention, join_request, moderation.');
    await refused({ kinds: 'reply' }, 'kinds', 'Choose at least one of: reply, mention, join_request, moderation.');
    await refused(
      { kinds: ['reply', 'upvote'] },
      'kinds',
      '"upvote" is not a valid choice (choose from reply, mention, join_request, moderation).',
    );
    const badHours = 'Quiet hours need a start and an end as HH:MM (24-hour), not the same time.';
    await refused({ quiet_hours: { start: '24:00', end: '07:00', time_zone: 'UTC' } }, 'quiet_hours', badHours);
    await refused({ quiet_hours: { start: '9:00', end: '07:00', time_zone: 'UTC' } }, 'quiet_hours', badHours);
    await refused({ quiet_hours: { start: '07:00', end: '07:00', time_zone: 'UTC' } }, 'quiet_hours', badHours);
    await refused({ quiet_hours: { start: '22:00', time_zone: 'UTC' } }, 'quiet_hours', badHours);
    await refused({ quiet_hours: '22:00-07:00' }, 'quiet_hours', badHours);
    await refused({ quiet_hours: { start: '22:00', end: '07:00', time_zone: 'Mars/Olympus' } }, 'quiet_hours', 'Unknown time zone.');
    await refused({ quiet_hours: { start: '22:00', end: '07:00' } }, 'quiet_hours', 'Unknown time zone.');
    expect(await subscriptionsOf(member)).toEqual([]);
  });

  it('words its field errors in the reader’s language', async () => {
    const member = await createUser(t.app, 'hindi');
    const device = receiver.device();
    const res = await subscribe(
      member,
      {
        endpoint: 'http://push.example.com/1',
        keys: device.keys,
        kinds: ['reply'],
        quiet_hours: { start: '22:00', end: '07:00', time_zone: 'X/Y' },
      },
      { 'accept-language': 'hi' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ endpoint: ['पुश एंडपॉइंट https URL होना चाहिए।'], quiet_hours: ['अज्ञात समय क्षेत्र।'] });
  });

  it(`keeps at most ${MAX_PUSH_SUBSCRIPTIONS} browsers per member; one that moves to another account is theirs alone`, async () => {
    const member = await createUser(t.app, 'many');
    const devices = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS }, () => receiver.device());
    for (const device of devices) await subscribed(member, device, ['reply']);
    const extra = receiver.device();
    const refused = await subscribe(member, { endpoint: extra.endpoint, keys: extra.keys, kinds: ['reply'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      detail: `Push notifications can be on in at most ${MAX_PUSH_SUBSCRIPTIONS} browsers. Turn them off in one first.`,
      code: 'push.tooMany',
    });
    // Updating one already there is still allowed.
    expect((await subscribe(member, { endpoint: devices[0].endpoint, keys: devices[0].keys, kinds: ['mention'] })).statusCode).toBe(200);

    // Another account signs in on that browser and turns push on: the endpoint is now theirs (201: new for them).
    const next = await createUser(t.app, 'next');
    expect((await subscribe(next, { endpoint: devices[1].endpoint, keys: devices[1].keys, kinds: ['reply'] })).statusCode).toBe(201);
    expect((await subscriptionsOf(next)).map((s) => s.endpoint)).toEqual([devices[1].endpoint]);
    expect(await subscriptionsOf(member)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS - 1);
  });
});

describe('unsubscribing', () => {
  it('answers 204 and forgets the endpoint; another member’s endpoint is left alone; the endpoint is required', async () => {
    const member = await createUser(t.app, 'off');
    const other = await createUser(t.app, 'other');
    const mine = receiver.device();
    const theirs = receiver.device();
    await subscribed(member, mine, ['reply']);
    await subscribed(other, theirs, ['reply']);
    expect((await unsubscribe(member, theirs.endpoint)).statusCode).toBe(204);
    expect(await subscriptionsOf(other)).toHaveLength(1);
    const off = await unsubscribe(member, mine.endpoint);
    expect(off.statusCode).toBe(204);
    expect(off.body).toBe('');
    expect(await subscriptionsOf(member)).toEqual([]);
    // Again (the browser's subscription is gone already): still 204.
    expect((await unsubscribe(member, mine.endpoint)).statusCode).toBe(204);
    const missing = await unsubscribe(member);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ endpoint: ['This field is required.'] });
  });
});

describe('delivery', () => {
  it('pushes a reply to the member’s post to their browser, encrypted, VAPID-signed and decrypted there, in under a few seconds', async () => {
    const member = await createUser(t.app, 'author');
    const replier = await createUser(t.app, 'replier');
    const device = receiver.device();
    await subscribed(member, device, ['reply']);
    const postId = await post(t.app, member, circle, 'Where to buy train tickets?');

    const started = Date.now();
    const commentId = await commentOn(replier, postId, 'At the station, or on the app.');
    const [push] = await until('the push', async () => receiver.pushesTo(device).length > 0 && receiver.pushesTo(device));
    const deliveryMs = push.at - started;
    console.log(`push delivery: ${deliveryMs} ms from the reply's request to the decrypted push at the push service`);
    expect(deliveryMs).toBeLessThan(5000);

    expect(push.payload).toEqual({
      title: 'New reply',
      body: `${replier.username} commented on your post "Where to buy train tickets?"`,
      url: `/home/comments/${postId}#comment-${commentId}`,
      tag: expect.stringMatching(/^notification-\d+$/),
    });
    expect(push.ttl).toBe(86400);
    expect(push.urgency).toBe('high');
    expect(push.vapid.publicKey).toBe(vapid.publicKey);
    expect(push.vapid.claims).toMatchObject({ aud: `https://${receiver.hostPort}`, sub: 'mailto:push-test@example.com' });
    expect(receiver.problems).toEqual([]);
  });

  it('pushes only the kinds a browser opted in to, to every browser of the member that did, in the language it subscribed in', async () => {
    const member = await createUser(t.app, 'kinds');
    const replier = await createUser(t.app, 'mentioner');
    const replies = receiver.device();
    const mentions = receiver.device();
    await subscribed(member, replies, ['reply']);
    await subscribed(member, mentions, ['mention'], {}, { 'accept-language': 'hi' });
    const postId = await post(t.app, member, circle, 'Kinds');

    await commentOn(replier, postId, 'A plain reply.');
    await until('the reply push', async () => receiver.pushesTo(replies).length === 1);
    // No push was even queued for the browser that did not ask for replies.
    expect(await pushJobsFor(mentions.endpoint)).toEqual([]);

    const elsewhere = await post(t.app, replier, circle, 'Someone else’s post');
    await commentOn(replier, elsewhere, `@${member.username} have a look`);
    const [mention] = await until('the mention push', async () => receiver.pushesTo(mentions).length > 0 && receiver.pushesTo(mentions));
    expect(mention.payload).toMatchObject({
      title: 'आपका उल्लेख हुआ',
      url: expect.stringMatching(new RegExp(`^/home/comments/${elsewhere}#comment-`)),
    });
    await sleep(1500);
    expect(receiver.pushesTo(replies)).toHaveLength(1);
  });

  it('holds a push during quiet hours and sends it when they end', async () => {
    const member = await createUser(t.app, 'sleeper');
    const replier = await createUser(t.app, 'night');
    const device = receiver.device();
    // Quiet from an hour ago to an hour from now, in UTC.
    const hhmm = (at: Date) => at.toISOString().slice(11, 16);
    const end = new Date(Date.now() + 3_600_000);
    await subscribed(member, device, ['reply'], {
      quiet_hours: { start: hhmm(new Date(Date.now() - 3_600_000)), end: hhmm(end), time_zone: 'UTC' },
    });
    const postId = await post(t.app, member, circle, 'Late night question');
    await commentOn(replier, postId, 'Sleep on it.');

    // The job ran, sent nothing, and queued itself again for the end of the quiet hours.
    const deferred = await until('the deferred push job', async () => {
      const jobs = await pushJobsFor(device.endpoint);
      return jobs.length === 2 && jobs.find((job) => job.state === 'created');
    });
    const endMinute = new Date(end);
    endMinute.setUTCSeconds(0, 0);
    expect(new Date(deferred.start_after).getTime()).toBe(endMinute.getTime());
    expect(receiver.pushesTo(device)).toEqual([]);

    // The hours pass: the server's clock moves past their end, and the queue's time reaches the job.
    ahead = endMinute.getTime() - Date.now() + 1000;
    try {
      await executeRows(t.app.ctx.db, sql`update pgboss.job set start_after = now() where name = ${PUSH_JOB} and state = 'created'`);
      const [push] = await until(
        'the push after quiet hours',
        async () => receiver.pushesTo(device).length > 0 && receiver.pushesTo(device),
      );
      expect(push.payload).toMatchObject({ title: 'New reply', url: expect.stringContaining(`/home/comments/${postId}`) });
    } finally {
      ahead = 0;
    }
  });

  it('removes the subscription when the push service answers 410 Gone (or 404)', async () => {
    const member = await createUser(t.app, 'gone');
    const replier = await createUser(t.app, 'replier');
    const gone = receiver.device();
    const missing = receiver.device();
    await subscribed(member, gone, ['reply']);
    await subscribed(member, missing, ['reply']);
    receiver.answer(gone, 410);
    receiver.answer(missing, 404);
    const postId = await post(t.app, member, circle, 'Anyone there?');
    await commentOn(replier, postId, 'Yes.');
    await until('both subscriptions removed', async () => (await subscriptionsOf(member)).length === 0);
    expect(
      receiver.attempts
        .filter((a) => a.device === gone.id || a.device === missing.id)
        .map((a) => a.status)
        .sort(),
    ).toEqual([404, 410]);
  });

  it('retries a push the push service failed (5xx) until it is taken, and drops one it refuses for good (4xx)', async () => {
    const member = await createUser(t.app, 'retry');
    const replier = await createUser(t.app, 'replier');
    const flaky = receiver.device();
    const refusing = receiver.device();
    await subscribed(member, flaky, ['reply']);
    await subscribed(member, refusing, ['reply']);
    receiver.answer(flaky, 500, 503);
    receiver.answer(refusing, 413);
    const postId = await post(t.app, member, circle, 'Flaky network');
    await commentOn(replier, postId, 'Try again.');
    const [push] = await until('the push after two failures', async () => receiver.pushesTo(flaky).length > 0 && receiver.pushesTo(flaky));
    expect(push.payload).toMatchObject({ title: 'New reply' });
    expect(receiver.attempts.filter((a) => a.device === flaky.id).map((a) => a.status)).toEqual([500, 503, 201]);
    // The refused one was tried once and kept (the service may take the next push).
    await sleep(1500);
    expect(receiver.attempts.filter((a) => a.device === refusing.id).map((a) => a.status)).toEqual([413]);
    expect((await subscriptionsOf(member)).map((s) => s.endpoint).sort()).toEqual([flaky.endpoint, refusing.endpoint].sort());
  });

  it('pushes a join request to the channel’s owner, and its answer to the member who asked', async () => {
    const channelOwner = await createUser(t.app, 'keeper');
    const asker = await createUser(t.app, 'asker');
    const closed = await createCircle(t.app, channelOwner, undefined, { channelType: 'private' });
    const ownerDevice = receiver.device();
    const askerDevice = receiver.device();
    await subscribed(channelOwner, ownerDevice, ['join_request']);
    await subscribed(asker, askerDevice, ['join_request']);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/circles/join-by-name/',
      headers: asker.headers,
      payload: { circle_name: closed.name },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const [request] = await until(
      'the request push',
      async () => receiver.pushesTo(ownerDevice).length > 0 && receiver.pushesTo(ownerDevice),
    );
    expect(request.payload).toMatchObject({ title: 'Join request', url: `/home/channel-page/${closed.id}` });
    expect((request.payload as { body: string }).body).toContain(asker.username);

    const pending = await t.app.inject({ url: `/api/circles/requests/?circle_id=${closed.id}`, headers: channelOwner.headers });
    const [{ id }] = (pending.json() as { results: { id: number }[] }).results;
    const decided = await t.app.inject({ method: 'POST', url: `/api/circles/requests/${id}/approve/`, headers: channelOwner.headers });
    expect(decided.statusCode, decided.body).toBe(200);
    const [answer] = await until(
      'the answer push',
      async () => receiver.pushesTo(askerDevice).length > 0 && receiver.pushesTo(askerDevice),
    );
    expect(answer.payload).toMatchObject({ title: 'Join request', url: `/home/channel-page/${closed.id}` });
  });
});
