import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post, ProfileResponse } from '../../src/lib/api-types.ts';
import { circleMembers, circles, posts, users } from '../../src/server/db/schema/index.ts';
import { ANIMALS, COLORS } from '../../src/server/services/accounts/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { UNTOUCHED_POST } from '../helpers/fixtures.ts';
import { signIn, uniqueEmail, type SignedIn } from '../helpers/sign-in.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const profile = (me: SignedIn, method: 'GET' | 'POST' = 'GET', query = '') =>
  t.app.inject({ method, url: `/api/users/me/profile/${query}`, headers: me.auth });
const userIdOf = (me: SignedIn) => JSON.parse(Buffer.from(me.access.split('.')[1], 'base64url').toString()).user_id as number;

let circleSeq = 0;
async function insertCircle(ownerId: number, channelType: 'public' | 'private' = 'public') {
  const [row] = await t.app.ctx.db
    .insert(circles)
    .values({ name: `Profile Circle ${++circleSeq}`, channelType, ownerId, themeColors: { primary: '#9a3412', secondary: '#7c2d12' } })
    .returning({ id: circles.id, name: circles.name });
  return row;
}

describe('POST /api/users/me/profile/', () => {
  it('needs a signed-in person', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/me/profile/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: 'Authentication credentials were not provided.' });
  });

  it('creates the profile once (201), then answers 200 with the same profile', async () => {
    const me = await signIn(t, uniqueEmail('fresh', 'gmail.com'));
    expect(me.is_registered).toBe(true);
    const first = await profile(me, 'POST');
    expect(first.statusCode).toBe(201);
    const body = first.json() as ProfileResponse;
    const color = COLORS.find((c) => c.hex === body.color);
    expect(color).toBeDefined();
    expect(ANIMALS).toContain(body.animal);
    expect(body).toEqual({
      profile: {
        id: userIdOf(me),
        username: expect.stringMatching(new RegExp(`^${color!.name}${body.animal}\\d{4}$`)),
        profile_image: null,
        is_aadhaar_verified: false,
      },
      color: body.color,
      animal: body.animal,
      identity: [{ kind: 'email', label: 'Verified email' }],
      verifications: [{ kind: 'email', label: 'Verified email', verified_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }],
      // A personal sign-in address proves nothing beyond itself: the badge reads Unverified.
      is_verified: false,
      circles: { count: 0, next: null, previous: null, results: [] },
      posts: { count: 0, next: null, previous: null, results: [] },
    });
    const again = await profile(me, 'POST');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    const [row] = await t.app.ctx.db
      .select({ createdAt: users.profileCreatedAt })
      .from(users)
      .where(eq(users.id, userIdOf(me)));
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it('shows the academic chip for an academic domain, never the address', async () => {
    const email = uniqueEmail('prof', 'physics.iisc.ac.in');
    const me = await signIn(t, email);
    const res = await profile(me, 'POST');
    expect(res.json().identity).toEqual([
      { kind: 'email', label: 'Verified email' },
      { kind: 'academic', label: 'Verified academic' },
    ]);
    expect(res.body.toLowerCase()).not.toContain(email.split('@')[0]);
    expect(res.body.toLowerCase()).not.toContain('iisc');
  });
});

describe('GET /api/users/me/profile/', () => {
  let me: SignedIn;
  let other: SignedIn;
  const joined: { id: number; name: string; type: string; role: string }[] = [];
  const myPostIds: number[] = [];

  beforeAll(async () => {
    me = await signIn(t);
    other = await signIn(t);
    const meId = userIdOf(me);
    const otherId = userIdOf(other);
    // 12 memberships joined a minute apart; the first is a circle I own, one is private.
    const start = Date.now() - 60 * 60_000;
    for (let i = 0; i < 12; i++) {
      const owner = i === 0 ? meId : otherId;
      const type = i === 5 ? 'private' : 'public';
      const circle = await insertCircle(owner, type);
      const role = i === 0 ? 'owner' : 'member';
      await t.app.ctx.db.insert(circleMembers).values({ circleId: circle.id, userId: meId, role, joinedAt: new Date(start + i * 60_000) });
      joined.push({ id: circle.id, name: circle.name, type, role });
    }
    const foreign = await insertCircle(otherId);
    // 11 posts of mine a second apart (one in the private circle), and one of someone else's.
    for (let i = 0; i < 11; i++) {
      const circleId = i === 3 ? joined[5].id : joined[i % 12].id;
      const [row] = await t.app.ctx.db
        .insert(posts)
        .values({ circleId, authorId: meId, title: `My post ${i}`, description: `<p>Body ${i}</p>`, createdAt: new Date(start + i * 1000) })
        .returning({ id: posts.id });
      myPostIds.push(row.id);
    }
    await t.app.ctx.db.insert(posts).values({ circleId: foreign.id, authorId: otherId, title: 'Not mine' });
  });

  it('lists my circles newest first, ten per page, paged by channels_page', async () => {
    const first = await profile(me, 'GET', '?channels_page=1&posts_page=1');
    expect(first.statusCode).toBe(200);
    const page1 = (first.json() as ProfileResponse).circles;
    expect(page1.count).toBe(12);
    expect(page1.previous).toBeNull();
    expect(new URL(page1.next!).searchParams.get('channels_page')).toBe('2');
    expect(new URL(page1.next!).searchParams.get('posts_page')).toBe('1');
    const newestFirst = [...joined].reverse();
    expect(page1.results.map((c) => c.circle_id)).toEqual(newestFirst.slice(0, 10).map((c) => c.id));
    const privateOne = page1.results.find((c) => c.circle_id === joined[5].id)!;
    expect(privateOne).toEqual({
      circle_id: joined[5].id,
      circle_name: joined[5].name,
      channel_type: 'private',
      role: 'member',
      joined_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });

    const page2 = ((await profile(me, 'GET', '?channels_page=2')).json() as ProfileResponse).circles;
    expect(page2.results.map((c) => c.circle_id)).toEqual([joined[1].id, joined[0].id]);
    expect(page2.results[1]).toMatchObject({ role: 'owner', channel_type: 'public' });
    expect(page2.next).toBeNull();
    expect(new URL(page2.previous!).searchParams.has('channels_page')).toBe(false);
  });

  it('lists my own posts newest first in the spec Post shape, paged by posts_page', async () => {
    const res = (await profile(me, 'GET', '?channels_page=1&posts_page=1')).json() as ProfileResponse;
    expect(res.posts.count).toBe(11);
    expect(res.posts.results.map((p) => p.id)).toEqual([...myPostIds].reverse().slice(0, 10));
    const newest = res.posts.results[0] as Post;
    expect(newest).toEqual({
      id: myPostIds[10],
      title: 'My post 10',
      description: '<p>Body 10</p>',
      images: [],
      videos: [],
      posted_by: res.profile.username,
      posted_by_color: res.color,
      created_at: expect.any(String),
      circle: { id: joined[10].id, name: joined[10].name, channel_type: 'public' },
      ...UNTOUCHED_POST,
    });
    expect(res.posts.results.some((p) => p.circle.channel_type === 'private')).toBe(true);
    const page2 = ((await profile(me, 'GET', '?posts_page=2')).json() as ProfileResponse).posts;
    expect(page2.results.map((p) => p.id)).toEqual([myPostIds[0]]);
    // The two lists page independently.
    expect(((await profile(me, 'GET', '?posts_page=2')).json() as ProfileResponse).circles.results).toHaveLength(10);
  });

  it('answers 404 Invalid page. for a page past the end or not a number', async () => {
    for (const query of ['?channels_page=3', '?posts_page=3', '?channels_page=abc', '?posts_page=0']) {
      const res = await profile(me, 'GET', query);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Invalid page.' });
    }
  });

  it('shows someone else only their own circles and posts', async () => {
    const res = (await profile(other)).json() as ProfileResponse;
    expect(res.posts.results.map((p) => p.title)).toEqual(['Not mine']);
    expect(res.circles.count).toBe(0);
  });
});

describe("who wrote this: chips by handle, and a member's posts on their card", () => {
  it('answers the chips of several handles at once, leaving unknown ones out', async () => {
    const academic = await signIn(t, uniqueEmail('chips', 'iitb.ac.in'));
    const personal = await signIn(t, uniqueEmail('chips', 'gmail.com'));
    const handleOf = async (member: SignedIn) =>
      (await t.app.inject({ method: 'GET', url: '/api/users/me/profile/', headers: member.auth })).json().profile.username as string;
    const [a, p] = [await handleOf(academic), await handleOf(personal)];
    const res = await t.app.inject({ method: 'GET', url: `/api/users/chips/?handles=${encodeURIComponent(`${a},${p},NoSuchHandle999`)}` });
    expect(res.statusCode).toBe(200);
    const { chips } = res.json();
    expect(Object.keys(chips).sort()).toEqual([a, p].sort());
    // The same chips as each member's card.
    for (const handle of [a, p]) {
      const card = (await t.app.inject({ method: 'GET', url: `/api/users/${handle}/card/` })).json();
      expect(chips[handle]).toEqual(card.identity);
    }
    expect(chips[a].length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/chips/' })).json()).toEqual({ chips: {} });
  });

  it("lists a member's posts in public channels only, newest first, keyset paged, and 404 for an unknown handle", async () => {
    const author = await signIn(t);
    const handle = (await t.app.inject({ method: 'GET', url: '/api/users/me/profile/', headers: author.auth })).json().profile
      .username as string;
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/circles/',
      headers: author.auth,
      payload: { name: 'Card Square', description: 'd', channel_type: 'public' },
    });
    const hidden = await t.app.inject({
      method: 'POST',
      url: '/api/circles/',
      headers: author.auth,
      payload: { name: 'Card Room', description: 'd', channel_type: 'private' },
    });
    for (const [circle, title] of [
      [open.json().name, 'First in public'],
      [hidden.json().name, 'Only for the room'],
      [open.json().name, 'Second in public'],
    ]) {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/posts/',
        headers: author.auth,
        payload: { circle, title, content: '<p>x</p>' },
      });
      expect(made.statusCode).toBe(201);
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${handle}/posts/` });
    expect(res.statusCode).toBe(200);
    expect((res.json().results as Post[]).map((post) => post.title)).toEqual(['Second in public', 'First in public']);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/NoSuchHandle999/posts/' })).statusCode).toBe(404);
  });
});
