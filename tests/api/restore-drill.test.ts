import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, cpSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { startAdminSocket } from '../../src/server/staff/admin-socket.ts';
import { createCircle, createUser, makeImage, multipart } from '../helpers/fixtures.ts';
import type { Manifest } from '../../src/server/operate/backup.ts';

/**
 * The restore drill, on the embedded database and (with DATABASE_URL) on PostgreSQL: data made through the API is
 * backed up with `npm run admin -- backup`, restored with `restore` into a fresh place, and a new app there gives
 * the same answers. The drill's time (backup + restore + first answers) is printed.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const temp = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bsq-${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const IDENTITY = 'drill-identity-key';

function admin(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/admin.ts', ...args], {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', SEED_DEMO: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

function configFor(dataDir: string, databaseUrl?: string): Config {
  return loadConfig(
    { SEED_DEMO: '0', LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    { dataDir, identitySecret: IDENTITY, jwtSecret: 'drill-jwt', serveSite: false, seedDemo: false },
  );
}

async function startApp(config: Config): Promise<FastifyInstance> {
  const app = await buildApp({ config, logger: false });
  await app.ready();
  return app;
}

/** What a reader sees: the post, its comments, and the image's bytes. */
async function answers(app: FastifyInstance, postId: number, image: string) {
  const post = await app.inject({ method: 'GET', url: `/api/posts/${postId}/` });
  const thread = await app.inject({ method: 'GET', url: `/api/posts/comments/list/?post_id=${postId}` });
  const media = await app.inject({ method: 'GET', url: image });
  expect(post.statusCode).toBe(200);
  expect(thread.statusCode).toBe(200);
  expect(media.statusCode).toBe(200);
  return { post: post.json(), thread: thread.json(), media: media.rawPayload.toString('base64') };
}

async function makeData(app: FastifyInstance) {
  const member = await createUser(app, 'driller');
  const circle = await createCircle(app, member, `Drill ${Date.now()}`);
  const form = await multipart([
    ['circle', String(circle.id)],
    ['title', 'Restored intact'],
    ['description', '<p>Every byte comes back.</p>'],
    ['images', { data: await makeImage('png', 40, 30), filename: 'a.png', type: 'image/png' }],
  ]);
  const created = await app.inject({
    method: 'POST',
    url: '/api/posts/',
    payload: form.payload,
    headers: { ...member.headers, ...form.headers },
  });
  expect(created.statusCode).toBe(201);
  const postId = created.json().id as number;
  const image = created.json().images[0] as string;
  const reply = await app.inject({
    method: 'POST',
    url: '/api/posts/comments/',
    headers: member.headers,
    payload: { post: postId, body: 'Checked after the restore.' },
  });
  expect(reply.statusCode).toBe(201);
  return { postId, image };
}

function checkBackupFolder(dir: string) {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  expect(manifest.files.some((file) => file.path.startsWith('media/'))).toBe(true);
  for (const file of manifest.files) expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
  // Owner-only, and never the secrets.
  expect(statSync(dir).mode & 0o777).toBe(0o700);
  const all = readdirSync(dir, { recursive: true, withFileTypes: true });
  for (const entry of all) {
    const mode = statSync(path.join(entry.parentPath, entry.name)).mode & 0o777;
    expect(mode, entry.name).toBe(entry.isDirectory() ? 0o700 : 0o600);
    expect(entry.name).not.toMatch(/identity-secret|jwt-secret/);
  }
  return manifest;
}

/** A copy of the backup with one byte of a media file changed. */
function tamperedCopy(dir: string, manifest: Manifest): string {
  const copy = path.join(temp('tampered'), 'backup');
  cpSync(dir, copy, { recursive: true });
  const victim = path.join(copy, manifest.files.find((file) => file.path.startsWith('media/'))!.path);
  const bytes = readFileSync(victim);
  bytes[bytes.length - 1] ^= 1;
  writeFileSync(victim, bytes);
  return copy;
}

describe('restore drill', () => {
  it('embedded database: backup while the server runs (admin socket), restore into a fresh DATA_DIR, same answers', async () => {
    const sourceDir = temp('drill-src');
    const source = await startApp(configFor(sourceDir));
    const stopSocket = await startAdminSocket({
      dataDir: sourceDir,
      db: source.ctx.db,
      database: source.ctx.database,
      config: source.ctx.config,
      log: source.log,
    });
    cleanups.push(async () => {
      await stopSocket();
      await source.close();
    });
    const { postId, image } = await makeData(source);
    const before = await answers(source, postId, image);

    const started = Date.now();
    const backupDir = path.join(temp('drill-backup'), 'backup');
    const backedUp = await admin(['backup', backupDir], { DATA_DIR: sourceDir });
    const backupSeconds = (Date.now() - started) / 1000;
    expect(backedUp.err).toBe('');
    expect(backedUp.code).toBe(0);
    expect(backedUp.out).toMatch(/WARNING: The identity key and the JWT secret are NOT in this backup/);
    const manifest = checkBackupFolder(backupDir);
    expect(manifest.database).toEqual({ driver: 'pglite', file: 'database.pglite.tar' });

    // Refused: a backup that does not match its manifest, and a place that is not empty (the running source).
    const targetDir = temp('drill-dst');
    const tampered = await admin(['restore', tamperedCopy(backupDir, manifest)], { DATA_DIR: targetDir });
    expect(tampered.code).toBe(1);
    expect(tampered.err).toMatch(/does not match its manifest; nothing was restored/);
    expect(existsSync(path.join(targetDir, 'db'))).toBe(false);
    const intoSource = await admin(['restore', backupDir], { DATA_DIR: sourceDir });
    expect(intoSource.code).toBe(1);
    expect(intoSource.err).toMatch(/already holds a database/);

    const restoreStarted = Date.now();
    const restored = await admin(['restore', backupDir], { DATA_DIR: targetDir });
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    const app = await startApp(configFor(targetDir));
    cleanups.push(() => app.close());
    const after = await answers(app, postId, image);
    const restoreSeconds = (Date.now() - restoreStarted) / 1000;
    console.log(
      `restore drill (embedded database): backup ${backupSeconds.toFixed(1)} s + restore and a new app's first answers ${restoreSeconds.toFixed(1)} s ` +
        `= ${(backupSeconds + restoreSeconds).toFixed(1)} s (each admin command includes starting Node with tsx)`,
    );
    expect(after).toEqual(before);
  }, 180_000);

  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: backup with pg_dump, restore into a fresh database, same answers; migrate --plan applies nothing',
    async () => {
      const base = process.env.DATABASE_URL!;
      const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const names = [`bsq_drill_src_${suffix}`, `bsq_drill_dst_${suffix}`];
      const urlOf = (name: string) => Object.assign(new URL(base), { pathname: `/${name}` }).toString();
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      for (const name of names) await client.query(`create database ${name}`);
      cleanups.push(async () => {
        for (const name of names) await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      });
      const [sourceUrl, targetUrl] = names.map(urlOf);
      const env = (dataDir: string, url: string) => ({
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        IDENTITY_KEY: IDENTITY,
        JWT_SECRET: 'drill-jwt',
      });

      const sourceDir = temp('drill-pg-src');
      const source = await startApp(configFor(sourceDir, sourceUrl));
      cleanups.push(() => source.close());
      const { postId, image } = await makeData(source);
      const before = await answers(source, postId, image);

      const started = Date.now();
      const backupDir = path.join(temp('drill-pg-backup'), 'backup');
      const backedUp = await admin(['backup', backupDir], env(sourceDir, sourceUrl));
      const backupSeconds = (Date.now() - started) / 1000;
      expect(backedUp.err).toBe('');
      expect(backedUp.code).toBe(0);
      const manifest = checkBackupFolder(backupDir);
      expect(manifest.database).toEqual({ driver: 'postgres', file: 'database.pgdump' });

      const targetDir = temp('drill-pg-dst');
      const intoSource = await admin(['restore', backupDir], env(targetDir, sourceUrl));
      expect(intoSource.code).toBe(1);
      expect(intoSource.err).toMatch(/is not empty/);
      const restoreStarted = Date.now();
      const restored = await admin(['restore', backupDir], env(targetDir, targetUrl));
      expect(restored.err).toBe('');
      expect(restored.code).toBe(0);
      const app = await startApp(configFor(targetDir, targetUrl));
      const after = await answers(app, postId, image);
      const restoreSeconds = (Date.now() - restoreStarted) / 1000;
      console.log(
        `restore drill (PostgreSQL): backup ${backupSeconds.toFixed(1)} s + restore and a new app's first answers ${restoreSeconds.toFixed(1)} s ` +
          `= ${(backupSeconds + restoreSeconds).toFixed(1)} s (each admin command includes starting Node with tsx)`,
      );
      expect(after).toEqual(before);
      await app.close();

      // The plan: forget the two newest migrations (the newer may touch no table), and they are listed with the tables
      // they touch and those tables' rows, and not applied.
      const target = new pg.Client({ connectionString: targetUrl });
      await target.connect();
      const newest = await target.query('select created_at from drizzle.__drizzle_migrations order by created_at desc limit 2');
      const forgotten = newest.rows.map((row: { created_at: string }) => row.created_at);
      await target.query('delete from drizzle.__drizzle_migrations where created_at = any($1)', [forgotten]);
      const plan = await admin(['migrate', '--plan'], env(targetDir, targetUrl));
      expect(plan.code).toBe(0);
      const journal = JSON.parse(readFileSync(path.resolve('drizzle/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
      const [older, newer] = journal.entries.slice(-2).map((entry) => entry.tag);
      expect(plan.out).toMatch(new RegExp(`^2 pending migrations \\(nothing was applied\\):\\n {2}${older}\\n`));
      expect(plan.out).toContain(`  ${newer}`);
      expect(plan.out).toMatch(/^ {4}\S+ +(\d+ rows|new table)$/m);
      const still = await target.query('select count(*)::int as n from drizzle.__drizzle_migrations where created_at = any($1)', [
        forgotten,
      ]);
      expect(still.rows[0].n).toBe(0);
      await target.end();
    },
    180_000,
  );

  it('migrate --plan on the embedded database: nothing pending after a start', async () => {
    const dataDir = temp('plan');
    const app = await startApp(configFor(dataDir));
    await app.close();
    const plan = await admin(['migrate', '--plan'], { DATA_DIR: dataDir });
    expect(plan.err).toBe('');
    expect(plan.out.trim()).toBe('No pending migrations: the database is up to date.');
  }, 120_000);
});
