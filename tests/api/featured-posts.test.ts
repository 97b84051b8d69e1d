import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/server/staff/admin-command.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createCircle, createUser, post, type TestUser } from '../helpers/fixtures.ts';

/** Real members' public posts, featured by staff on the landing page in place of invented testimonials. */
let t: TestApp;
let moderator: TestUser;
let author: TestUser;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user?.headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
  moderator = await createUser(t.app, 'mod');
  author = await createUser(t.app, 'author');
  await runAdminCommand(t.app.ctx.db, ['grant', 'moderator', moderator.username]);
});
afterAll(() => t.close());

describe('featured posts on the landing page', () => {
  it('shows none until staff feature one; then the post with its author, chips and channel, newest featured first', async () => {
    expect((await call('GET', '/api/site/featured/')).json()).toEqual({ results: [] });
    const circle = await createCircle(t.app, author, 'Udupi Readers');
    const first = await post(t.app, author, circle, 'Our library now opens on Sundays', {
      description: '<p>Thanks to everyone who asked the <b>gram panchayat</b> for it.</p>',
    });
    const second = await post(t.app, author, circle, 'Book swap this weekend');
    const featured = await call('POST', '/api/staff/featured/', moderator, { post: first });
    expect(featured.statusCode).toBe(201);
    expect(featured.json()).toMatchObject({
      post_id: first,
      title: 'Our library now opens on Sundays',
      excerpt: 'Thanks to everyone who asked the gram panchayat for it.',
      author: author.username,
      channel: { id: circle.id, name: 'Udupi Readers' },
      chips: [{ kind: 'email', label: 'Verified email' }],
    });
    expect((await call('POST', '/api/staff/featured/', moderator, { post: second })).statusCode).toBe(201);
    const landing = await call('GET', '/api/site/featured/');
    expect(landing.headers['cache-control']).toBe('public, max-age=300');
    expect(landing.json().results.map((p: { post_id: number }) => p.post_id)).toEqual([second, first]);

    expect((await call('DELETE', `/api/staff/featured/${second}/`, moderator)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/staff/featured/${second}/`, moderator)).statusCode).toBe(404);
    expect((await call('GET', '/api/site/featured/')).json().results.map((p: { post_id: number }) => p.post_id)).toEqual([first]);
  });

  it('features only a visible post of a public channel, and only for staff', async () => {
    const owner = await createUser(t.app, 'owner');
    const hidden = await createCircle(t.app, owner, 'Family Matters', { channelType: 'private' });
    await addMember(t.app, hidden, author);
    const privatePost = await post(t.app, author, hidden, 'Private news');
    const refused = await call('POST', '/api/staff/featured/', moderator, { post: privatePost });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: 'Only a visible post of a public channel can be featured.', code: 'site.notFeaturable' });
    expect((await call('POST', '/api/staff/featured/', author, { post: privatePost })).statusCode).toBe(403);
    expect((await call('POST', '/api/staff/featured/', moderator, { post: 'x' })).statusCode).toBe(400);
  });
});
