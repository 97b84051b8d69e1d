import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Circle } from '../../src/lib/api-types.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, makeImage, multipart, post, type TestUser } from '../helpers/fixtures.ts';

let t: TestApp;
let owner: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, 'owner');
  member = await createUser(t.app, 'member');
});
afterAll(() => t.close());

type Entry = [string, string | { data: Buffer; filename: string }];
const png = async (name: string) => ({ data: await makeImage('png'), filename: name });
async function postForm(user: TestUser, entries: Entry[], lang?: string) {
  const form = await multipart(entries);
  return t.app.inject({
    method: 'POST',
    url: '/api/posts/',
    payload: form.payload,
    headers: { ...user.headers, ...form.headers, ...(lang ? { 'accept-language': lang } : {}) },
  });
}
const openCircle = (altRequired?: boolean) =>
  t.app.inject({
    method: 'POST',
    url: '/api/circles/',
    headers: owner.headers,
    payload: {
      name: `Photos ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Pictures of the city.',
      ...(altRequired === undefined ? {} : { alt_text_required: altRequired }),
    },
  });
const mediaFiles = () => readdirSync(t.config.mediaDir).filter((name) => !name.startsWith('.')).length;

describe('descriptions of a post’s images', () => {
  it('takes one `alts` per image, in order, and answers media_items with each alt (null where none was given)', async () => {
    const circle = await createCircle(t.app, owner);
    const res = await postForm(member, [
      ['circle', String(circle.id)],
      ['title', 'Two photos'],
      ['images', await png('a.png')],
      ['images', await png('b.png')],
      ['alts', '  A red auto-rickshaw at the Gateway of India  '],
      ['alts', ''],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.images).toHaveLength(2);
    expect(created.media_items).toEqual([
      { kind: 'image', url: created.images[0], alt: 'A red auto-rickshaw at the Gateway of India', renditions: [], transcode: null },
      { kind: 'image', url: created.images[1], alt: null, renditions: [], transcode: null },
    ]);
    const read = await t.app.inject({ url: `/api/posts/${created.id}/` });
    expect(read.json().media_items).toEqual(created.media_items);
    const text = await t.app.inject({ url: `/api/posts/${await post(t.app, member, circle, 'Words only')}/` });
    expect(text.json().media_items).toEqual([]);
  });

  it('refuses a description over 1,000 characters, and more descriptions than images', async () => {
    const circle = await createCircle(t.app, owner);
    const long = await postForm(member, [
      ['circle', String(circle.id)],
      ['title', 'x'],
      ['images', await png('a.png')],
      ['alts', 'x'.repeat(1001)],
    ]);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ alts: ['Ensure each description has no more than 1000 characters.'] });
    const extra = await postForm(member, [
      ['circle', String(circle.id)],
      ['title', 'x'],
      ['images', await png('a.png')],
      ['alts', 'one'],
      ['alts', 'two'],
    ]);
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ alts: ['Send one description for each image, in order, and no more.'] });
    const fits = await postForm(member, [
      ['circle', String(circle.id)],
      ['title', 'x'],
      ['images', await png('a.png')],
      ['alts', 'x'.repeat(1000)],
    ]);
    expect(fits.statusCode).toBe(201);
  });
});

describe('a channel that asks for descriptions', () => {
  it('is off unless its owner turns it on, at creation or in the settings (owner only)', async () => {
    const plain = (await openCircle()).json() as Circle;
    expect(plain.alt_text_required).toBe(false);
    const asked = await openCircle(true);
    expect(asked.statusCode).toBe(201);
    expect(asked.json().alt_text_required).toBe(true);
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/circles/${plain.id}/`,
      headers: member.headers,
      payload: { alt_text_required: true },
    });
    expect(refused.statusCode).toBe(403);
    // The requirement stays as it was when only this setting is sent.
    const withRequirement = await t.app.inject({
      method: 'PATCH',
      url: `/api/circles/${plain.id}/`,
      headers: owner.headers,
      payload: { requirement: { kind: 'academic' } },
    });
    expect(withRequirement.json().requirement).toMatchObject({ kind: 'academic' });
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/circles/${plain.id}/`,
      headers: owner.headers,
      payload: { alt_text_required: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ alt_text_required: true, requirement: { kind: 'academic' } });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/circles/${plain.id}/`,
      headers: owner.headers,
      payload: { alt_text_required: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ alt_text_required: ['Must be a valid boolean.'] });
    const read = await t.app.inject({ url: `/api/circles/members/?circle_id=${plain.id}` });
    expect(read.json().alt_text_required).toBe(true);
  });

  it('refuses a post with an undescribed image (400 naming alts, no post and no file kept), and takes one with every image described', async () => {
    const circle = (await openCircle(true)).json() as Circle;
    const before = mediaFiles();
    for (const alts of [[], ['A cat'], ['   ', 'A dog']] as string[][]) {
      const res = await postForm(member, [
        ['circle', String(circle.id)],
        ['title', 'Pets'],
        ['images', await png('a.png')],
        ['images', await png('b.png')],
        ...alts.map((alt): Entry => ['alts', alt]),
      ]);
      expect(res.statusCode, JSON.stringify(alts)).toBe(400);
      expect(res.json()).toEqual({ alts: ['This channel asks for a description of every image.'] });
    }
    const hindi = await postForm(
      member,
      [
        ['circle', String(circle.id)],
        ['title', 'Pets'],
        ['images', await png('a.png')],
      ],
      'hi',
    );
    expect(hindi.json()).toEqual({ alts: ['यह चैनल हर तस्वीर का विवरण माँगता है।'] });
    expect(mediaFiles()).toBe(before);
    const feed = await t.app.inject({ url: `/api/posts/public/feed/?circle=${circle.id}` });
    expect(feed.json().count).toBe(0);

    const described = await postForm(member, [
      ['circle', String(circle.id)],
      ['title', 'Pets'],
      ['images', await png('a.png')],
      ['images', await png('b.png')],
      ['alts', 'A cat'],
      ['alts', 'A dog'],
    ]);
    expect(described.statusCode).toBe(201);
    expect(described.json().media_items.map((item: { alt: string }) => item.alt)).toEqual(['A cat', 'A dog']);
    // Words alone need no description.
    const words = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: member.headers,
      payload: { circle: circle.id, title: 'Just words' },
    });
    expect(words.statusCode).toBe(201);
  });
});

describe('a comment’s image description', () => {
  it('takes `alt` beside `media`, and answers media_items with it', async () => {
    const circle = await createCircle(t.app, owner);
    const postId = await post(t.app, owner, circle, 'Show your view');
    const form = await multipart([
      ['post', String(postId)],
      ['body', 'From my window'],
      ['media', await png('view.png')],
      ['alt', 'Rain over the Western Ghats'],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts/comments/',
      payload: form.payload,
      headers: { ...member.headers, ...form.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().media_items).toEqual([
      { kind: 'image', url: res.json().media_url, alt: 'Rain over the Western Ghats', renditions: [], transcode: null },
    ]);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/posts/comments/',
      headers: member.headers,
      payload: { post: postId, body: 'No picture' },
    });
    expect(text.json().media_items).toEqual([]);
    const long = await multipart([
      ['post', String(postId)],
      ['body', 'x'],
      ['media', await png('v.png')],
      ['alt', 'x'.repeat(1001)],
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/posts/comments/',
      payload: long.payload,
      headers: { ...member.headers, ...long.headers },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ alt: ['Ensure each description has no more than 1000 characters.'] });
  });
});
