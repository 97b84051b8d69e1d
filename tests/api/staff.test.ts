import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand, ADMIN_USAGE } from '../../src/server/staff/admin-command.ts';
import { adminSocketPath, sendAdminCommand, startAdminSocket } from '../../src/server/staff/admin-socket.ts';
import { createSiteServices } from '../../src/server/services/site/index.ts';
import { StaffCommandError } from '../../src/server/services/accounts/staff-service.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/fixtures.ts';

let t: TestApp;
let member: TestUser;
let moderator: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  [member, moderator, admin] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
  await runAdminCommand(t.app.ctx.db, ['grant', 'moderator', moderator.username]);
  await runAdminCommand(t.app.ctx.db, ['grant', 'admin', admin.username]);
});
afterAll(() => t?.close());

const staffMe = (headers?: { authorization: string }) => t.app.inject({ method: 'GET', url: '/api/staff/me/', headers });

describe('/api/staff/*', () => {
  it('asks for credentials first, then refuses anyone without a staff role', async () => {
    expect((await staffMe()).statusCode).toBe(401);
    const refused = await staffMe(member.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ detail: 'You do not have permission to perform this action.' });
    // An unknown staff path tells a non-member nothing either: 403, not 404.
    const unknown = await t.app.inject({ method: 'POST', url: '/api/staff/anything/at/all/', headers: member.headers });
    expect(unknown.statusCode).toBe(403);
  });

  it('answers staff with their handle and role', async () => {
    expect((await staffMe(moderator.headers)).json()).toEqual({ username: moderator.username, role: 'moderator' });
    expect((await staffMe(admin.headers)).json()).toEqual({ username: admin.username, role: 'admin' });
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/nothing-here/', headers: admin.headers })).statusCode).toBe(404);
  });

  it('a revoked role stops working at once, even with the same token', async () => {
    const once = await createUser(t.app);
    await runAdminCommand(t.app.ctx.db, ['grant', 'moderator', once.username]);
    expect((await staffMe(once.headers)).statusCode).toBe(200);
    expect(await runAdminCommand(t.app.ctx.db, ['revoke', once.username])).toBe(`${once.username} is no longer staff.`);
    expect((await staffMe(once.headers)).statusCode).toBe(403);
  });
});

describe('requireRole', () => {
  it('lets an admin do what a moderator may, and not the other way round', async () => {
    const app = t.app;
    const gate = async (role: 'moderator' | 'admin', headers: { authorization: string }) => {
      const request = { headers, user: null, staffRole: null } as unknown as Parameters<ReturnType<typeof app.requireRole>>[0];
      try {
        await app.requireRole(role)(request);
        return 'allowed';
      } catch (error) {
        return (error as { statusCode: number }).statusCode;
      }
    };
    expect(await gate('moderator', admin.headers)).toBe('allowed');
    expect(await gate('admin', admin.headers)).toBe('allowed');
    expect(await gate('moderator', moderator.headers)).toBe('allowed');
    expect(await gate('admin', moderator.headers)).toBe(403);
    expect(await gate('moderator', member.headers)).toBe(403);
  });
});

describe('npm run admin', () => {
  it('grants, lists and revokes by handle', async () => {
    const db = t.app.ctx.db;
    const someone = await createUser(t.app);
    expect(await runAdminCommand(db, ['grant', 'moderator', someone.username])).toBe(`${someone.username} is now a moderator.`);
    expect(await runAdminCommand(db, ['grant', 'admin', someone.username])).toBe(`${someone.username} is now an admin.`);
    const listed = (await runAdminCommand(db, ['list'])).split('\n');
    expect(listed.filter((line) => line.includes(someone.username))).toEqual([
      expect.stringMatching(new RegExp(`^admin +${someone.username} +\\(since \\d{4}-\\d\\d-\\d\\d\\)$`)),
    ]);
    // Admins first.
    expect(listed.findIndex((line) => line.startsWith('moderator'))).toBeGreaterThan(listed.findIndex((line) => line.startsWith('admin')));
    expect(await runAdminCommand(db, ['revoke', 'admin', someone.username])).toBe(`${someone.username} is no longer staff.`);
    expect(await runAdminCommand(db, ['revoke', someone.username])).toBe(`${someone.username} held no staff role.`);
  });

  it('says what went wrong in words', async () => {
    const db = t.app.ctx.db;
    await expect(runAdminCommand(db, ['grant', 'moderator', 'NoSuchHandle1'])).rejects.toThrow(
      'No account has the handle "NoSuchHandle1".',
    );
    await expect(runAdminCommand(db, ['grant', 'owner', member.username])).rejects.toThrow(
      'Unknown role "owner": use one of moderator, admin.',
    );
    await expect(runAdminCommand(db, ['promote', member.username])).rejects.toThrow(StaffCommandError);
    await expect(runAdminCommand(db, ['grant', 'moderator'])).rejects.toThrow(ADMIN_USAGE);
  });

  it('reaches the running server through its admin socket, which only its own account may open', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bsq-admin-'));
    const stop = await startAdminSocket({ dataDir, db: t.app.ctx.db, log: t.app.log });
    try {
      expect(statSync(path.dirname(adminSocketPath(dataDir))).mode & 0o777).toBe(0o700);
      const someone = await createUser(t.app);
      expect(await sendAdminCommand(dataDir, ['grant', 'moderator', someone.username])).toEqual({
        ok: true,
        output: `${someone.username} is now a moderator.`,
      });
      expect((await staffMe(someone.headers)).json()).toEqual({ username: someone.username, role: 'moderator' });
      expect(await sendAdminCommand(dataDir, ['grant', 'moderator', 'NoSuchHandle2'])).toEqual({
        ok: false,
        error: 'No account has the handle "NoSuchHandle2".',
      });
    } finally {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the /staff page check', () => {
  it('names the role of a staff member’s access or refresh token, and nothing for anyone else', async () => {
    const site = createSiteServices(t.app.ctx.db, t.app.ctx.services.tokens, t.config);
    const modTokens = t.app.ctx.services.tokens.issuePair(moderator.id);
    expect(await site.staffRole({ access: modTokens.access })).toBe('moderator');
    expect(await site.staffRole({ access: 'expired-or-forged', refresh: modTokens.refresh })).toBe('moderator');
    expect(await site.staffRole({ access: t.app.ctx.services.tokens.issuePair(member.id).access })).toBeNull();
    expect(await site.staffRole({})).toBeNull();
    // A refresh token does not pass for an access token's place, nor the other way round.
    expect(await site.staffRole({ access: modTokens.refresh })).toBeNull();
  });
});
