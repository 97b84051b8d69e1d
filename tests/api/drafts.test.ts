import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft, Paged } from '../../src/lib/api-types.ts';
import { MAX_DRAFTS } from '../../src/lib/validation-rules.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, type TestCircle, type TestUser } from '../helpers/fixtures.ts';

let t: TestApp;
let writer: TestUser;
let open: TestCircle;

beforeAll(async () => {
  t = await buildTestApp();
  writer = await createUser(t.app, 'drafter');
  open = await createCircle(t.app, writer);
});
afterAll(() => t.close());

const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user?.headers, payload });

describe('drafts', () => {
  it('saves, lists newest first, changes and deletes a draft; the text is sanitised like a post', async () => {
    const made = await call(writer, 'POST', '/api/users/me/drafts/', {
      circle: open.id,
      title: 'Half a thought',
      description: '<p>Hello <script>x()</script>world</p>',
    });
    expect(made.statusCode, made.body).toBe(201);
    const draft = made.json() as Draft;
    expect(draft).toMatchObject({ circle: { id: open.id, name: open.name }, title: 'Half a thought', description: '<p>Hello world</p>' });
    expect(Date.parse(draft.updated_at)).not.toBeNaN();

    const second = (await call(writer, 'POST', '/api/users/me/drafts/', { title: 'No channel yet' })).json() as Draft;
    expect(second).toMatchObject({ circle: null, title: 'No channel yet', description: '' });

    const changed = await call(writer, 'PUT', `/api/users/me/drafts/${draft.id}/`, { description: '<p>Now finished</p>' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: draft.id, title: 'Half a thought', description: '<p>Now finished</p>' });

    const listed = (await call(writer, 'GET', '/api/users/me/drafts/')).json() as Paged<Draft>;
    expect(listed.results.map((item) => item.id)).toEqual([draft.id, second.id]);
    expect(listed.count).toBe(2);

    expect((await call(writer, 'DELETE', `/api/users/me/drafts/${second.id}/`)).statusCode).toBe(204);
    expect((await call(writer, 'GET', `/api/users/me/drafts/${second.id}/`)).statusCode).toBe(404);
    expect(((await call(writer, 'GET', '/api/users/me/drafts/')).json() as Paged<Draft>).results.map((item) => item.id)).toEqual([
      draft.id,
    ]);
  });

  it('are private: another member reads, changes and deletes none (404), a visitor is asked to sign in', async () => {
    const mine = (await call(writer, 'POST', '/api/users/me/drafts/', { title: 'Mine only' })).json() as Draft;
    const other = await createUser(t.app, 'nosy');
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(other, method, `/api/users/me/drafts/${mine.id}/`, method === 'PUT' ? { title: 'Taken' } : undefined);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Draft not found.', code: 'drafts.notFound' });
    }
    expect(((await call(other, 'GET', '/api/users/me/drafts/')).json() as Paged<Draft>).results).toEqual([]);
    expect((await call(null, 'GET', '/api/users/me/drafts/')).statusCode).toBe(401);
    expect((await call(writer, 'GET', `/api/users/me/drafts/${mine.id}/`)).json()).toMatchObject({ title: 'Mine only' });
  });

  it('refuse a channel the member cannot see, a title past a post’s limit, and more than MAX_DRAFTS drafts, in the reader’s language', async () => {
    const owner = await createUser(t.app, 'private-owner');
    const closed = await createCircle(t.app, owner, undefined, { channelType: 'private' });
    const member = await createUser(t.app, 'many-drafts');
    const hidden = await call(member, 'POST', '/api/users/me/drafts/', { circle: closed.id });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json()).toEqual({ circle: ['Channel not found.'] });
    const long = await call(member, 'POST', '/api/users/me/drafts/', { title: 'x'.repeat(301) });
    expect(long.json()).toEqual({ title: ['Ensure this field has no more than 300 characters.'] });

    for (let i = 0; i < MAX_DRAFTS; i += 1)
      expect((await call(member, 'POST', '/api/users/me/drafts/', { title: `Draft ${i}` })).statusCode).toBe(201);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/drafts/',
      headers: { ...member.headers, 'accept-language': 'hi' },
      payload: { title: 'One more' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: [`आप ज़्यादा से ज़्यादा ${MAX_DRAFTS} ड्राफ़्ट रख सकते हैं। नया शुरू करने के लिए कोई एक हटाएँ।`] });
  });
});
