import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged, Post } from '../../src/lib/api-types.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import {
  UNTOUCHED_POST,
  addMember,
  createCircle,
  createUser,
  makeImage,
  multipart,
  type TestCircle,
  type TestUser,
} from '../helpers/fixtures.ts';

let t: TestApp;
let author: TestUser;
let member: TestUser;
let outsider: TestUser;
let open: TestCircle;
let secret: TestCircle;

const create = (body: unknown, user: TestUser | null = author) =>
  t.app.inject({ method: 'POST', url: '/api/posts/', payload: body as object, headers: user?.headers });

beforeAll(async () => {
  t = await buildTestApp();
  author = await createUser(t.app);
  member = await createUser(t.app);
  outsider = await createUser(t.app);
  open = await createCircle(t.app, author, 'Finance Forum');
  secret = await createCircle(t.app, author, 'Board Room', { channelType: 'private' });
  await addMember(t.app, secret, member);
});
afterAll(() => t.close());

describe('POST /api/posts/ (JSON)', () => {
  it('needs a signed-in user', async () => {
    const res = await create({ circle: open.id, title: 'x' }, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: 'Authentication credentials were not provided.' });
  });

  it('creates a post and answers 201 with the Post', async () => {
    const res = await create({ circle: open.id, title: '  Index funds?  ', description: '<p>Which <strong>one</strong>?</p>' });
    expect(res.statusCode).toBe(201);
    const post = res.json() as Post;
    expect(post).toMatchObject({
      title: 'Index funds?',
      description: '<p>Which <strong>one</strong>?</p>',
      images: [],
      videos: [],
      posted_by: author.username,
      posted_by_color: author.color,
      circle: { id: open.id, name: 'Finance Forum', channel_type: 'public' },
      ...UNTOUCHED_POST,
      language: 'en',
    });
    expect(Date.now() - Date.parse(post.created_at)).toBeLessThan(60_000);
    const feed = (await t.app.inject({ method: 'GET', url: '/api/posts/public/feed/' })).json() as Paged<Post>;
    expect(feed.results[0]).toEqual(post);
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}/` })).json()).toEqual(post);
  });

  it('accepts the circle by name in any case, or its id as a string', async () => {
    for (const circle of ['finance forum', 'FINANCE FORUM', String(open.id)]) {
      const res = await create({ circle, title: `By ${circle}` });
      expect(res.statusCode, circle).toBe(201);
      expect(res.json().circle.id).toBe(open.id);
    }
  });

  it('lets only members post in a private circle', async () => {
    const refused = await create({ circle: secret.name, title: 'Let me in' }, outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ detail: 'Only members can post in this channel.' });
    const ok = await create({ circle: secret.id, title: 'Members only' }, member);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().circle).toEqual({ id: secret.id, name: 'Board Room', channel_type: 'private' });
  });

  it('answers a field error for an unknown circle', async () => {
    for (const circle of ['No Such Circle', 987654, '2147483648']) {
      const res = await create({ circle, title: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ circle: ['Channel not found.'] });
    }
  });

  it('checks the title: required, not blank, at most 300 characters after trimming', async () => {
    const cases: [unknown, string][] = [
      [undefined, 'This field is required.'],
      [null, 'This field may not be null.'],
      ['   ', 'This field may not be blank.'],
      [42, 'Not a valid string.'],
      ['x'.repeat(301), 'Ensure this field has no more than 300 characters.'],
      ['y'.repeat(200_000), 'Ensure this field has no more than 300 characters.'],
    ];
    for (const [title, message] of cases) {
      const res = await create({ circle: open.id, title });
      expect(res.statusCode, String(title).slice(0, 10)).toBe(400);
      expect(res.json()).toEqual({ title: [message] });
    }
    const longest = await create({ circle: open.id, title: ` ${'z'.repeat(300)} ` });
    expect(longest.statusCode).toBe(201);
    expect(longest.json().title).toHaveLength(300);
  });

  it('reports every missing field at once', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ circle: ['This field is required.'], title: ['This field is required.'] });
  });

  it('refuses bodies that are not an object, not JSON, or of another type', async () => {
    const list = await create([{ circle: open.id, title: 'x' }]);
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      payload: '{"title": ',
      headers: { ...author.headers, 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toMatch(/^JSON parse error - /);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      payload: 'hello',
      headers: { ...author.headers, 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    const wrongTypes = await create({ circle: { id: 1 }, title: ['x'], description: 5 });
    expect(wrongTypes.statusCode).toBe(400);
    expect(Object.keys(wrongTypes.json()).sort()).toEqual(['circle', 'description', 'title']);
  });

  it('sanitises the description against the editor’s rules', async () => {
    const res = await create({
      circle: open.id,
      title: 'Sanitised',
      description:
        '<p onclick="x()">Hi<script>alert(1)</script></p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">bad</a>' +
        '<a href="https://example.com">good</a><ul><li data-list="bullet">item</li></ul><iframe src="https://evil"></iframe>',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toBe(
      '<p>Hi</p><a rel="noopener noreferrer nofollow" target="_blank">bad</a>' +
        '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">good</a><ul><li data-list="bullet">item</li></ul>',
    );
  });

  it('stores an empty description for blank editor output', async () => {
    const res = await create({ circle: open.id, title: 'Blank', description: '<p><br></p>' });
    expect(res.json().description).toBe('');
  });
});

describe('POST /api/posts/ (multipart)', () => {
  it('creates a text post from form fields without files', async () => {
    const form = await multipart([
      ['circle', 'Finance Forum'],
      ['title', 'From a form'],
      ['description', '<p>Body<script>x</script></p>'],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      payload: form.payload,
      headers: { ...author.headers, ...form.headers },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'From a form', description: '<p>Body</p>', images: [], videos: [] });
  });

  it('gives field errors for a form without fields', async () => {
    const form = await multipart([['other', 'x']]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      payload: form.payload,
      headers: { ...author.headers, ...form.headers },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ circle: ['This field is required.'], title: ['This field is required.'] });
  });

  it('answers 400 for a malformed multipart body', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=abc']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/posts/',
        payload: 'garbage',
        headers: { ...author.headers, 'content-type': contentType },
      });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json().detail).toMatch(/^Multipart form parse error - /);
    }
  });
});

describe("DELETE /api/posts/{id}/ and other members' files", () => {
  /** `owner` uploads a photo with a post (in `where`); the files it is stored as (the original and its variants). */
  async function uploadedPhoto(owner: TestUser, where: TestCircle) {
    const form = await multipart([
      ['circle', String(where.id)],
      ['title', 'My photo'],
      ['images', { data: await makeImage('png'), filename: 'a.png', type: 'image/png' }],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      payload: form.payload,
      headers: { ...owner.headers, ...form.headers },
    });
    expect(res.statusCode).toBe(201);
    const url = (res.json() as Post).images[0];
    const name = path.basename(url.split('?')[0]);
    const folder = url.startsWith('/media/private/') ? path.join(t.config.mediaDir, 'private') : t.config.mediaDir;
    const files = () => readdirSync(folder).filter((file) => file.startsWith(name.split('_')[0]));
    return { url, files };
  }

  it("deleting one's own post that names another member's /media/ path leaves that member's files", async () => {
    const photo = await uploadedPhoto(author, open);
    expect(photo.files().length).toBe(3);
    const res = await create(
      { circle: open.id, title: 'Look at this', description: `<p><img src="${photo.url}"> and ${photo.url}</p>` },
      outsider,
    );
    expect(res.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/posts/${res.json().id}/`, headers: outsider.headers })).statusCode).toBe(204);
    expect(photo.files().length).toBe(3);
  });

  it("a link to someone's private photo does not delete it either", async () => {
    const photo = await uploadedPhoto(author, secret);
    expect(photo.files().length).toBe(3);
    const res = await create({ circle: open.id, title: 'A link', description: `<p><a href="${photo.url}">see</a></p>` }, outsider);
    expect(res.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/posts/${res.json().id}/`, headers: outsider.headers })).statusCode).toBe(204);
    expect(photo.files().length).toBe(3);
  });
});
