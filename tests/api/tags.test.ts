import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged, Post, PostTag } from '../../src/lib/api-types.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import {
  UNTOUCHED_POST,
  addMember,
  createCircle,
  createUser,
  multipart,
  post,
  type TestCircle,
  type TestUser,
} from '../helpers/fixtures.ts';

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let circle: TestCircle;
/** Every statement the app sends while `statements` is set (the job queue's polls left out). */
let statements: { text: string; values: unknown[] }[] | null = null;

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {},
    { onStatement: (text, values) => void (text.includes('pgboss') || statements?.push({ text, values: [...(values ?? [])] })) },
  );
  owner = await createUser(t.app, 'owner');
  member = await createUser(t.app, 'member');
  circle = await createCircle(t.app, owner);
});
afterAll(() => t.close());

const addTag = (user: TestUser | null, circleId: number, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/circles/${circleId}/tags/`, headers: user?.headers, payload: payload as object });
const listTags = (circleId: number | string, user?: TestUser) =>
  t.app.inject({ url: `/api/circles/${circleId}/tags/`, headers: user?.headers });
const removeTag = (user: TestUser | null, circleId: number, tagId: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/circles/${circleId}/tags/${tagId}/`, headers: user?.headers });
const newTag = async (circleId = circle.id, name = `Tag ${Math.random().toString(36).slice(2, 8)}`, color = '#1d4ed8') => {
  const res = await addTag(owner, circleId, { name, color });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PostTag;
};
const createPost = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/posts/', headers: user.headers, payload });

describe('a channel’s tags', () => {
  it('the owner adds one: 201 {id, name, color}, colour in lower case; anyone reads the list, in the order made', async () => {
    const own = await createCircle(t.app, owner);
    const res = await addTag(owner, own.id, { name: '  Question  ', color: '#1D4ED8' });
    expect(res.statusCode).toBe(201);
    const question = res.json() as PostTag;
    expect(question).toEqual({ id: expect.any(Number), name: 'Question', color: '#1d4ed8' });
    const news = await newTag(own.id, 'News', '#15803d');
    for (const reader of [undefined, member, owner]) {
      const list = await listTags(own.id, reader);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual({ count: 2, next: null, previous: null, results: [question, news] });
    }
    expect((await listTags(999_999)).statusCode).toBe(404);
    expect((await listTags('abc')).statusCode).toBe(404);
  });

  it('only the owner and moderators define them: 401 signed out, 403 for a member', async () => {
    expect((await addTag(null, circle.id, { name: 'x', color: '#1d4ed8' })).statusCode).toBe(401);
    await addMember(t.app, circle, member);
    const refused = await addTag(member, circle.id, { name: 'Mine', color: '#1d4ed8' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'Only the owner and moderators of this channel can do this.',
      code: 'circles.moderatorsOnly',
    });
    const tag = await newTag();
    expect((await removeTag(member, circle.id, tag.id)).statusCode).toBe(403);
    expect((await removeTag(null, circle.id, tag.id)).statusCode).toBe(401);
  });

  it('refuses a colour white text cannot be read on, a colour that is not #rrggbb, a blank or long name, and a name taken in any case', async () => {
    const own = await createCircle(t.app, owner);
    const pale = await addTag(owner, own.id, { name: 'Pale', color: '#fde68a' });
    expect(pale.statusCode).toBe(400);
    expect(pale.json()).toEqual({ color: ['Choose a darker colour: white text must be readable on it (a contrast of at least 4.5:1).'] });
    for (const color of ['blue', '#12345', '#1234567', '']) {
      const res = await addTag(owner, own.id, { name: 'Odd', color });
      expect(res.statusCode, color).toBe(400);
      expect(Object.keys(res.json()), color).toEqual(['color']);
    }
    expect((await addTag(owner, own.id, { name: '   ', color: '#1d4ed8' })).json()).toEqual({ name: ['This field may not be blank.'] });
    expect((await addTag(owner, own.id, { name: 'x'.repeat(31), color: '#1d4ed8' })).json()).toEqual({
      name: ['Ensure this field has no more than 30 characters.'],
    });
    await newTag(own.id, 'Help');
    const taken = await addTag(owner, own.id, { name: 'HELP', color: '#b91c1c' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ name: ['This channel already has a tag with this name.'] });
    // The same name in another channel is that channel's own.
    await newTag(circle.id, 'Help');
  });

  it('holds at most 20, also when the owner adds two at once', async () => {
    const own = await createCircle(t.app, owner);
    for (let i = 0; i < 18; i += 1) await newTag(own.id, `Tag ${i}`);
    const [a, b] = await Promise.all([
      addTag(owner, own.id, { name: 'A', color: '#1d4ed8' }),
      addTag(owner, own.id, { name: 'B', color: '#1d4ed8' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const over = await addTag(owner, own.id, { name: 'One too many', color: '#1d4ed8' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ detail: 'A channel can have at most 20 tags.', code: 'circles.tooManyTags' });
    expect((await listTags(own.id)).json().count).toBe(20);
  });

  it('the owner removes one: 204, posts lose it; 404 for an unknown tag or another channel’s', async () => {
    const tag = await newTag();
    const res = await createPost(owner, { circle: circle.id, title: 'Tagged', tags: [tag.id] });
    expect(res.json().tags).toEqual([tag]);
    const other = await createCircle(t.app, owner);
    const elsewhere = await newTag(other.id);
    const wrong = await removeTag(owner, circle.id, elsewhere.id);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ detail: 'Tag not found.', code: 'circles.tagNotFound' });
    expect((await removeTag(owner, circle.id, 'abc')).statusCode).toBe(404);
    expect((await removeTag(owner, circle.id, tag.id)).statusCode).toBe(204);
    expect((await removeTag(owner, circle.id, tag.id)).statusCode).toBe(404);
    const after = await t.app.inject({ url: `/api/posts/${res.json().id}/` });
    expect(after.json().tags).toEqual([]);
  });
});

describe('a post’s tags', () => {
  it('a post chooses up to three of its channel’s tags, and carries them as [{id, name, color}]', async () => {
    const [a, b, c] = [await newTag(), await newTag(), await newTag()];
    const res = await createPost(member, {
      circle: circle.name,
      title: 'Three tags',
      description: '<p>x</p>',
      tags: [c.id, a.id, b.id, a.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      ...UNTOUCHED_POST,
      id: expect.any(Number),
      title: 'Three tags',
      description: '<p>x</p>',
      images: [],
      videos: [],
      posted_by: member.username,
      posted_by_color: member.color,
      created_at: expect.any(String),
      circle: { id: circle.id, name: circle.name, channel_type: 'public' },
      tags: [a, b, c],
      language: 'en',
    });
    const read = await t.app.inject({ url: `/api/posts/${res.json().id}/` });
    expect(read.json().tags).toEqual([a, b, c]);
    const untagged = await createPost(member, { circle: circle.id, title: 'No tags' });
    expect(untagged.json().tags).toEqual([]);
  });

  it('answers 400 naming `tags` for more than three, another channel’s tag, an unknown one, or what is not a list of ids', async () => {
    const tags = [await newTag(), await newTag(), await newTag(), await newTag()];
    const other = await createCircle(t.app, owner);
    const foreign = await newTag(other.id);
    const cases: [unknown, string][] = [
      [tags.map((tag) => tag.id), 'Choose at most 3 tags.'],
      [[tags[0].id, foreign.id], 'Choose tags of the channel you are posting in.'],
      [[999_999], 'Choose tags of the channel you are posting in.'],
      [['abc'], 'Send the tags as a list of tag ids.'],
      [{ id: 1 }, 'Send the tags as a list of tag ids.'],
    ];
    for (const [given, message] of cases) {
      const res = await createPost(member, { circle: circle.id, title: 'Bad tags', tags: given });
      expect(res.statusCode, JSON.stringify(given)).toBe(400);
      expect(res.json(), JSON.stringify(given)).toEqual({ tags: [message] });
    }
    const hindi = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: { ...member.headers, 'accept-language': 'hi' },
      payload: { circle: circle.id, title: 'x', tags: [foreign.id] },
    });
    expect(hindi.json()).toEqual({ tags: ['उसी चैनल के टैग चुनें जिसमें आप पोस्ट कर रहे हैं।'] });
    const untagged = await t.app.inject({ url: `/api/posts/public/feed/?circle=${circle.id}` });
    expect((untagged.json() as Paged<Post>).results.map((p) => p.title)).not.toContain('Bad tags');
  });

  it('takes tags in a multipart form, comma-separated', async () => {
    const [a, b] = [await newTag(), await newTag()];
    const form = await multipart([
      ['circle', String(circle.id)],
      ['title', 'From a form'],
      ['tags', `${a.id},${b.id}`],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().tags).toEqual([a, b]);
  });
});

describe('a channel’s feed by tag', () => {
  it('lists only the tag’s posts, newest first, paged by keyset, for visitors and members', async () => {
    const own = await createCircle(t.app, owner);
    const [wanted, other] = [await newTag(own.id), await newTag(own.id)];
    const titles: string[] = [];
    for (let i = 0; i < 24; i += 1) {
      const tags = i % 3 === 0 ? [other.id] : [wanted.id, ...(i % 2 ? [other.id] : [])];
      const res = await createPost(owner, { circle: own.id, title: `Post ${i}`, tags });
      expect(res.statusCode).toBe(201);
      if (tags.includes(wanted.id)) titles.unshift(`Post ${i}`);
    }
    await post(t.app, owner, own, 'Untagged');
    // Every language (`languages=all`): a member's feed is otherwise in their languages, which has no kept total.
    for (const path of ['/api/posts/public/feed/', '/api/posts/user/feed/']) {
      const first = (
        await t.app.inject({ url: `${path}?circle=${own.id}&tag=${wanted.id}&languages=all`, headers: member.headers })
      ).json() as Paged<Post>;
      expect(first.count).toBe(titles.length);
      expect(first.results.map((p) => p.title)).toEqual(titles.slice(0, 10));
      expect(first.results.every((p) => p.tags.some((tag) => tag.id === wanted.id))).toBe(true);
      const second = (
        await t.app.inject({ url: first.next!.replace('http://localhost', ''), headers: member.headers })
      ).json() as Paged<Post>;
      expect(second.results.map((p) => p.title)).toEqual(titles.slice(10));
      expect(second.next).toBeNull();
    }
    const hot = (await t.app.inject({ url: `/api/posts/public/feed/?circle=${own.id}&tag=${wanted.id}&sort=hot` })).json() as Paged<Post>;
    expect(hot.count).toBe(titles.length);
    // Another channel's tag lists nothing here; a tag that is not an id is the field's 400.
    const elsewhere = (await t.app.inject({ url: `/api/posts/public/feed/?circle=${circle.id}&tag=${wanted.id}` })).json() as Paged<Post>;
    expect(elsewhere).toEqual({ count: 0, next: null, previous: null, results: [] });
    const bad = await t.app.inject({ url: `/api/posts/public/feed/?circle=${own.id}&tag=abc` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ tag: ['A valid integer is required.'] });
  });

  it('reads the tag’s own index, with no sort, however many posts the channel has', async () => {
    const own = await createCircle(t.app, owner);
    const [rare, common] = [await newTag(own.id), await newTag(own.id)];
    // Set-based, like the bench data: 4,000 posts, every 40th tagged `rare`, the rest `common`.
    await t.app.ctx.db.execute(sql`
      insert into posts (circle_id, author_id, title, created_at)
      select ${own.id}, ${owner.id}, 'Bulk ' || n, timestamptz '2026-01-01' + n * interval '1 minute' from generate_series(1, 4000) as n`);
    await t.app.ctx.db.execute(sql`
      insert into post_tags (post_id, tag_id, created_at)
      select id, case when id % 40 = 0 then ${rare.id}::int else ${common.id}::int end, created_at from posts where circle_id = ${own.id}`);
    await t.app.ctx.db.execute(sql`analyze posts`);
    await t.app.ctx.db.execute(sql`analyze post_tags`);
    statements = [];
    const res = await t.app.inject({ url: `/api/posts/public/feed/?circle=${own.id}&tag=${rare.id}` });
    const captured = statements;
    statements = null;
    expect(res.json().count).toBe(100);
    const page = captured.find((s) => /post_tags_created_at|"post_tags"\."created_at"/.test(s.text) && /limit/i.test(s.text));
    expect(page, captured.map((s) => s.text).join('\n\n')).toBeDefined();
    const { rows } = await t.app.ctx.database.executeSql(`explain ${page!.text}`, page!.values);
    const plan = rows.map((row) => String(Object.values(row)[0])).join('\n');
    // The page's rows: the tag's index read in order (the circle's one-row lookups may sort; the rows never are).
    expect(plan, plan).toMatch(/Index (Only )?Scan using post_tags_tag_created_idx on post_tags\s/);
    expect(plan, plan).not.toMatch(/Sort Key: .*created_at/);
  });
});
