import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Circle, JoinRequest } from '../../src/lib/api-types.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { comment, createCircle, createUser, join, post, type TestUser } from '../helpers/fixtures.ts';

let t: TestApp;
let owner: TestUser;
let asker: TestUser;
let stranger: TestUser;
let circle: Circle;

// Every test starts from its own app: the owner's private circle with a post and a comment, nobody asking yet.
beforeEach(async () => {
  t = await buildTestApp();
  [owner, asker, stranger] = await Promise.all([createUser(t.app, 'Owner'), createUser(t.app, 'Asker'), createUser(t.app, 'Stranger')]);
  circle = await createCircle(t.app, owner, 'Founders Table', { channelType: 'private', description: 'Runway and hiring, honestly.' });
  const postId = await post(t.app, owner, circle, 'Runway planning for seed-stage founders', {
    description: '<p>Keep eighteen months of runway.</p>',
  });
  await comment(t.app, owner, postId, 'Runway discipline beats fundraising heroics.');
});
afterEach(() => t.close());

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.headers });
const postTo = (url: string, user?: TestUser) => t.app.inject({ method: 'POST', url, headers: user?.headers });
const pendingOf = async (user: TestUser = owner, query = `circle_id=${circle.id}`) => get(`/api/circles/requests/?${query}`, user);
const askerApproved = async () => {
  await join(t.app, asker, 'Founders Table');
  await postTo(`/api/circles/requests/${(await pendingOf()).json().results[0].id}/approve/`, owner);
};
const searchAs = async (q: string, user?: TestUser) => (await get(`/api/posts/search/?q=${encodeURIComponent(q)}`, user)).json().search;

describe('asking to join a private circle', () => {
  it('answers 202 pending, without adding a member', async () => {
    const res = await join(t.app, asker, 'founders table');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      detail: 'Request to join Founders Table sent.',
      status: 'pending',
      circle: { id: circle.id, is_member: false, membership_status: 'pending', members_count: 1 },
    });
  });

  it('stays 202 when asked again while pending, with still one request', async () => {
    await join(t.app, asker, 'Founders Table');
    const res = await join(t.app, asker, 'Founders Table');
    expect(res.statusCode).toBe(202);
    expect((await pendingOf()).json().count).toBe(1);
  });

  it('shows the viewer their pending state in the circle details', async () => {
    await join(t.app, asker, 'Founders Table');
    const res = await get('/api/circles/members/?circle_name=Founders Table', asker);
    expect(res.json()).toMatchObject({ membership_status: 'pending', is_member: false });
  });

  it('answers 400 to the owner, who is already a member', async () => {
    const res = await join(t.app, owner, 'Founders Table');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'You are already a member of Founders Table.' });
  });

  it('keeps the content hidden from someone whose request is pending', async () => {
    await join(t.app, asker, 'Founders Table');
    expect((await searchAs('runway', asker)).posts).toEqual([]);
    expect((await searchAs('runway', asker)).comments).toEqual([]);
  });
});

describe('owner review', () => {
  beforeEach(async () => {
    await join(t.app, asker, 'Founders Table');
  });

  it('lists pending requests with the requester’s handle only', async () => {
    const res = await pendingOf(owner, 'circle_name=founders%20table');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 1, next: null, previous: null });
    expect(body.results).toEqual([
      {
        id: expect.any(Number),
        circle_id: circle.id,
        user: asker.username,
        status: 'pending',
        created_at: expect.stringMatching(/^\d{4}-/),
      },
    ]);
  });

  it('refuses anyone but the owner (403) and visitors (401)', async () => {
    const res = await pendingOf(stranger);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: 'Only the owner can review join requests.' });
    expect((await get(`/api/circles/requests/?circle_id=${circle.id}`)).statusCode).toBe(401);
    const id = (await pendingOf()).json().results[0].id;
    for (const action of ['approve', 'reject']) {
      const attempt = await postTo(`/api/circles/requests/${id}/${action}/`, asker);
      expect(attempt.statusCode).toBe(403);
      expect(attempt.json()).toMatchObject({ detail: 'Only the owner can review join requests.' });
    }
  });

  it('answers 404 for unknown circles and request ids, 400 without a circle', async () => {
    expect((await pendingOf(owner, 'circle_name=Nowhere')).statusCode).toBe(404);
    const noCircle = await get('/api/circles/requests/', owner);
    expect(noCircle.statusCode).toBe(400);
    expect(noCircle.json()).toEqual({ circle_name: ['This field is required.'] });
    for (const id of ['999999', 'abc', '0', '99999999999']) {
      const res = await postTo(`/api/circles/requests/${id}/approve/`, owner);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Join request not found.' });
    }
  });

  it('approves: the requester becomes a member and sees the private posts in search', async () => {
    const id = (await pendingOf()).json().results[0].id;
    const res = await postTo(`/api/circles/requests/${id}/approve/`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, circle_id: circle.id, user: asker.username, status: 'approved', created_at: expect.any(String) });

    const details = (await get(`/api/circles/members/?circle_id=${circle.id}`, asker)).json();
    expect(details).toMatchObject({ is_member: true, membership_status: 'member', members_count: 2 });
    expect((await pendingOf()).json()).toMatchObject({ count: 0, results: [] });

    const found = await searchAs('runway', asker);
    expect(found.posts.map((p: { title: string }) => p.title)).toEqual(['Runway planning for seed-stage founders']);
    expect(found.comments.map((c: { body: string }) => c.body)).toEqual(['Runway discipline beats fundraising heroics.']);

    const again = await join(t.app, asker, 'Founders Table');
    expect(again.statusCode).toBe(400);
  });

  it('answers 400 when deciding a request that is no longer pending', async () => {
    await askerApproved();
    const [request] = await t.app.ctx.db.query.joinRequests.findMany({ limit: 1 });
    for (const action of ['approve', 'reject']) {
      const res = await postTo(`/api/circles/requests/${request.id}/${action}/`, owner);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: 'This request has already been decided.' });
    }
    expect((await get(`/api/circles/members/?circle_id=${circle.id}`)).json().members_count).toBe(2);
  });

  it('rejects: no membership, and the person may ask again', async () => {
    await askerApproved();
    await join(t.app, stranger, 'Founders Table');
    const id = (await pendingOf()).json().results[0].id;
    const res = await postTo(`/api/circles/requests/${id}/reject/`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, user: stranger.username, status: 'rejected' });
    expect((await get(`/api/circles/members/?circle_id=${circle.id}`, stranger)).json()).toMatchObject({
      is_member: false,
      membership_status: 'none',
      members_count: 2,
    });
    expect((await searchAs('runway', stranger)).posts).toEqual([]);

    const retry = await join(t.app, stranger, 'Founders Table');
    expect(retry.statusCode).toBe(202);
    expect((await pendingOf()).json().results).toEqual([expect.objectContaining({ id, user: stranger.username, status: 'pending' })]);
  });

  it('pages pending requests oldest first', async () => {
    await askerApproved();
    await join(t.app, stranger, 'Founders Table');
    const people = [];
    for (let i = 0; i < 11; i++) {
      const person = await createUser(t.app, 'Queue');
      await join(t.app, person, 'Founders Table');
      people.push(person.username);
    }
    const page1 = (await pendingOf()).json();
    expect(page1.count).toBe(12);
    expect(page1.results).toHaveLength(10);
    expect(page1.next).toMatch(/page=2/);
    const page2 = (await pendingOf(owner, `circle_id=${circle.id}&page=2`)).json();
    const order = [...page1.results, ...page2.results].map((r: JoinRequest) => r.user);
    expect(order).toEqual([stranger.username, ...people]);
  });

  it('lets only one of two simultaneous decisions win, and counts the member once', async () => {
    await askerApproved();
    await join(t.app, stranger, 'Founders Table');
    const id = (await pendingOf()).json().results[0].id;
    const results = await Promise.all([
      postTo(`/api/circles/requests/${id}/approve/`, owner),
      postTo(`/api/circles/requests/${id}/approve/`, owner),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await get(`/api/circles/members/?circle_id=${circle.id}`)).json().members_count).toBe(3);
  });
});

describe('the pending state when request ids and circle ids differ', () => {
  it('is read from the request of this circle and this person, in the join answer, the details and the list', async () => {
    // A request whose id is not the circle's id: a correlated subquery that compared the request's own
    // id with its circle_id only looked right while the two numbers happened to be equal.
    const first = await createCircle(t.app, stranger, 'Quiet Room One', { channelType: 'private' });
    const second = await createCircle(t.app, stranger, 'Quiet Room Two', { channelType: 'private' });
    await t.app.ctx.db.execute(sql`select setval('join_requests_id_seq', 1000)`);
    const res = await join(t.app, asker, second.name);
    expect(res.statusCode).toBe(202);
    const [request] = (await get(`/api/circles/requests/?circle_id=${second.id}`, stranger)).json().results as JoinRequest[];
    expect(request.id).not.toBe(second.id);
    expect(res.json().circle).toMatchObject({ id: second.id, membership_status: 'pending' });
    expect((await get(`/api/circles/members/?circle_id=${second.id}`, asker)).json()).toMatchObject({ membership_status: 'pending' });
    expect((await get(`/api/circles/members/?circle_id=${first.id}`, asker)).json()).toMatchObject({ membership_status: 'none' });
    const listed = (await get('/api/circles/?page=1', asker)).json().results as Circle[];
    expect(listed.find((c) => c.id === second.id)?.membership_status).toBe('pending');
    expect(listed.find((c) => c.id === first.id)?.membership_status).toBe('none');
  });
});
