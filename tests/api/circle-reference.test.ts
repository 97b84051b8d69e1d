import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Circle, Paged, Post } from '../../src/lib/api-types.ts';
import { circles } from '../../src/server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, type TestUser } from '../helpers/fixtures.ts';

/**
 * A channel whose name is all digits ("2024") next to another channel whose id is 2024: every path
 * that names a channel by its name finds the one named "2024", every path by id the one with id 2024.
 */
let t: TestApp;
let owner: TestUser;
let named: Circle;
const OTHER_ID = 2024;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, 'Owner');
  await t.app.ctx.db.insert(circles).values({
    id: OTHER_ID,
    name: 'Year Circle',
    description: 'The circle whose id is 2024.',
    channelType: 'public',
    ownerId: owner.id,
    themeColors: { primary: '#111111', secondary: '#222222' },
  });
  named = await createCircle(t.app, owner, String(OTHER_ID), { description: 'The circle named 2024.' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('a channel named like another channel’s id', () => {
  it('is a different circle from the one with that id', () => {
    expect(named.id).not.toBe(OTHER_ID);
    expect(named.name).toBe('2024');
  });

  it('API: circle_name finds the circle named "2024", circle_id the circle with id 2024', async () => {
    const byName = await get('/api/circles/members/?circle_name=2024');
    expect(byName.statusCode).toBe(200);
    expect(byName.json<Circle>()).toMatchObject({ id: named.id, name: '2024' });
    const byId = await get(`/api/circles/members/?circle_id=${OTHER_ID}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json<Circle>()).toMatchObject({ id: OTHER_ID, name: 'Year Circle' });
  });

  it('API: a feed’s `circle` value is an id when a circle has it, and the channel’s own id always finds it', async () => {
    const byKey = await get(`/api/posts/public/feed/?circle=${OTHER_ID}`);
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json<Paged<Post>>().count).toBe(0);
    const byOwnId = await get(`/api/posts/public/feed/?circle=${named.id}`);
    expect(byOwnId.statusCode).toBe(200);
  });

  it('channel page by key: its meta tags describe the circle the island loads (by name)', async () => {
    const site = t.app.ctx.services.site;
    const island = (await get('/api/circles/members/?circle_name=2024')).json<Circle>();
    expect(await site.circlePreview({ name: '2024' })).toEqual({ id: island.id, name: '2024', description: 'The circle named 2024.' });
  });

  it('channel page by id: its meta tags describe the circle with that id, as the island loads it', async () => {
    const site = t.app.ctx.services.site;
    const island = (await get(`/api/circles/members/?circle_id=${OTHER_ID}`)).json<Circle>();
    expect(await site.circlePreview({ id: String(OTHER_ID) })).toEqual({
      id: island.id,
      name: 'Year Circle',
      description: 'The circle whose id is 2024.',
    });
    expect(await site.circlePreview({ id: 'not-an-id' })).toBeNull();
    expect(await site.circlePreview({ name: '  ' })).toBeNull();
  });
});
