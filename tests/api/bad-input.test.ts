import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Circle } from '../../src/lib/api-types.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, insertPost, type TestUser } from '../helpers/circle-fixtures.ts';

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
  postId = await insertPost(t.app, user, circle.id, 'A post to poke at');
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
    remoteAddress: `192.0.2.${(ip++ % 250) + 1}`,
    ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { ...(call.auth ? user.headers : {}), 'content-type': 'application/json' } }),
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
