import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Circle } from '../../src/lib/api-types.ts';
import { sql } from 'drizzle-orm';
import { circles } from '../../src/server/db/schema/index.ts';
import { isUniqueViolation } from '../../src/server/services/circles/index.ts';
import { themeColorsFor } from '../../src/lib/theme-colors.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, join, type TestUser } from '../helpers/fixtures.ts';

let t: TestApp;
let owner: TestUser;
let other: TestUser;

/**
 * Each group of tests gets its own fresh app with the circles it reads made in its `beforeAll`, so no
 * test depends on another having run before it.
 */
function freshApp(prepare: () => Promise<void> = async () => {}) {
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createUser(t.app, 'Owner');
    other = await createUser(t.app, 'Other');
    await prepare();
  });
  afterAll(() => t.close());
}

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.headers });
const post = (url: string, payload: unknown, user?: TestUser) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: user?.headers });
const create = (payload: unknown, user: TestUser | undefined = owner) => post('/api/circles/', payload, user);

describe('GET /api/circles/ on an empty database', () => {
  // Its own fresh database, so the answer does not depend on which tests ran before.
  let empty: TestApp;
  beforeAll(async () => {
    empty = await buildTestApp();
  });
  afterAll(() => empty.close());

  it('answers an empty page', async () => {
    const res = await empty.app.inject({ method: 'GET', url: '/api/circles/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});

describe('POST /api/circles/', () => {
  freshApp(async () => void (await createCircle(t.app, owner, 'Taken Name')));

  it('creates a circle: 201 with the spec shape, the creator as owner and first member', async () => {
    const res = await create({ name: '  Pune   Foodies ', description: ' Misal, vada pav and more. ', channel_type: 'public' });
    expect(res.statusCode).toBe(201);
    const circle: Circle = res.json();
    expect(circle).toEqual({
      id: expect.any(Number),
      name: 'Pune Foodies',
      description: 'Misal, vada pav and more.',
      channel_type: 'public',
      channel_name: 'Pune Foodies',
      members_count: 1,
      is_member: true,
      is_owner: true,
      is_moderator: false,
      membership_status: 'member',
      theme_colors: themeColorsFor('Pune Foodies'),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      requirement: null,
      alt_text_required: false,
    });
    const asOther = (await get(`/api/circles/members/?circle_id=${circle.id}`, other)).json();
    expect(asOther).toMatchObject({ is_member: false, is_owner: false, membership_status: 'none', members_count: 1 });
  });

  it('defaults channel_type to public and accepts private', async () => {
    expect((await create({ name: 'Default Type', description: 'x' })).json().channel_type).toBe('public');
    expect((await create({ name: 'Quiet Room', description: 'x', channel_type: 'private' })).json().channel_type).toBe('private');
  });

  it('refuses a name already taken in any letter case', async () => {
    const res = await create({ name: 'TAKEN NAME', description: 'again' }, other);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['A channel with this name already exists.'] });
  });

  it('lets exactly one of several simultaneous creations of the same name win', async () => {
    const names = ['Race Track', 'race track', 'RACE TRACK', 'Race track'];
    const results = await Promise.all(names.map((name) => create({ name, description: 'fast' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400))
      expect(r.json()).toEqual({ name: ['A channel with this name already exists.'] });
  });

  it('recognises the driver’s unique-index violation, the path a lost race takes', async () => {
    const error = await t.app.ctx.db
      .insert(circles)
      .values({ name: 'taken NAME', themeColors: themeColorsFor('x') })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });

  it.each([
    [{ name: 'Valid Name', description: 'x', channel_type: 'secret' }, { channel_type: ['"secret" is not a valid choice.'] }],
    [{ name: '   ', description: 'x' }, { name: ['This field may not be blank.'] }],
    [{ description: 'x' }, { name: ['This field is required.'] }],
    [{ name: 'ab', description: 'x' }, { name: ['Ensure this field has at least 3 characters.'] }],
    [{ name: 'n'.repeat(51), description: 'x' }, { name: ['Ensure this field has no more than 50 characters.'] }],
    [
      { name: 'Bad <script>', description: 'x' },
      { name: ['Channel names may contain only letters, numbers, spaces, hyphens and underscores.'] },
    ],
    [{ name: 42, description: 'x' }, { name: ['Not a valid string.'] }],
    [{ name: 'No Description' }, { description: ['This field is required.'] }],
    [{ name: 'Blank Description', description: ' ' }, { description: ['This field may not be blank.'] }],
    [{ name: 'Long Description', description: 'd'.repeat(501) }, { description: ['Ensure this field has no more than 500 characters.'] }],
    [[1, 2], { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] }],
  ])('answers 400 with field errors for %j', async (payload, errors) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
  });

  it('accepts names in Indian scripts, hyphens and underscores', async () => {
    const res = await create({ name: 'ಉಡುಪಿ Foodies_2-0', description: 'Coastal food.' });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('ಉಡುಪಿ Foodies_2-0');
  });

  it('answers 401 without a token', async () => {
    const res = await post('/api/circles/', { name: 'Nobody', description: 'x' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('GET /api/circles/members/', () => {
  freshApp(async () => void (await createCircle(t.app, owner, 'Pune Foodies')));

  it('finds a circle by name in any case and by id', async () => {
    const byName = await get('/api/circles/members/?circle_name=pune%20foodies', owner);
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toMatchObject({ name: 'Pune Foodies', is_owner: true, is_member: true });
    const byId = await get(`/api/circles/members/?circle_id=${byName.json().id}`);
    expect(byId.json()).toMatchObject({ name: 'Pune Foodies', is_member: false, membership_status: 'none' });
  });

  it('treats a bad token as a visitor', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/circles/members/?circle_name=Pune Foodies',
      headers: { authorization: 'Bearer nope' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_member).toBe(false);
  });

  it('answers 404 for an unknown circle and 400 without a parameter', async () => {
    for (const url of [
      '/api/circles/members/?circle_name=Nowhere',
      '/api/circles/members/?circle_id=999999',
      '/api/circles/members/?circle_id=abc',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Channel not found.' });
    }
    const res = await get('/api/circles/members/');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ circle_name: ['This field is required.'] });
  });
});

describe('POST /api/circles/join-by-name/ (public circles)', () => {
  freshApp(async () => {
    await createCircle(t.app, owner, 'Pune Foodies');
    await createCircle(t.app, owner, 'Default Type');
  });

  it('joins (200), then answers 400 because the person is already a member', async () => {
    const first = await join(t.app, other, 'pune foodies');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      detail: 'Joined Pune Foodies.',
      status: 'joined',
      circle: { name: 'Pune Foodies', is_member: true, is_owner: false, membership_status: 'member', members_count: 2 },
    });
    const again = await join(t.app, other, 'Pune Foodies');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ detail: 'You are already a member of Pune Foodies.' });
  });

  it('answers 400 to the owner, who is a member already', async () => {
    const res = await join(t.app, owner, 'Pune Foodies');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'You are already a member of Pune Foodies.' });
  });

  it('counts a member once even when the same join arrives several times at once', async () => {
    const newcomer = await createUser(t.app, 'Eager');
    const results = await Promise.all(Array.from({ length: 4 }, () => join(t.app, newcomer, 'Default Type')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
    expect((await get('/api/circles/members/?circle_name=Default Type')).json().members_count).toBe(2);
  });

  it('answers 404 for an unknown circle, 400 for a blank name and 401 without a token', async () => {
    const unknown = await join(t.app, other, 'No Such Circle');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: 'Channel not found.' });
    const blank = await post('/api/circles/join-by-name/', { circle_name: ' ' }, other);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ circle_name: ['This field may not be blank.'] });
    const missing = await post('/api/circles/join-by-name/', {}, other);
    expect(missing.json()).toEqual({ circle_name: ['This field is required.'] });
    expect((await post('/api/circles/join-by-name/', { circle_name: 'Pune Foodies' })).statusCode).toBe(401);
  });
});

describe('listing and name search', () => {
  let names: string[];
  freshApp(async () => {
    // Five other circles, one private, one of them joined by `other`.
    for (const name of ['Pune Foodies', 'Default Type', 'Race Track', 'ಉಡುಪಿ Foodies_2-0']) await createCircle(t.app, owner, name);
    await createCircle(t.app, owner, 'Quiet Room', { channelType: 'private' });
    await join(t.app, other, 'Pune Foodies');
    // Twelve cricket circles; the first three get 4, 3 and 2 extra members.
    const creator = await createUser(t.app, 'Creator');
    names = Array.from({ length: 12 }, (_, i) => `Cricket Club ${String(i + 1).padStart(2, '0')}`);
    for (const name of names) await createCircle(t.app, creator, name);
    const fans = await Promise.all(Array.from({ length: 4 }, () => createUser(t.app, 'Fan')));
    for (const [i, extra] of [4, 3, 2].entries()) for (const fan of fans.slice(0, extra)) await join(t.app, fan, names[i]);
  });

  it('orders by members_count desc then newest first, ten a page, with DRF page links', async () => {
    const page1 = await get('/api/circles/');
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    const total = body.count;
    expect(total).toBeGreaterThanOrEqual(17);
    expect(body.results).toHaveLength(10);
    expect(body.results.slice(0, 3).map((c: Circle) => [c.name, c.members_count])).toEqual([
      [names[0], 5],
      [names[1], 4],
      [names[2], 3],
    ]);
    expect(body.previous).toBeNull();
    expect(body.next).toMatch(/^http:\/\/[^/]+\/api\/circles\/\?page=2&cursor=[\w-]+$/);

    const all: Circle[] = [...body.results];
    for (let page = 2; page <= Math.ceil(total / 10); page++) all.push(...(await get(`/api/circles/?page=${page}`)).json().results);
    expect(all).toHaveLength(total);
    const sorted = [...all].sort((a, b) => b.members_count - a.members_count || b.id - a.id);
    expect(all.map((c) => c.id)).toEqual(sorted.map((c) => c.id));
    // Private circles are listed so people can ask to join.
    expect(all.find((c) => c.name === 'Quiet Room')).toMatchObject({ channel_type: 'private', members_count: 1 });
  });

  it('shows the viewer their own memberships in the list', async () => {
    const results: Circle[] = (await get('/api/circles/', other)).json().results;
    const mine = (await get('/api/circles/?page=2', other))
      .json()
      .results.concat(results)
      .find((c: Circle) => c.name === 'Pune Foodies');
    expect(mine).toMatchObject({ is_member: true, membership_status: 'member' });
  });

  it('answers 404 "Invalid page." past the end or for a non-number', async () => {
    for (const page of ['99', 'abc', '0']) {
      const res = await get(`/api/circles/?page=${page}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Invalid page.' });
    }
  });

  it('searches names case-insensitively by substring, most members first', async () => {
    const res = await get('/api/circles/search/?q=CLUB%200');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 9, next: null, previous: null });
    expect(body.results[0]).toEqual({
      id: expect.any(Number),
      name: names[0],
      channel_type: 'public',
      members_count: 5,
      requirement: null,
    });
    expect(body.results.map((r: { name: string }) => r.name)).toEqual([names[0], names[1], names[2], ...names.slice(3, 9)]);
  });

  it('finds by prefix and caps the list at 20', async () => {
    expect((await get('/api/circles/search/?q=cric')).json().count).toBe(12);
    const creator = await createUser(t.app, 'Bulk');
    for (let i = 0; i < 10; i++) await createCircle(t.app, creator, `Cricket Fans ${i}`);
    const res = (await get('/api/circles/search/?q=cricket')).json();
    expect(res.count).toBe(20);
    expect(res.results).toHaveLength(20);
  });

  it('treats LIKE wildcards as plain characters and a blank query as no query', async () => {
    for (const q of ['%25', '%5C', '', '%20%20']) {
      const res = await get(`/api/circles/search/?q=${q}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    }
    // Only the one name with a real underscore, not every name.
    expect((await get('/api/circles/search/?q=_')).json().results.map((r: { name: string }) => r.name)).toEqual(['ಉಡುಪಿ Foodies_2-0']);
    expect((await get('/api/circles/search/')).json().results).toEqual([]);
  });

  it('answers 400 for a repeated q', async () => {
    const res = await get('/api/circles/search/?q=a&q=b');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ q: ['Not a valid string.'] });
  });
});

describe('Explore: GET /api/circles/ with q, requirement and sort', () => {
  freshApp(async () => {
    await createCircle(t.app, owner, 'Pune Foodies', { description: 'Misal and vada pav' });
    await createCircle(t.app, owner, 'Chess Corner', { description: 'Openings and endgames' });
    const asked = await create({ name: 'IIT Alumni', description: 'For alumni', requirement: { kind: 'academic' } });
    expect(asked.statusCode).toBe(201);
    const ca = await create({ name: 'CA Desk', description: 'Tax questions', requirement: { kind: 'credential', value: 'ca' } });
    expect(ca.statusCode).toBe(201);
    await join(t.app, other, 'Chess Corner');
    // Chess Corner has more members; Pune Foodies posts more this week.
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/posts/', { circle: 'Pune Foodies', title: `Weekend ${i}`, content: '<p>Where to eat?</p>' }, owner);
      expect(res.statusCode).toBe(201);
    }
  });
  const names = async (url: string) => ((await get(url)).json().results as Circle[]).map((c) => c.name);

  it('finds by name or description, any case, and filters by what joining requires', async () => {
    expect(await names('/api/circles/?q=vada')).toEqual(['Pune Foodies']);
    expect(await names('/api/circles/?q=CHESS')).toEqual(['Chess Corner']);
    expect((await names('/api/circles/?requirement=none')).sort()).toEqual(['Chess Corner', 'Pune Foodies']);
    expect(await names('/api/circles/?requirement=academic')).toEqual(['IIT Alumni']);
    expect(await names('/api/circles/?requirement=credential')).toEqual(['CA Desk']);
    expect(await names('/api/circles/?requirement=institution')).toEqual([]);
    expect((await get('/api/circles/?q=alumni&requirement=academic')).json()).toMatchObject({ count: 1, next: null, previous: null });
  });

  it('sorts by members (the default) or by posts this week (active)', async () => {
    expect((await names('/api/circles/'))[0]).toBe('Chess Corner');
    expect((await names('/api/circles/?sort=members'))[0]).toBe('Chess Corner');
    expect((await names('/api/circles/?sort=active'))[0]).toBe('Pune Foodies');
  });

  it("recounts this week's posts hourly: a post older than a week drops out of the active order", async () => {
    await t.app.ctx.db.execute(sql`update posts set created_at = now() - interval '8 days'`);
    await t.app.ctx.services.circles.recountRecentPosts();
    const [foodies] = await t.app.ctx.db
      .select({ recent: circles.recentPosts })
      .from(circles)
      .where(sql`name = 'Pune Foodies'`);
    expect(foodies.recent).toBe(0);
  });

  it('answers 400 for an unknown requirement or sort, in DRF words', async () => {
    const res = await get('/api/circles/?requirement=aadhaar&sort=hot');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ requirement: ['"aadhaar" is not a valid choice.'], sort: ['"hot" is not a valid choice.'] });
  });
});

describe('channel rules: GET and PUT /api/circles/{id}/rules/', () => {
  let room: Circle;
  freshApp(async () => {
    room = await createCircle(t.app, owner, 'Rules Room');
  });
  const put = (id: number, payload: unknown, user?: TestUser) =>
    t.app.inject({ method: 'PUT', url: `/api/circles/${id}/rules/`, payload: payload as object, headers: user?.headers });

  it("starts empty, takes the owner's rules, and shows them to anyone", async () => {
    expect((await get(`/api/circles/${room.id}/rules/`)).json()).toEqual({ rules: [] });
    const rules = [
      { title: 'Be kind', body: 'No personal attacks.' },
      { title: 'Stay on topic', body: 'Posts are about the coast.' },
    ];
    const res = await put(room.id, { rules }, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rules });
    expect((await get(`/api/circles/${room.id}/rules/`)).json()).toEqual({ rules });
    expect((await get(`/api/circles/${room.id}/rules/`, other)).json()).toEqual({ rules });
  });

  it("is the owner's to change: 403 for a member, 401 for a visitor, 404 for an unknown circle", async () => {
    const res = await put(room.id, { rules: [] }, other);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: 'Only the owner of this channel can change its settings.' });
    expect((await put(room.id, { rules: [] })).statusCode).toBe(401);
    expect((await get('/api/circles/999999/rules/')).statusCode).toBe(404);
    expect((await put(999999, { rules: [] }, owner)).statusCode).toBe(404);
  });

  it('answers 400 past 10 rules or for an empty title', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ title: `Rule ${i}`, body: 'A sentence.' }));
    const tooMany = await put(room.id, { rules: eleven }, owner);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ rules: ['Ensure this field has no more than 10 elements.'] });
    const blank = await put(room.id, { rules: [{ title: ' ', body: 'x' }] }, owner);
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain('This field may not be blank.');
    expect((await put(room.id, {}, owner)).json()).toEqual({ rules: ['This field is required.'] });
  });
});
