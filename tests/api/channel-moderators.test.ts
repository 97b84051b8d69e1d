import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Circle, RemovalReason } from '../../src/lib/api-types.ts';
import { runAdminCommand } from '../../src/server/staff/admin-command.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createCircle, createUser, post as insertPost, type TestCircle, type TestUser } from '../helpers/fixtures.ts';

/**
 * A channel's moderator team: its owner appoints members as moderators and dismisses them; moderators review the
 * channel's queue and act on it, and keep its removal reasons with the owner; settings and appointments stay the
 * owner's. A removal may name a removal reason: its author is told it, and the public log shows it.
 */
let t: TestApp;
let owner: TestUser;
let helper: TestUser;
let member: TestUser;
let outsider: TestUser;
let staff: TestUser;
let circle: TestCircle;

type Headers = { authorization: string };
const call = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, who?: { headers: Headers } | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers, payload });
const moderators = (circleId = circle.id) => `/api/circles/${circleId}/moderators/`;
const reasons = (circleId = circle.id) => `/api/circles/${circleId}/removal-reasons/`;

beforeAll(async () => {
  t = await buildTestApp();
  [owner, helper, member, outsider, staff] = await Promise.all(Array.from({ length: 5 }, () => createUser(t.app, 'user')));
  await runAdminCommand(t.app.ctx.db, ['grant', 'moderator', staff.username]);
  circle = await createCircle(t.app, owner, `Udupi Talk ${Date.now().toString(36)}`);
  await addMember(t.app, circle, helper);
  await addMember(t.app, circle, member);
});
afterAll(() => t?.close());

describe('appointing moderators', () => {
  it('the owner appoints a member by handle: 201, then 200; anyone lists them; the member is told and sees is_moderator', async () => {
    const first = await call('POST', moderators(), owner, { username: `@${helper.username}` });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ username: helper.username });
    const again = await call('POST', moderators(), owner, { username: helper.username });
    expect(again.statusCode).toBe(200);
    for (const reader of [null, outsider, owner]) {
      const list = await call('GET', moderators(), reader);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual({ count: 1, next: null, previous: null, results: [{ username: helper.username }] });
    }
    const seen = (await call('GET', `/api/circles/members/?circle_id=${circle.id}`, helper)).json() as Circle;
    expect(seen).toMatchObject({ is_moderator: true, is_owner: false, is_member: true });
    expect(((await call('GET', `/api/circles/members/?circle_id=${circle.id}`, member)).json() as Circle).is_moderator).toBe(false);
    const told = (await call('GET', '/api/notifications/', helper)).json();
    expect(told.results[0].text).toBe(`You are now a moderator of ${circle.name}: you can review its reports and act on them`);
  });

  it('shows a private channel’s moderators to its members only (a handle there would tell who belongs to it)', async () => {
    const created = await call('POST', '/api/circles/', owner, {
      name: `Quiet Room ${Date.now().toString(36)}`,
      description: 'Members only.',
      channel_type: 'private',
    });
    expect(created.statusCode, created.body).toBe(201);
    const hidden = created.json() as Circle;
    await addMember(t.app, hidden, member);
    expect((await call('POST', moderators(hidden.id), owner, { username: member.username })).statusCode).toBe(201);
    for (const outside of [null, outsider]) {
      const res = await call('GET', moderators(hidden.id), outside);
      expect(res.statusCode).toBe(404);
      expect(JSON.stringify(res.json())).not.toContain(member.username);
    }
    expect((await call('GET', moderators(hidden.id), member)).json().results).toEqual([{ username: member.username }]);
  });

  it('refuses with the field named: an unknown handle, the owner, someone not in the channel; in Hindi too', async () => {
    const unknown = await call('POST', moderators(), owner, { username: 'NoSuchHandle123' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ username: ['There is no member with this handle.'] });
    expect((await call('POST', moderators(), owner, { username: owner.username })).json()).toEqual({
      username: ['The owner already moderates this channel.'],
    });
    expect((await call('POST', moderators(), owner, { username: outsider.username })).json()).toEqual({
      username: ['Only members of this channel can moderate it. Ask them to join first.'],
    });
    expect((await call('POST', moderators(), owner, {})).json()).toEqual({ username: ['This field is required.'] });
    const hindi = await t.app.inject({
      method: 'POST',
      url: moderators(),
      headers: { ...owner.headers, 'accept-language': 'hi' },
      payload: { username: 'NoSuchHandle123' },
    });
    expect(hindi.json()).toEqual({ username: ['इस हैंडल वाला कोई सदस्य नहीं है।'] });
  });

  it('only the owner appoints and dismisses: 401 signed out, 403 for a member or a moderator; 404 for an unknown channel', async () => {
    expect((await call('POST', moderators(), null, { username: member.username })).statusCode).toBe(401);
    expect((await call('POST', moderators(), member, { username: member.username })).statusCode).toBe(403);
    const byModerator = await call('POST', moderators(), helper, { username: member.username });
    expect(byModerator.statusCode).toBe(403);
    expect(byModerator.json()).toMatchObject({ detail: 'Only the owner of this channel can change its settings.' });
    expect((await call('DELETE', `${moderators()}${helper.username}/`, member)).statusCode).toBe(403);
    expect((await call('GET', moderators(999_999))).statusCode).toBe(404);
    // Nor may a moderator change the channel's settings.
    expect((await call('PATCH', `/api/circles/${circle.id}/`, helper, { alt_text_required: true })).statusCode).toBe(403);
  });

  it('the owner dismisses a moderator (204, then 404), who stays a member and is told; a moderator may step down', async () => {
    const own = await createCircle(t.app, owner, `Mangaluru ${Date.now().toString(36)}`);
    await addMember(t.app, own, member);
    await addMember(t.app, own, helper);
    for (const who of [member, helper])
      expect((await call('POST', moderators(own.id), owner, { username: who.username })).statusCode).toBe(201);
    const dismissed = await call('DELETE', `${moderators(own.id)}${member.username}/`, owner);
    expect(dismissed.statusCode).toBe(204);
    expect((await call('DELETE', `${moderators(own.id)}${member.username}/`, owner)).json()).toMatchObject({
      detail: 'This member is not a moderator of this channel.',
    });
    expect(((await call('GET', `/api/circles/members/?circle_id=${own.id}`, member)).json() as Circle).is_member).toBe(true);
    expect((await call('GET', '/api/notifications/', member)).json().results[0].text).toBe(`You are no longer a moderator of ${own.name}`);
    expect((await call('DELETE', `${moderators(own.id)}${helper.username}/`, helper)).statusCode).toBe(204);
    expect((await call('GET', moderators(own.id))).json().count).toBe(0);
  });
});

describe('removal reasons', () => {
  let spam: RemovalReason;

  it('the owner and moderators add them (201 {id, text, language}) and read them; members and outsiders may not', async () => {
    const added = await call('POST', reasons(), owner, { text: '  Spam or  advertising  ' });
    expect(added.statusCode, added.body).toBe(201);
    spam = added.json();
    expect(spam).toEqual({ id: expect.any(Number), text: 'Spam or advertising', language: 'en' });
    const kannada = await call('POST', reasons(), helper, { text: 'ಜಾಹೀರಾತು', language: 'kn' });
    expect(kannada.statusCode).toBe(201);
    expect(kannada.json()).toMatchObject({ language: 'kn' });
    for (const reader of [owner, helper, staff]) {
      const list = await call('GET', reasons(), reader);
      expect(list.statusCode).toBe(200);
      expect(list.json().results.map((r: RemovalReason) => r.text)).toEqual(['Spam or advertising', 'ಜಾಹೀರಾತು']);
    }
    expect((await call('GET', reasons(), member)).statusCode).toBe(403);
    expect((await call('POST', reasons(), member, { text: 'Mine' })).json()).toMatchObject({
      detail: 'Only the owner and moderators of this channel can do this.',
    });
    expect((await call('GET', reasons(), null)).statusCode).toBe(401);
    expect((await call('POST', reasons(), owner, { text: ' ' })).json()).toEqual({ text: ['This field may not be blank.'] });
    expect((await call('POST', reasons(), owner, { text: 'x', language: 'fr' })).statusCode).toBe(400);
    const removable = (await call('POST', reasons(), helper, { text: 'Off topic' })).json() as RemovalReason;
    expect((await call('DELETE', `${reasons()}${removable.id}/`, member)).statusCode).toBe(403);
    expect((await call('DELETE', `${reasons()}${removable.id}/`, helper)).statusCode).toBe(204);
    expect((await call('DELETE', `${reasons()}${removable.id}/`, helper)).json()).toMatchObject({ detail: 'Removal reason not found.' });
  });

  it('a moderator reviews the channel’s queue and removes with a removal reason: the author is told it, the log shows it', async () => {
    const postId = await insertPost(t.app, member, circle, 'Cheap followers, DM now');
    const reported = await call('POST', '/api/reports/', outsider, { post: postId, reason: 'spam' });
    expect(reported.statusCode).toBe(201);
    const queue = await call('GET', `/api/circles/${circle.id}/reports/`, helper);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().results.map((c: { item: { id: number } }) => c.item.id)).toContain(postId);
    expect((await call('GET', `/api/circles/${circle.id}/reports/`, member)).statusCode).toBe(403);

    const removed = await call('POST', '/api/moderation/actions/', helper, { post: postId, action: 'remove', removal_reason_id: spam.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().item).toMatchObject({
      moderation_status: 'removed',
      moderation_label: 'Removed by moderators: Spam or advertising',
    });
    const told = (await call('GET', '/api/notifications/', member)).json();
    expect(told.results[0]).toMatchObject({ kind: 'moderation_action', text: 'Your post was removed by moderators: Spam or advertising' });
    const log = (await call('GET', `/api/modlog/?circle=${circle.id}`)).json();
    expect(log.results[0]).toMatchObject({ action: 'remove', reason: 'Spam or advertising', actor: `Moderator of b/${circle.name}` });
  });

  it('a removal reason and words of one’s own go together; another channel’s reason is refused with the field named', async () => {
    const postId = await insertPost(t.app, member, circle, 'Buy my course');
    const both = await call('POST', '/api/moderation/actions/', owner, {
      post: postId,
      action: 'remove',
      removal_reason_id: spam.id,
      reason: 'third time this week',
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().item.moderation_label).toBe('Removed by moderators: Spam or advertising — third time this week');
    const other = await createCircle(t.app, owner, `Other ${Date.now().toString(36)}`);
    const foreign = (await call('POST', reasons(other.id), owner, { text: 'Not here' })).json() as RemovalReason;
    const next = await insertPost(t.app, member, circle, 'Another');
    const refused = await call('POST', '/api/moderation/actions/', helper, { post: next, action: 'remove', removal_reason_id: foreign.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ removal_reason_id: ["Choose one of this channel's removal reasons."] });
  });

  it('a moderator cannot overturn staff, nor suspend site-wide, nor act outside the channel', async () => {
    const postId = await insertPost(t.app, member, circle, 'Staff removed this');
    expect((await call('POST', '/api/moderation/actions/', staff, { post: postId, action: 'remove', reason: 'Scam' })).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/api/moderation/actions/', helper, { post: postId, action: 'restore' })).statusCode).toBe(403);
    const other = await insertPost(t.app, member, circle, 'Suspend me');
    const site = await call('POST', '/api/moderation/actions/', helper, {
      post: other,
      action: 'suspend',
      duration: '1d',
      scope: 'site',
      reason: 'x',
    });
    expect(site.statusCode).toBe(403);
    const elsewhere = await createCircle(t.app, outsider, `Elsewhere ${Date.now().toString(36)}`);
    const outside = await insertPost(t.app, outsider, elsewhere, 'Not yours');
    expect((await call('POST', '/api/moderation/actions/', helper, { post: outside, action: 'remove', reason: 'x' })).statusCode).toBe(403);
  });

  it('moderators manage the channel’s tags with the owner', async () => {
    const tag = await call('POST', `/api/circles/${circle.id}/tags/`, helper, { name: 'Notice', color: '#1d4ed8' });
    expect(tag.statusCode, tag.body).toBe(201);
    expect((await call('POST', `/api/circles/${circle.id}/tags/`, member, { name: 'Mine', color: '#1d4ed8' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/circles/${circle.id}/tags/${tag.json().id}/`, helper)).statusCode).toBe(204);
  });
});
