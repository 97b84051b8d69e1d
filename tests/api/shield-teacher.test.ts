import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '../../src/lib/api-types.ts';
import { scamDecisions } from '../../src/server/db/schema/index.ts';
import { committedModel, currentModel, type ModelVersion } from '../../src/server/services/safety/index.ts';
import { runAdminCommand } from '../../src/server/staff/admin-command.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, type TestCircle, type TestUser } from '../helpers/fixtures.ts';

/** Moderators' decisions as the shield's teacher: kept as examples, retrained on, promoted only when no worse. */
let t: TestApp;
let moderator: TestUser;
let member: TestUser;
let circle: TestCircle;
const MONTH_AGO = new Date(Date.now() - 30 * 24 * 3_600_000);

const post = async (user: TestUser, title: string, description: string) =>
  (
    await t.app.inject({ method: 'POST', url: '/api/posts/', headers: user.headers, payload: { circle: circle.id, title, description } })
  ).json() as {
    id: number;
    moderation_status: string;
  };
const act = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/moderation/actions/', headers: moderator.headers, payload });
const versions = async () =>
  ((await t.app.inject({ url: '/api/staff/scam-shield/models/', headers: moderator.headers })).json() as Paged<ModelVersion>).results;

beforeAll(async () => {
  t = await buildTestApp();
  moderator = await createUser(t.app, 'mod', { createdAt: MONTH_AGO });
  member = await createUser(t.app, 'member', { createdAt: MONTH_AGO });
  circle = await createCircle(t.app, member);
  await runAdminCommand(t.app.ctx.db, ['grant', 'moderator', moderator.username]);
});
afterAll(() => t.close());

describe('the shield learns from staff decisions', () => {
  it('keeps a removal as scam and a flagged item restored as labelled examples; a channel owner’s decision teaches nothing', async () => {
    const scam = await post(
      member,
      'Prize claim desk',
      '<p>You won a Maruti car in the lucky draw, pay ₹2,500 registration to claim.delivery@ybl today.</p>',
    );
    expect((await act({ post: scam.id, action: 'remove', reason: 'Scam', category: 'scam' })).statusCode).toBe(200);
    const honest = await post(
      member,
      'Got my KYC done at the branch',
      '<p>Never share your OTP: the bank called only to confirm my visit. Report fraud at 1930.</p>',
    );
    const [row] = await t.app.ctx.db.select().from(scamDecisions);
    expect(row).toMatchObject({ label: 'scam', postId: scam.id, authorId: member.id });
    expect(row.text).toContain('claim.delivery@ybl');
    // A moderator restores an item after staff removed it: a flagged item found honest.
    await act({ post: honest.id, action: 'remove', reason: 'Looked like a scam' });
    expect((await act({ post: honest.id, action: 'restore', reason: '' })).statusCode).toBe(200);
    const labels = (await t.app.ctx.db.select().from(scamDecisions)).map((d) => [d.postId, d.label]);
    expect(labels).toEqual([
      [scam.id, 'scam'],
      [honest.id, 'legit'],
    ]);
  });

  it('lists the model versions for staff only, the committed model first and active', async () => {
    expect((await t.app.inject({ url: '/api/staff/scam-shield/models/', headers: member.headers })).statusCode).toBe(403);
    const [first] = await versions();
    expect(first).toMatchObject({ status: 'active', decisions: 0, note: 'the committed model (npm run safety:train)' });
    expect(first.precision).toBeGreaterThan(0.9);
    expect(first.recall).toBeGreaterThan(0.9);
  });

  it('promotes a retrained model that is no worse on the frozen split, and every later score uses it', async () => {
    const before = currentModel();
    const reply = await runAdminCommand(t.app.ctx.db, ['safety', 'retrain']);
    expect(reply).toMatch(/^Model version \d+ \(2 staff decisions\): promoted/);
    const [latest, first] = await versions();
    expect(latest).toMatchObject({ status: 'active', decisions: 2 });
    expect(first).toMatchObject({ status: 'kept' });
    expect(latest.precision).toBeGreaterThanOrEqual(first.precision);
    expect(latest.recall).toBeGreaterThanOrEqual(first.recall);
    await t.app.ctx.services.shieldTeacher.useActive();
    expect(currentModel()).not.toBe(before);
  }, 120_000);

  it('refuses a worse model (taught that scams are honest) and keeps the active one; staff can roll back to the first', async () => {
    // 400 scams of the training corpus, mislabelled as honest by staff: the candidate's recall on the frozen split falls.
    const corpus = JSON.parse(readFileSync('tests/fixtures/safety/train.json', 'utf8')) as { label: string; text: string }[];
    const poison = corpus.filter((item) => item.label === 'scam').slice(0, 400);
    await t.app.ctx.db
      .insert(scamDecisions)
      .values(
        poison.map((item, i) => ({ label: 'legit' as const, text: item.text, postId: 1_000_000 + i, commentId: null, authorId: null })),
      );
    const refused = await t.app.ctx.services.shieldTeacher.retrain();
    expect(refused.status).toBe('refused');
    expect(refused.note).toMatch(/^refused: /);
    const listed = await versions();
    expect(listed.map((v) => v.status)).toEqual(['refused', 'active', 'kept']);

    const first = listed[2];
    const rolledBack = await t.app.inject({
      method: 'POST',
      url: `/api/staff/scam-shield/models/${first.id}/activate/`,
      headers: moderator.headers,
    });
    expect(rolledBack.statusCode).toBe(200);
    expect(rolledBack.json()).toMatchObject({ id: first.id, status: 'active' });
    expect((await versions()).map((v) => v.status)).toEqual(['refused', 'kept', 'active']);
    expect(currentModel().thresholds).toEqual(committedModel().thresholds);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/staff/scam-shield/models/999999/activate/', headers: moderator.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/staff/scam-shield/models/${first.id}/activate/`, headers: member.headers }))
        .statusCode,
    ).toBe(403);
  }, 120_000);
});
