import { translator } from '../../src/lib/i18n.ts';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, getTableColumns, or } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNDER_18_MESSAGE } from '../../src/lib/privacy-notice.ts';
import { readPolicyNotice } from '../../src/content/page-files.ts';
import { ACCOUNT_TABLES, DELETED_ACCOUNT_HANDLE } from '../../src/server/services/data-rights/index.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { runAdminCommand } from '../../src/server/staff/admin-command.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { appVariant } from '../helpers/app-variant.ts';
import { addMember, comment, createCircle, createUser, makeImage, multipart, post, type TestUser } from '../helpers/fixtures.ts';
import { latestOtp, signIn, uniqueEmail } from '../helpers/sign-in.ts';
import { readZip } from '../helpers/zip.ts';
import { until } from '../helpers/until.ts';

/** The privacy notice's version now, derived from the privacy page. */
const NOTICE_VERSION = readPolicyNotice().version;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { JOB_POLL_SECONDS: '0.5' });
});
afterAll(() => t?.close());

const inject = (options: InjectOptions) => t.app.inject(options);

/** Writes a real image into the media folder as an upload would, and answers its /media/ URL. */
async function upload(app = t): Promise<{ url: string; file: string; bytes: Buffer }> {
  mkdirSync(app.config.mediaDir, { recursive: true });
  const name = `${randomUUID()}.png`;
  const bytes = await makeImage('png');
  const file = path.join(app.config.mediaDir, name);
  writeFileSync(file, bytes);
  return { url: `/media/${name}`, file, bytes };
}

/** A member with something in every kind of table: posts with media, a comment, reactions, memberships, a report, a block. */
async function busyMember() {
  const member = await createUser(t.app, 'busy');
  const other = await createUser(t.app, 'other');
  const circle = await createCircle(t.app, other);
  await addMember(t.app, circle, member);
  const media = await upload();
  const postId = await post(t.app, member, circle, 'My post');
  await t.app.ctx.db
    .update(schema.posts)
    .set({ images: [media.url] })
    .where(eq(schema.posts.id, postId));
  const othersPost = await post(t.app, other, circle, 'Their post');
  await comment(t.app, member, othersPost, 'My comment');
  await comment(t.app, other, postId, 'A reply to the member');
  const like = await inject({ method: 'POST', url: `/api/posts/likes/?post_id=${othersPost}`, headers: member.headers });
  expect(like.statusCode).toBeLessThan(300);
  const saved = await inject({ method: 'POST', url: '/api/users/me/saved/', headers: member.headers, payload: { post: othersPost } });
  expect(saved.statusCode).toBe(201);
  const report = await inject({
    method: 'POST',
    url: '/api/reports/',
    headers: member.headers,
    payload: { post: othersPost, reason: 'spam' },
  });
  expect(report.statusCode).toBeLessThan(300);
  await t.app.ctx.db.insert(schema.userBlocks).values({ blockerId: member.id, blockedId: other.id });
  await t.app.ctx.db.insert(schema.userBlocks).values({ blockerId: other.id, blockedId: member.id });
  await t.app.ctx.db.insert(schema.verifications).values({ userId: member.id, kind: 'academic' });
  return { member, other, circle, media, postId, othersPost };
}

/**
 * Every row of every table (in the public schema) that still refers to the account: by a column referring to users,
 * or by its handle or its key (the keyed hash of the address) anywhere in the row.
 */
async function rowsReferring(userId: number, handle: string, key?: string): Promise<string[]> {
  const run = (query: string, values: unknown[] = []) => t.app.ctx.database.executeSql(query, values);
  const tables = (
    await run(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)
  ).rows.map((r) => String(r.table_name));
  const references = (
    await run(
      `select kcu.table_name, kcu.column_name from information_schema.table_constraints tc
         join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
         join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
       where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public' and ccu.table_name = 'users' and ccu.column_name = 'id'`,
    )
  ).rows.map((r) => [String(r.table_name), String(r.column_name)] as const);
  const found: string[] = [];
  for (const [table, column] of [...references, ['users', 'id'] as const]) {
    const [row] = (await run(`select count(*)::int as n from "${table}" where "${column}" = $1`, [userId])).rows;
    if (Number(row.n) > 0) found.push(`${table}.${column}`);
  }
  for (const table of tables) {
    for (const [what, text] of [
      ['handle', handle],
      ['key', key],
    ] as const) {
      if (!text) continue;
      const [row] = (await run(`select count(*)::int as n from "${table}" t where position($1 in t::text) > 0`, [text])).rows;
      if (Number(row.n) > 0) found.push(`${table} (${what})`);
    }
  }
  return found;
}

async function deleteAccount(member: { auth: { authorization: string }; email: string }, eraseContent: boolean) {
  const sent = await inject({
    method: 'POST',
    url: '/api/users/me/delete/send-otp/',
    headers: member.auth,
    payload: { email: member.email },
  });
  expect(sent.statusCode).toBe(200);
  const res = await inject({
    method: 'POST',
    url: '/api/users/me/delete/',
    headers: member.auth,
    payload: { otp: latestOtp(t, member.email), erase_content: eraseContent },
  });
  expect(res.statusCode).toBe(202);
  return res;
}

/** A signed-in member (through the real sign-in) who also owns the busy member's kind of data. */
async function signedInBusyMember() {
  const signed = await signIn(t);
  const [row] = await t.app.ctx.db
    .select()
    .from(schema.users)
    .where(eq(schema.users.emailHash, t.app.ctx.services.otp.keyOf(signed.email)));
  const asTestUser: TestUser = { id: row.id, username: row.username, color: row.color, access: signed.access, headers: signed.auth };
  const other = await createUser(t.app, 'neighbour');
  const circle = await createCircle(t.app, other);
  await addMember(t.app, circle, asTestUser);
  const media = await upload();
  const ownPost = await post(t.app, asTestUser, circle, 'Written by the leaver');
  await t.app.ctx.db
    .update(schema.posts)
    .set({ images: [media.url] })
    .where(eq(schema.posts.id, ownPost));
  const othersPost = await post(t.app, other, circle, 'Liked by the leaver');
  await comment(t.app, asTestUser, othersPost, 'Comment by the leaver');
  await comment(t.app, other, ownPost, 'A reply under the leaver’s post');
  await inject({ method: 'POST', url: `/api/posts/likes/?post_id=${othersPost}`, headers: signed.auth });
  await inject({ method: 'POST', url: '/api/users/me/saved/', headers: signed.auth, payload: { post: othersPost } });
  await inject({ method: 'POST', url: '/api/reports/', headers: signed.auth, payload: { post: othersPost, reason: 'spam' } });
  await t.app.ctx.db.insert(schema.userBlocks).values({ blockerId: other.id, blockedId: row.id });
  // Had been staff once: the audit log names staff by handle (the walk below finds any row still naming it).
  await t.app.ctx.db
    .insert(schema.staffAuditLog)
    .values({ staffRole: 'moderator', staffHandle: row.username, action: 'credential.approve', subjectId: 1, outcome: 'approved' });
  const exported = await inject({ method: 'POST', url: '/api/users/me/export/', headers: signed.auth });
  const exportId = (exported.json() as { id: string }).id;
  await until('the export', async () => {
    const res = await inject({ url: `/api/users/me/export/${exportId}/`, headers: signed.auth });
    return res.json().status !== 'pending';
  });
  return { signed, user: row, other, circle, media, ownPost, othersPost };
}

describe('notice and consent', () => {
  it('a new member must agree before anything but the consent calls and public reads', async () => {
    const member = await signIn(t, uniqueEmail(), undefined, { consent: false });
    const profile = await inject({ method: 'POST', url: '/api/users/me/profile/', headers: member.auth });
    expect(profile.statusCode).toBe(403);
    expect(profile.json()).toMatchObject({ detail: 'Please read and accept the privacy notice to continue.', code: 'consent_required' });
    expect((await inject({ url: '/api/posts/public/feed/', headers: member.auth })).statusCode).toBe(200);
    expect((await inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: member.refresh } })).statusCode).toBe(200);

    const status = await inject({ url: '/api/users/me/consent/', headers: member.auth });
    expect(status.json()).toEqual({
      version: NOTICE_VERSION,
      required: true,
      consented_version: null,
      agreed_at: null,
      // Before a first agreement every material version of the notice is listed, newest first.
      changes: readPolicyNotice().changes.map(({ version, effective, changes }) => ({ version, effective, changes: changes.en })),
      withdrawn_at: null,
      erase_after: null,
    });
    const stale = await inject({
      method: 'POST',
      url: '/api/users/me/consent/',
      headers: member.auth,
      payload: { version: NOTICE_VERSION + 1, adult: true },
    });
    expect(stale.statusCode).toBe(400);
    const missing = await inject({
      method: 'POST',
      url: '/api/users/me/consent/',
      headers: member.auth,
      payload: { version: NOTICE_VERSION },
    });
    expect(missing.json()).toEqual({ adult: ['This field is required.'] });

    const agreed = await inject({
      method: 'POST',
      url: '/api/users/me/consent/',
      headers: member.auth,
      payload: { version: NOTICE_VERSION, adult: true },
    });
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json()).toMatchObject({ version: NOTICE_VERSION, required: false, consented_version: NOTICE_VERSION });
    expect((await inject({ method: 'POST', url: '/api/users/me/profile/', headers: member.auth })).statusCode).toBe(201);
  });

  it('a changed notice asks again', async () => {
    const member = await createUser(t.app, 'old');
    await t.app.ctx.db.update(schema.consents).set({ noticeVersion: '2020-01-01' }).where(eq(schema.consents.userId, member.id));
    const res = await inject({ url: '/api/users/me/profile/', headers: member.headers });
    expect(res.json().code).toBe('consent_required');
    expect((await inject({ url: '/api/users/me/consent/', headers: member.headers })).json()).toMatchObject({
      required: true,
      // An agreement to a notice from before versions were numbered is no agreement to this one.
      consented_version: null,
    });
  });

  it('an answer of under 18 stops sign-up and erases the new account at once', async () => {
    const email = uniqueEmail('young');
    const member = await signIn(t, email, undefined, { consent: false });
    const res = await inject({
      method: 'POST',
      url: '/api/users/me/consent/',
      headers: member.auth,
      payload: { version: NOTICE_VERSION, adult: false },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: UNDER_18_MESSAGE, code: 'under_18' });
    const key = t.app.ctx.services.otp.keyOf(email);
    expect(await t.app.ctx.db.select().from(schema.users).where(eq(schema.users.emailHash, key))).toEqual([]);
    expect((await inject({ url: '/api/users/me/consent/', headers: member.auth })).statusCode).toBe(401);
    const again = await signIn(t, email, undefined, { consent: false });
    expect(again.is_registered).toBe(true);
  });
});

describe('withdrawing consent', () => {
  it('refuses every token of the member at once; signing in with a code and agreeing again cancels the erasure', async () => {
    const email = uniqueEmail('withdraw');
    const member = await signIn(t, email);
    const withdrawn = await inject({ method: 'POST', url: '/api/users/me/consent/withdraw/', headers: member.auth });
    expect(withdrawn.statusCode).toBe(202);
    const { erase_after } = withdrawn.json() as { erase_after: string };
    expect(new Date(erase_after).getTime() - Date.now()).toBeGreaterThan(71 * 3_600_000);
    expect((await inject({ url: '/api/users/me/profile/', headers: member.auth })).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: member.refresh } })).statusCode).toBe(401);

    // A token is dated to the second: a sign-in a second later is a new one.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const back = await signIn(t, email, undefined, { consent: false });
    const status = (await inject({ url: '/api/users/me/consent/', headers: back.auth })).json();
    expect(status).toMatchObject({ required: true, consented_version: null, erase_after });
    expect((await inject({ url: '/api/users/me/profile/', headers: back.auth })).json()).toMatchObject({ code: 'consent_required' });
    const agreed = await inject({
      method: 'POST',
      url: '/api/users/me/consent/',
      headers: back.auth,
      payload: { version: NOTICE_VERSION, adult: true },
    });
    expect(agreed.json()).toMatchObject({ required: false, withdrawn_at: null, erase_after: null });
    const [row] = await t.app.ctx.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.emailHash, t.app.ctx.services.otp.keyOf(email)));
    await t.app.ctx.services.erasure.eraseWithdrawn(row.id);
    expect((await inject({ url: '/api/users/me/profile/', headers: back.auth })).statusCode).toBe(200);
  });

  it('erases the account once WITHDRAWAL_GRACE_HOURS have passed without a new agreement', async () => {
    const quick = await appVariant(t, { withdrawalGraceHours: 0 });
    try {
      const email = uniqueEmail('gone');
      const member = await signIn(quick, email);
      const key = quick.app.ctx.services.otp.keyOf(email);
      expect((await quick.app.inject({ method: 'POST', url: '/api/users/me/consent/withdraw/', headers: member.auth })).statusCode).toBe(
        202,
      );
      await until(
        'the erasure after the withdrawal',
        async () => (await quick.app.ctx.db.select().from(schema.users).where(eq(schema.users.emailHash, key))).length === 0,
      );
    } finally {
      await quick.close();
    }
  });
});

describe('download my data', () => {
  it('prepares a zip in a job with every row the member owns and every file they uploaded', async () => {
    const { member, other, media } = await busyMember();
    const started = await inject({ method: 'POST', url: '/api/users/me/export/', headers: member.headers });
    expect(started.statusCode).toBe(202);
    const { id, status } = started.json() as { id: string; status: string };
    expect(status).toBe('pending');
    const second = await inject({ method: 'POST', url: '/api/users/me/export/', headers: member.headers });
    expect(second.statusCode).toBe(409);

    const ready = await until('the export to be ready', async () => {
      const res = await inject({ url: `/api/users/me/export/${id}/`, headers: member.headers });
      const body = res.json() as { status: string; download_url: string | null };
      return body.status === 'ready' && body;
    });
    expect(ready.download_url).toMatch(new RegExp(`/api/users/me/export/${id}/download/\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    expect((await inject({ url: '/api/users/me/export/', headers: member.headers })).json().latest.id).toBe(id);

    // Someone else's token sees nothing; the member's token or the signed link downloads it.
    expect((await inject({ url: `/api/users/me/export/${id}/`, headers: other.headers })).statusCode).toBe(404);
    expect((await inject({ url: `/api/users/me/export/${id}/download/`, headers: other.headers })).statusCode).toBe(404);
    const byLink = await inject({ url: new URL(ready.download_url!).pathname + new URL(ready.download_url!).search });
    expect(byLink.statusCode).toBe(200);
    const download = await inject({ url: `/api/users/me/export/${id}/download/`, headers: member.headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');

    const files = await readZip(download.rawPayload);
    expect(files.get(`media/${path.basename(media.file)}`)).toEqual(media.bytes);
    const data = JSON.parse(files.get('data.json')!.toString()) as Record<string, unknown>;
    for (const entry of ACCOUNT_TABLES.filter((e) => e.exportAs && e.exportAs !== 'profile')) {
      const owned = await t.app.ctx.db
        .select()
        .from(entry.table)
        .where(or(...(entry.exportBy ?? [entry.owner]).map((column) => eq(column, member.id))));
      const ids = (rows: Record<string, unknown>[]) =>
        rows.map((r) => JSON.stringify(r.id ?? r.post_id ?? r.postId ?? r.circle_id ?? r.circleId ?? r.created_at ?? r.createdAt)).sort();
      expect(ids(data[entry.exportAs!] as Record<string, unknown>[]), entry.exportAs).toEqual(ids(owned as Record<string, unknown>[]));
    }
    expect(data.profile).toMatchObject({ id: member.id, username: member.username, chips: [{ kind: 'email', label: 'Verified email' }] });
    expect(JSON.stringify(data)).not.toContain('email_hash');
    for (const key of [
      'posts',
      'comments',
      'reactions',
      'saved_posts',
      'memberships',
      'reports_made',
      'consent_records',
      'verifications',
    ]) {
      expect((data[key] as unknown[]).length, key).toBeGreaterThan(0);
    }
  });
});

describe('download my data reads as a person would', () => {
  it('names every channel, post and comment it refers to, and says in README.txt what each part holds', async () => {
    const { member, circle, othersPost } = await busyMember();
    const started = await inject({ method: 'POST', url: '/api/users/me/export/', headers: member.headers });
    const { id } = started.json() as { id: string };
    await until(
      'the export',
      async () => (await inject({ url: `/api/users/me/export/${id}/`, headers: member.headers })).json().status === 'ready',
    );
    const files = await readZip((await inject({ url: `/api/users/me/export/${id}/download/`, headers: member.headers })).rawPayload);
    const data = JSON.parse(files.get('data.json')!.toString()) as Record<string, Record<string, unknown>[]>;
    expect(data.memberships).toEqual([expect.objectContaining({ circle_id: circle.id, channel: circle.name })]);
    expect(data.posts).toEqual([expect.objectContaining({ title: 'My post', channel: circle.name })]);
    expect(data.comments).toEqual([expect.objectContaining({ body: 'My comment', post_title: 'Their post', channel: circle.name })]);
    expect(data.reactions).toEqual([expect.objectContaining({ post_id: othersPost, post_title: 'Their post' })]);
    expect(data.saved_posts).toEqual([
      { user_id: member.id, post_id: othersPost, post_title: 'Their post', channel: circle.name, created_at: expect.any(String) },
    ]);
    expect(data.reports_made).toEqual([expect.objectContaining({ post_title: 'Their post' })]);
    const readme = files.get('README.txt')?.toString() ?? '';
    for (const part of ['data.json', 'media/', 'memberships', 'posts', 'comments', 'reactions', 'notifications'])
      expect(readme, part).toContain(part);
    // In each of the seven languages, English first.
    for (const lang of ['en', 'hi', 'mr', 'bn', 'ta', 'te', 'kn'] as const)
      expect(readme, lang).toContain(translator(lang)('exportReadme.files'));
    expect(readme.split('\n----\n')).toHaveLength(7);
  });
});

describe('download my data names other people as the member saw them', () => {
  it("holds no other member's account id: notifications and blocks name handles, staff decisions name the role only", async () => {
    const { member, other, postId } = await busyMember();
    const moderator = await createUser(t.app, 'mod');
    await runAdminCommand(t.app.ctx.db, ['grant', 'moderator', moderator.username]);
    // The moderator also wrote under the member's post, so a notification names their handle.
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/posts/comments/',
          headers: moderator.headers,
          payload: { post: postId, body: 'Checking this' },
        })
      ).statusCode,
    ).toBe(201);
    const removed = await inject({
      method: 'POST',
      url: '/api/moderation/actions/',
      headers: moderator.headers,
      payload: { post: postId, action: 'remove', reason: 'Off topic' },
    });
    expect(removed.statusCode).toBe(200);

    const started = await inject({ method: 'POST', url: '/api/users/me/export/', headers: member.headers });
    const { id } = started.json() as { id: string };
    await until(
      'the export',
      async () => (await inject({ url: `/api/users/me/export/${id}/`, headers: member.headers })).json().status === 'ready',
    );
    const files = await readZip((await inject({ url: `/api/users/me/export/${id}/download/`, headers: member.headers })).rawPayload);
    const data = JSON.parse(files.get('data.json')!.toString()) as Record<string, Record<string, unknown>[]>;

    expect(data.notifications.map((n) => n.actor)).toEqual(expect.arrayContaining([moderator.username, null]));
    expect(data.notifications).toHaveLength(2);
    expect(data.blocks).toEqual([{ blocker_id: member.id, blocked: other.username, created_at: expect.any(String) }]);
    expect(data.moderation_decisions).toEqual([
      expect.objectContaining({ action: 'remove', reason: 'Off topic', actor_role: 'moderator', target: member.username }),
    ]);
    // No other member's account id anywhere, under any key.
    const otherIds = new Set([other.id, moderator.id]);
    const idsIn = (value: unknown, key = ''): string[] =>
      Array.isArray(value)
        ? value.flatMap((v) => idsIn(v, key))
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([k, v]) => idsIn(v, k))
          : typeof value === 'number' &&
              otherIds.has(value) &&
              /(^|_)(user|actor|author|owner|blocked|blocker|reporter|target)(_id)?$|_id$/.test(key) &&
              !/^(id|post_id|comment_id|circle_id|case_id|parent_id)$/.test(key)
            ? [key]
            : [];
    expect(idsIn(data)).toEqual([]);
    expect(JSON.stringify(data)).not.toMatch(/"(actor_user_id|actor_id|blocked_id|target_user_id)"/);
  });
});

describe('delete my account', () => {
  it('checks the address against the account key and the code', async () => {
    const member = await signIn(t);
    const wrong = await inject({
      method: 'POST',
      url: '/api/users/me/delete/send-otp/',
      headers: member.auth,
      payload: { email: uniqueEmail() },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('wrong_address');
    await inject({ method: 'POST', url: '/api/users/me/delete/send-otp/', headers: member.auth, payload: { email: member.email } });
    const bad = await inject({
      method: 'POST',
      url: '/api/users/me/delete/',
      headers: member.auth,
      payload: { otp: '000000', erase_content: true },
    });
    expect(bad.statusCode).toBe(400);
    expect((await inject({ url: '/api/users/me/profile/', headers: member.auth })).statusCode).toBe(200);
  });

  it('with erase_content: no row refers to the account, no file it uploaded is left, counts stay true', async () => {
    const { signed, user, circle, media, othersPost } = await signedInBusyMember();
    const [exportRow] = await t.app.ctx.db.select().from(schema.dataExports).where(eq(schema.dataExports.userId, user.id));
    const exportFile = path.join(t.config.exportsDir, exportRow.fileName!);
    expect(existsSync(exportFile)).toBe(true);
    const membersBefore = (await t.app.ctx.db.select().from(schema.circles).where(eq(schema.circles.id, circle.id)))[0].membersCount;

    await deleteAccount(signed, true);
    // Tokens stop at once, before the job ran: the access token, and the refresh token.
    expect((await inject({ url: '/api/users/me/profile/', headers: signed.auth })).statusCode).toBe(401);
    const refreshed = await inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: signed.refresh } });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json().code).toBe('token_not_valid');
    expect((await inject({ method: 'POST', url: '/api/token/verify/', payload: { token: signed.access } })).statusCode).toBe(401);
    await until(
      'the account to be erased',
      async () => (await t.app.ctx.db.select().from(schema.users).where(eq(schema.users.id, user.id))).length === 0,
    );

    expect(await rowsReferring(user.id, user.username, t.app.ctx.services.otp.keyOf(signed.email))).toEqual([]);
    expect(existsSync(media.file)).toBe(false);
    expect(existsSync(exportFile)).toBe(false);
    const [after] = await t.app.ctx.db.select().from(schema.circles).where(eq(schema.circles.id, circle.id));
    expect(after.membersCount).toBe(membersBefore - 1);
    expect(after.postsCount).toBe(1);
    const [liked] = await t.app.ctx.db.select().from(schema.posts).where(eq(schema.posts.id, othersPost));
    expect({ likes: liked.likeCount, comments: liked.commentCount }).toEqual({ likes: 0, comments: 0 });
    const feed = await inject({ url: `/api/posts/public/feed/?circle=${circle.id}` });
    expect(JSON.stringify(feed.json())).not.toContain('Written by the leaver');

    // The same address starts afresh.
    expect((await signIn(t, signed.email)).is_registered).toBe(true);
  });

  it('with erase_content: a comment others replied to stays as "[deleted]" above their replies; upvotes and notifications go', async () => {
    const signed = await signIn(t);
    const [row] = await t.app.ctx.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.emailHash, t.app.ctx.services.otp.keyOf(signed.email)));
    const leaver: TestUser = { id: row.id, username: row.username, color: row.color, access: signed.access, headers: signed.auth };
    const other = await createUser(t.app, 'replier');
    const circle = await createCircle(t.app, other);
    const othersPost = await post(t.app, other, circle, 'A thread');
    const started = await comment(t.app, leaver, othersPost, 'The leaver starts a thread');
    const write = (user: TestUser, body: string, parent: number) =>
      inject({ method: 'POST', url: '/api/posts/comments/', headers: user.headers, payload: { post: othersPost, body, parent } });
    const ownReply = (await write(leaver, 'The leaver answers themself', started)).json().id as number;
    const reply = (await write(other, 'Someone else replies', started)).json().id as number;
    await write(leaver, 'A leaf of the leaver', ownReply);
    expect(
      (await inject({ method: 'POST', url: `/api/posts/comments/upvotes/?comment_id=${reply}`, headers: leaver.headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.ctx.db.select().from(schema.notifications).where(eq(schema.notifications.actorUserId, leaver.id))).length,
    ).toBeGreaterThan(0);

    await deleteAccount(signed, true);
    await until(
      'the account to be erased',
      async () => (await t.app.ctx.db.select().from(schema.users).where(eq(schema.users.id, leaver.id))).length === 0,
    );

    expect(await rowsReferring(leaver.id, leaver.username, t.app.ctx.services.otp.keyOf(signed.email))).toEqual([]);
    const thread = (await inject({ url: `/api/posts/comments/list/?post_id=${othersPost}` })).json();
    const [top] = thread.comments.results;
    expect(top).toMatchObject({ id: started, deleted: true, body: '' });
    // The leaver's own branch went whole; the other member's reply stays, its upvote from the leaver gone.
    expect(top.replies.map((r: { id: number; upvote_count: number }) => [r.id, r.upvote_count])).toEqual([[reply, 0]]);
    expect(thread.post.comment_count).toBe(1);
  });

  it('without erase_content: posts read "[deleted account]" and nothing else links them', async () => {
    const { signed, user, media, ownPost } = await signedInBusyMember();
    await deleteAccount(signed, false);
    await until(
      'the account to be erased',
      async () => (await t.app.ctx.db.select().from(schema.users).where(eq(schema.users.id, user.id))).length === 0,
    );
    expect(await rowsReferring(user.id, user.username, t.app.ctx.services.otp.keyOf(signed.email))).toEqual([]);
    const detail = await inject({ url: `/api/posts/${ownPost}/` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ title: 'Written by the leaver', images: [media.url] });
    expect(JSON.stringify(detail.json())).toContain(DELETED_ACCOUNT_HANDLE);
    expect(existsSync(media.file)).toBe(true);
  });

  it("with erase_content: a file another member uploaded stays, though the leaver's comment and post named it", async () => {
    const signed = await signIn(t);
    const [row] = await t.app.ctx.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.emailHash, t.app.ctx.services.otp.keyOf(signed.email)));
    const leaver: TestUser = { id: row.id, username: row.username, color: row.color, access: signed.access, headers: signed.auth };
    const owner = await createUser(t.app, 'photographer');
    const circle = await createCircle(t.app, owner);
    const media = await upload();
    const ownersPost = await post(t.app, owner, circle, 'My photo');
    await t.app.ctx.db
      .update(schema.posts)
      .set({ images: [media.url] })
      .where(eq(schema.posts.id, ownersPost));
    await comment(t.app, leaver, ownersPost, `Nice one: ${media.url}`);
    await post(t.app, leaver, circle, 'Linked', { description: `<p><img src="${media.url}"></p>` });

    await deleteAccount(signed, true);
    await until(
      'the account to be erased',
      async () => (await t.app.ctx.db.select().from(schema.users).where(eq(schema.users.id, leaver.id))).length === 0,
    );
    expect(existsSync(media.file)).toBe(true);
    expect((await inject({ url: `/api/posts/${ownersPost}/` })).json()).toMatchObject({ images: [media.url] });
  });

  it("leaves no excerpt of the member's removed writing in the public log, and frees the academic address they verified", async () => {
    const signed = await signIn(t);
    const [row] = await t.app.ctx.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.emailHash, t.app.ctx.services.otp.keyOf(signed.email)));
    const leaver: TestUser = { id: row.id, username: row.username, color: row.color, access: signed.access, headers: signed.auth };
    const owner = await createUser(t.app, 'owner');
    const circle = await createCircle(t.app, owner);
    const removedPost = await post(t.app, leaver, circle, 'My phone number is 98xxxx and I live near the lake');
    const removal = await inject({
      method: 'POST',
      url: '/api/moderation/actions/',
      headers: owner.headers,
      payload: { post: removedPost, action: 'remove', reason: 'Personal details' },
    });
    expect(removal.statusCode).toBe(200);
    const academic = uniqueEmail('leaver', 'univ.ac.in');
    const verifyAddress = async (who: { auth: { authorization: string } }) => {
      expect(
        (
          await inject({
            method: 'POST',
            url: '/api/users/me/verifications/email/send-otp/',
            headers: who.auth,
            payload: { email: academic },
          })
        ).statusCode,
      ).toBe(200);
      return inject({
        method: 'POST',
        url: '/api/users/me/verifications/email/verify/',
        headers: who.auth,
        payload: { email: academic, otp: latestOtp(t, academic) },
      });
    };
    expect((await verifyAddress(signed)).statusCode).toBe(200);

    await deleteAccount(signed, true);
    await until(
      'the account to be erased',
      async () => (await t.app.ctx.db.select().from(schema.users).where(eq(schema.users.id, leaver.id))).length === 0,
    );

    const log = (await inject({ url: `/api/modlog/?circle=${circle.id}` })).json();
    expect(log.results).toEqual([expect.objectContaining({ action: 'remove', reason: 'Personal details', excerpt: '' })]);
    expect(JSON.stringify(log)).not.toContain('lake');
    // The same person, with a new account, can verify the same academic address again.
    const again = await signIn(t);
    const verified = await verifyAddress(again);
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('an erasure stopped halfway finishes when the app starts again', async () => {
    const idle = await appVariant(t, { jobs: { work: false, pollSeconds: 0.5 } });
    const member = await createUser(idle.app, 'crash');
    const media = await upload(idle);
    await idle.app.ctx.db.update(schema.users).set({ profileImage: media.url }).where(eq(schema.users.id, member.id));
    // The request is taken (as POST /api/users/me/delete/ records it) and the first steps run, then the process
    // "dies" before the job finished: this instance runs no workers, so nothing else moves it on.
    await idle.app.ctx.db.insert(schema.accountErasures).values({ userId: member.id, eraseContent: true });
    await idle.app.ctx.db.update(schema.users).set({ erasureRequestedAt: new Date() }).where(eq(schema.users.id, member.id));
    expect(await idle.app.ctx.services.erasure.runStep(member.id)).toBe(true); // files collected
    expect(await idle.app.ctx.services.erasure.runStep(member.id)).toBe(true); // rows erased
    await idle.close();
    expect(existsSync(media.file)).toBe(true);

    const restarted = await appVariant(t, { jobs: { work: true, pollSeconds: 0.5 } });
    try {
      await until(
        'the erasure to finish',
        async () => (await t.app.ctx.db.select().from(schema.users).where(eq(schema.users.id, member.id))).length === 0,
      );
      expect(existsSync(media.file)).toBe(false);
      expect(await rowsReferring(member.id, member.username)).toEqual([]);
    } finally {
      await restarted.close();
    }
  });
});

describe('single uploads', () => {
  it('a member deletes one upload of theirs; another member cannot', async () => {
    const { member, other, media, postId } = await busyMember();
    const name = path.basename(media.file);
    expect((await inject({ url: '/api/users/me/uploads/', headers: member.headers })).json()).toEqual([
      { name, url: media.url, post_id: postId, comment_id: null },
    ]);
    expect((await inject({ method: 'DELETE', url: `/api/users/me/uploads/${name}/`, headers: other.headers })).statusCode).toBe(404);
    expect(existsSync(media.file)).toBe(true);
    expect((await inject({ method: 'DELETE', url: `/api/users/me/uploads/${name}/`, headers: member.headers })).statusCode).toBe(204);
    expect(existsSync(media.file)).toBe(false);
    expect((await inject({ url: `/api/posts/${postId}/` })).json()).toMatchObject({ title: 'My post', images: [] });
  });
});

describe('single uploads of a private channel', () => {
  it('a member deletes an upload of theirs from a private channel, as listed in "my uploads"', async () => {
    const member = await createUser(t.app, 'private');
    const circle = await createCircle(t.app, member, undefined, { channelType: 'private' });
    const form = await multipart([
      ['circle', String(circle.id)],
      ['title', 'Members only photo'],
      ['images', { data: await makeImage('png'), filename: 'a.png', type: 'image/png' }],
    ]);
    const created = await inject({
      method: 'POST',
      url: '/api/posts/',
      payload: form.payload,
      headers: { ...member.headers, ...form.headers },
    });
    expect(created.statusCode).toBe(201);
    const listed = (await inject({ url: '/api/users/me/uploads/', headers: member.headers })).json() as {
      name: string;
      url: string;
      post_id: number;
    }[];
    expect(listed).toEqual([
      {
        name: expect.stringMatching(/^private\/[0-9a-f-]{36}_24x16\.png$/),
        url: expect.stringMatching(/^\/media\/private\//),
        post_id: created.json().id,
        comment_id: null,
      },
    ]);
    const [{ name }] = listed;
    const file = path.join(t.config.mediaDir, name);
    expect(existsSync(file)).toBe(true);

    // Another member cannot; the member can, by the name the list gave (encoded as the page sends it).
    expect(
      (
        await inject({
          method: 'DELETE',
          url: `/api/users/me/uploads/${encodeURIComponent(name)}/`,
          headers: (await createUser(t.app)).headers,
        })
      ).statusCode,
    ).toBe(404);
    const deleted = await inject({ method: 'DELETE', url: `/api/users/me/uploads/${encodeURIComponent(name)}/`, headers: member.headers });
    expect(deleted.statusCode).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect((await inject({ url: '/api/users/me/uploads/', headers: member.headers })).json()).toEqual([]);
    expect((await inject({ url: `/api/posts/${created.json().id}/`, headers: member.headers })).json()).toMatchObject({
      title: 'Members only photo',
      images: [],
    });
  });
});

describe('retention', () => {
  it('the scheduled purge deletes expired codes, old blacklist rows, old contact messages and expired exports', async () => {
    const db = t.app.ctx.db;
    const past = new Date(Date.now() - 200 * 86_400_000);
    await db.insert(schema.otpCodes).values({ emailHash: `old-${randomUUID()}`, codeHash: 'x', expiresAt: past, sentAt: past });
    await db.insert(schema.blacklistedTokens).values({ jti: `old-${randomUUID()}`, expiresAt: past });
    await db.insert(schema.contactMessages).values({ email: 'sealed', message: 'old', createdAt: past });
    await db.insert(schema.contactMessages).values({ email: 'sealed', message: 'recent' });
    const member = await createUser(t.app, 'exporter');
    // A notification past NOTIFICATION_RETENTION_DAYS (180) goes; one of last week stays.
    const told = (createdAt: Date, text: string) =>
      db.insert(schema.notifications).values({ userId: member.id, kind: 'reply', text, createdAt });
    await told(past, 'old news');
    await told(new Date(Date.now() - 7 * 86_400_000), 'last week');
    mkdirSync(t.config.exportsDir, { recursive: true });
    const fileName = `${randomUUID()}.zip`;
    writeFileSync(path.join(t.config.exportsDir, fileName), 'zip');
    await db.insert(schema.dataExports).values({ id: randomUUID(), userId: member.id, status: 'ready', fileName, expiresAt: past });

    // The purge is on the queue's schedule (RETENTION_PURGE_CRON); here it is run at once.
    const { rows: schedules } = await t.app.ctx.database.executeSql(`select name, cron from pgboss.schedule`);
    expect(schedules).toContainEqual({ name: 'purge-expired-data', cron: t.config.retention.purgeCron });
    const counts = await t.app.ctx.services.retention.purge();
    expect(counts).toMatchObject({ contactMessages: 1, exports: 1, notifications: 1 });
    const left = await db.select().from(schema.notifications).where(eq(schema.notifications.userId, member.id));
    expect(left.map((n) => n.text)).toEqual(['last week']);
    expect(counts.otpCodes).toBeGreaterThanOrEqual(1);
    expect(counts.blacklistedTokens).toBeGreaterThanOrEqual(1);
    expect(existsSync(path.join(t.config.exportsDir, fileName))).toBe(false);
    expect((await db.select().from(schema.contactMessages)).map((m) => m.message)).toEqual(['recent']);
  });
});

describe('the account-table catalog', () => {
  it('lists every column that refers to an account, so export and erasure cover a new table', () => {
    const listed = new Set(ACCOUNT_TABLES.flatMap((e) => e.links.map((c) => `${getTableConfig(e.table).name}.${c.name}`)));
    const referring: string[] = [];
    for (const value of Object.values(schema)) {
      if (!value || typeof value !== 'object' || !(Symbol.for('drizzle:IsDrizzleTable') in value)) continue;
      const config = getTableConfig(value as PgTable);
      for (const fk of config.foreignKeys) {
        const ref = fk.reference();
        if (getTableConfig(ref.foreignTable).name === 'users') referring.push(...ref.columns.map((c) => `${config.name}.${c.name}`));
      }
    }
    expect(referring.length).toBeGreaterThan(10);
    expect(referring.filter((column) => !listed.has(column))).toEqual([]);
    expect(Object.keys(getTableColumns(schema.users))).toContain('erasureRequestedAt');
  });
});
