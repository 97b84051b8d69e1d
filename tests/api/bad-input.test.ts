import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Circle } from '../../src/lib/api-types.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, post, type TestUser } from '../helpers/fixtures.ts';

/**
 * The shared input rules every endpoint goes through (body parsers, field errors, id and page reading),
 * probed the way a hostile client would: whatever arrives, the answer is a clear 4xx, never a 500.
 */

let t: TestApp;
let user: TestUser;
let circle: Circle;
let postId: number;

beforeAll(async () => {
  t = await buildTestApp();
  user = await createUser(t.app, 'Prober');
  circle = await createCircle(t.app, user, 'Probe Yard');
  postId = await post(t.app, user, circle, 'A post to poke at');
});
afterAll(() => t.close());

type Call = { method: 'GET' | 'POST' | 'DELETE'; url: string; auth?: boolean; body?: Record<string, unknown> };

/** Every call of the API with a valid body; the tests below spoil one part of it at a time. */
const calls = (): Call[] => [
  { method: 'POST', url: '/api/auth/send-otp/', body: { email: 'probe@example.com' } },
  { method: 'POST', url: '/api/auth/verify-otp/', body: { email: 'probe@example.com', otp: '123456' } },
  { method: 'POST', url: '/api/token/verify/', body: { token: 'x.y.z' } },
  { method: 'POST', url: '/api/token/refresh/', body: { refresh: 'x.y.z' } },
  { method: 'POST', url: '/api/token/blacklist/', body: { token: 'x.y.z' } },
  { method: 'POST', url: '/api/users/me/profile/', auth: true },
  { method: 'GET', url: '/api/users/me/profile/?channels_page=1&posts_page=1', auth: true },
  { method: 'GET', url: '/api/posts/public/feed/?page=1&circle=Probe%20Yard' },
  { method: 'GET', url: '/api/posts/user/feed/?page=1&circle=Probe%20Yard', auth: true },
  { method: 'GET', url: `/api/posts/${postId}/` },
  { method: 'POST', url: '/api/posts/', auth: true, body: { circle: 'Probe Yard', title: 'Probe', description: '<p>x</p>' } },
  { method: 'POST', url: `/api/posts/likes/?post_id=${postId}`, auth: true },
  { method: 'DELETE', url: `/api/posts/dislikes/?post_id=${postId}`, auth: true },
  { method: 'GET', url: `/api/posts/comments/list/?post_id=${postId}&page=1` },
  { method: 'POST', url: '/api/posts/comments/', auth: true, body: { post: postId, body: 'A comment' } },
  { method: 'GET', url: '/api/posts/search/?q=probe' },
  { method: 'GET', url: '/api/circles/?page=1' },
  { method: 'GET', url: '/api/circles/search/?q=probe' },
  { method: 'POST', url: '/api/circles/', auth: true, body: { name: 'Probe Field', description: 'd', channel_type: 'public' } },
  { method: 'GET', url: '/api/circles/members/?circle_name=Probe%20Yard' },
  { method: 'POST', url: '/api/circles/join-by-name/', auth: true, body: { circle_name: 'Probe Yard' } },
  { method: 'GET', url: '/api/circles/requests/?circle_name=Probe%20Yard', auth: true },
  { method: 'POST', url: '/api/contact/', body: { email: 'probe@example.com', message: 'Hello' } },
];

let ip = 0;
const send = (call: Call, body: unknown = call.body, url = call.url) =>
  t.app.inject({
    method: call.method,
    url,
    headers: call.auth ? user.headers : {},
    remoteAddress: `198.19.${ip % 250}.${(Math.floor(ip++ / 250) % 250) + 1}`,
    ...(body === undefined
      ? {}
      : { payload: JSON.stringify(body), headers: { ...(call.auth ? user.headers : {}), 'content-type': 'application/json' } }),
  });

/** A query string with the value of every parameter replaced. */
const withEveryParam = (url: string, value: string) => {
  const [path, query] = url.split('?');
  if (!query) return null;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) params.set(key, value);
  return `${path}?${params}`;
};

describe('NUL characters (PostgreSQL text cannot hold them)', () => {
  it('are a field error in any body field, never a 500', async () => {
    for (const call of calls().filter((c) => c.body)) {
      for (const field of Object.keys(call.body!)) {
        const res = await send(call, { ...call.body, [field]: `a\u0000b` });
        expect(res.statusCode, `${call.url} ${field}`).toBe(400);
        expect(res.json(), `${call.url} ${field}`).toEqual({ [field]: ['Null characters are not allowed.'] });
      }
    }
  });

  it('are a field error in any query parameter', async () => {
    for (const call of calls()) {
      const url = withEveryParam(call.url, 'a\u0000b');
      if (!url) continue;
      const res = await send(call, call.body, url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.values(res.json()).flat(), url).toContain('Null characters are not allowed.');
    }
  });

  it('are a field error in a multipart field too', async () => {
    const form = new FormData();
    form.append('circle', 'Probe Yard');
    form.append('title', 'nul\u0000title');
    const request = new Request('http://test.local/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { ...user.headers, 'content-type': request.headers.get('content-type')! },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ title: ['Null characters are not allowed.'] });
  });
});

describe('bodies that are not a JSON object', () => {
  it('get DRF’s one message on every endpoint that reads a body', async () => {
    const kinds: [unknown, string][] = [
      [[1, 2], 'list'],
      ['text', 'str'],
      [7, 'int'],
      [7.5, 'float'],
      [true, 'bool'],
    ];
    for (const call of calls().filter((c) => c.body)) {
      for (const [body, name] of kinds) {
        const res = await send(call, body);
        expect(res.statusCode, `${call.url} ${name}`).toBe(400);
        expect(res.json(), `${call.url} ${name}`).toEqual({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${name}.`] });
      }
    }
  });
});

describe('wrong types where text is expected', () => {
  it('name null, numbers, lists and objects in DRF’s words, never a 500', async () => {
    for (const call of calls().filter((c) => c.body)) {
      for (const field of Object.keys(call.body!)) {
        for (const value of [null, ['x'], { a: 1 }, false, 'x'.repeat(100_000)]) {
          const res = await send(call, { ...call.body, [field]: value });
          expect(res.statusCode, `${call.url} ${field}=${JSON.stringify(value).slice(0, 20)}`).toBeLessThan(500);
        }
      }
    }
    const titled = await send(
      calls().find((c) => c.url === '/api/posts/')!,
      { circle: 'Probe Yard', title: null },
    );
    expect(titled.json()).toEqual({ title: ['This field may not be null.'] });
    const mailed = await send(
      calls().find((c) => c.url === '/api/contact/')!,
      { email: null, message: 'Hi' },
    );
    expect(mailed.json()).toEqual({ email: ['This field may not be null.'] });
  });
});

describe('ids', () => {
  it('are decimal integers: hex, exponents, booleans and lists are not ids', async () => {
    for (const bad of ['0x1', '1e0', 'true', '-1', '0', '2147483648', '1.5', 'abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/posts/comments/list/?post_id=${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toEqual({ post_id: ['A valid integer is required.'] });
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/comments/list/?post_id=${postId}` })).statusCode).toBe(200);
    const comment = calls().find((c) => c.url === '/api/posts/comments/')!;
    for (const post of [true, [postId], { id: postId }, `0x${postId.toString(16)}`, postId + 0.5]) {
      const res = await send(comment, { post, body: 'Wrong id type' });
      expect(res.statusCode, JSON.stringify(post)).toBe(400);
      expect(res.json(), JSON.stringify(post)).toEqual({ post: ['A valid integer is required.'] });
    }
    expect((await send(comment, { post: null, body: 'x' })).json()).toEqual({ post: ['This field may not be null.'] });
    expect((await send(comment, { post: String(postId), body: 'An id as text' })).statusCode).toBe(201);
  });

  it('in a path: anything but a positive int4 is simply not found', async () => {
    for (const bad of ['0', '-1', '0x1', '1e0', '2147483648', '99999999999999999999', 'abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/posts/${bad}/` });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Not found.' });
    }
  });
});

describe('multipart forms on endpoints without files', () => {
  const form = async (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    data.append('ignored', new Blob([new Uint8Array([1, 2, 3])]), 'ignored.bin');
    const request = new Request('http://test.local/', { method: 'POST', body: data });
    return { payload: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
  };

  it('read the form’s text fields as the data, as DRF does', async () => {
    const contact = await form({ email: 'form@example.com', message: 'Sent as a form' });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact/',
      payload: contact.payload,
      headers: { 'content-type': contact.type },
    });
    expect(sent.statusCode).toBe(201);
    const circleForm = await form({ name: 'Form Made', description: 'From a multipart form', channel_type: 'private' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/circles/',
      payload: circleForm.payload,
      headers: { ...user.headers, 'content-type': circleForm.type },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Form Made', channel_type: 'private' });
  });

  it('name each missing field of an empty form', async () => {
    const empty = await form({});
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact/',
      payload: empty.payload,
      headers: { 'content-type': empty.type },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['This field is required.'], message: ['This field is required.'] });
  });
});

describe('OPTIONS', () => {
  it('is answered with the Allow list it appears in, not refused', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/posts/likes/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.allow).toBe('POST, DELETE, OPTIONS');
    expect(res.json().parses).toContain('multipart/form-data');
    const wrong = await t.app.inject({ method: 'PUT', url: '/api/posts/likes/' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('POST, DELETE, OPTIONS');
  });
});

describe('query parameters', () => {
  it('never turn junk into a 500', async () => {
    const junk = [
      '',
      ' ',
      '-1',
      '0',
      '1.5',
      '1e3',
      '0x10',
      '2147483648',
      '99999999999999999999',
      'abc',
      '%',
      '\u{1F600}',
      'x'.repeat(5000),
    ];
    for (const call of calls()) {
      for (const value of junk) {
        const url = withEveryParam(call.url, value);
        if (!url) break;
        const res = await send(call, call.body, url);
        expect(res.statusCode, url.slice(0, 120)).toBeLessThan(500);
      }
      const [path, query] = call.url.split('?');
      if (query) {
        const repeated = await send(call, call.body, `${path}?${query}&${query}`);
        expect(repeated.statusCode, `${call.url} repeated`).toBeLessThan(500);
      }
    }
  });
});

describe('lone surrogates (\\udc01 escapes in JSON)', () => {
  it('become U+FFFD instead of reaching the database as text it cannot store', async () => {
    const raw = (call: Call, json: string) =>
      t.app.inject({
        method: call.method,
        url: call.url,
        remoteAddress: `198.51.100.${(ip++ % 250) + 1}`,
        headers: { ...(call.auth ? user.headers : {}), 'content-type': 'application/json' },
        payload: json,
      });
    // A three-byte character followed by a lone low surrogate made PGlite refuse the query (a 500).
    const odd = '\\u200b\\udc01 x \\ud800';
    for (const call of calls().filter((c) => c.body)) {
      for (const field of Object.keys(call.body!)) {
        const json = JSON.stringify({ ...call.body, [field]: '@@' }).replace('"@@"', `"${odd}"`);
        const res = await raw(call, json);
        expect(res.statusCode, `${call.url} ${field}`).toBeLessThan(500);
      }
    }
    const comment = calls().find((c) => c.url === '/api/posts/comments/')!;
    const res = await raw(comment, `{"post": ${postId}, "body": "${odd}"}`);
    expect(res.statusCode).toBe(201);
    expect(res.json().body).toBe('\u200b\ufffd x \ufffd');
    for (const q of ['%ED%B0%81', '%E2%80%8B%ED%B0%81']) {
      for (const url of [`/api/circles/search/?q=${q}`, `/api/posts/public/feed/?circle=${q}`, `/api/circles/members/?circle_name=${q}`]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBeLessThan(500);
      }
    }
  });
});
