import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifications } from '../../src/server/db/schema/index.ts';
import { FIGURES_TTL_MS, createSiteFigures } from '../../src/server/services/site/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, post, type TestUser } from '../helpers/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const figures = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/site/figures/' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=3600');
  return res.json();
};

describe('GET /api/site/figures/', () => {
  it('shows nothing a small install cannot back: every figure null on an empty database', async () => {
    expect(await figures()).toEqual({
      verified_members: null,
      verified_share: null,
      channels: null,
      institutions: null,
      median_decision_minutes: null,
      scams_stopped_30d: null,
    });
  });

  it('computes the figures from the database, and recomputes them once an hour has passed', async () => {
    let now = Date.now();
    const live = createSiteFigures(t.app.ctx.db, t.config.institutionChipMinMembers, () => now);
    const members: TestUser[] = [];
    for (let i = 0; i < 20; i++) members.push(await createUser(t.app, `Member${i}`));
    const circles = [];
    for (let i = 0; i < 3; i++) circles.push(await createCircle(t.app, members[i], `Figures ${i}`));
    await t.app.ctx.db.insert(verifications).values(members.slice(0, 5).map((m) => ({ userId: m.id, kind: 'academic' })));
    const held = await post(t.app, members[0], circles[0], 'An ordinary post');
    await t.app.ctx.db.execute(sql`update posts set scam_verdict = 'held' where id = ${held}`);

    const first = await live();
    expect(first).toEqual({
      verified_members: 5,
      verified_share: 25,
      channels: 3,
      institutions: null,
      median_decision_minutes: null,
      scams_stopped_30d: 1,
    });
    await createCircle(t.app, members[4], 'Figures 3');
    expect((await live()).channels).toBe(3);
    now += FIGURES_TTL_MS;
    expect((await live()).channels).toBe(4);
  });
});
