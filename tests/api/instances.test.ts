/**
 * Two instances behind one port (npm run start:cluster -- --instances 2) on one PostgreSQL, one Redis and one S3
 * media store (s3rver, a real S3-compatible server, in this process): a rate limit, a logout and an upload hold
 * whichever instance a request reaches. Runs where PostgreSQL is (DATABASE_URL),
 * as in CI; the embedded database belongs to one process, so the cluster refuses to start without it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPolicyNotice } from '../../src/content/page-files.ts';
import { makeImage } from '../helpers/fixtures.ts';
import { startSmtpCatcher } from '../helpers/smtp-catcher.ts';
import { uniqueEmail } from '../helpers/sign-in.ts';

/** The privacy notice's version now, derived from the privacy page. */
const NOTICE_VERSION = readPolicyNotice().version;

const databaseUrl = process.env.DATABASE_URL;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe.skipIf(!databaseUrl)('two instances behind one port', () => {
  let cluster: ChildProcess;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let base: string;
  let dataDir: string;
  let database: string;
  let s3server: S3rver;
  let s3dir: string;
  let s3: S3Client;
  const BUCKET = 'bsq-instances-media';
  const output: string[] = [];
  /** Which instance answered: the cluster hands connections round-robin, so a fresh connection per request. */
  const call = (url: string, init: RequestInit = {}) =>
    fetch(`${base}${url}`, { ...init, headers: { connection: 'close', ...init.headers } });
  const json = (method: string, url: string, body?: unknown, token?: string) =>
    call(url, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function signIn(): Promise<{ access: string; refresh: string }> {
    const email = uniqueEmail('instances');
    const after = smtp.mails.length;
    expect((await json('POST', '/api/auth/send-otp/', { email })).status).toBe(200);
    const otp = await smtp.waitForOtp(email, { after });
    const verified = await json('POST', '/api/auth/verify-otp/', { email, otp });
    expect(verified.status).toBe(200);
    const tokens = (await verified.json()) as { access: string; refresh: string };
    expect((await json('POST', '/api/users/me/consent/', { version: NOTICE_VERSION, adult: true }, tokens.access)).status).toBe(200);
    return tokens;
  }

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    database = `bsq_instances_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(databaseUrl!);
    url.pathname = `/${database}`;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'bsq-instances-'));
    s3dir = mkdtempSync(path.join(os.tmpdir(), 'bsq-instances-s3-'));
    s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir });
    const s3port = ((await s3server.run()) as unknown as { port: number }).port;
    const s3env = { S3_ENDPOINT: `http://127.0.0.1:${s3port}`, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };
    s3 = new S3Client({
      endpoint: s3env.S3_ENDPOINT,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    cluster = spawn(process.execPath, ['--import', 'tsx', 'src/server/cluster.ts', '--instances', '2'], {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: `bsq:test:instances:${process.pid}:${Date.now()}`,
        IDENTITY_KEY: 'instances-test-identity-key',
        DATA_DIR: dataDir,
        MEDIA_STORE: `s3://${BUCKET}/media`,
        ...s3env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SMTP_URL: smtp.url,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        OTP_RESEND_SECONDS: '0',
        POSTS_PER_HOUR: '3',
        NEW_ACCOUNT_HOURS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cluster.stdout!.on('data', (chunk) => output.push(String(chunk)));
    cluster.stderr!.on('data', (chunk) => output.push(String(chunk)));
    // Both instances up: health answers from each (two fresh connections in a row reach both).
    for (let ready = 0, tries = 0; ready < 4; tries++) {
      if (tries > 600) throw new Error(`the cluster did not start:\n${output.join('')}`);
      ready = (await call('/api/health').then(
        (r) => r.ok,
        () => false,
      ))
        ? ready + 1
        : 0;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 180_000);

  afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((resolve) => cluster.once('exit', resolve));
      cluster.kill('SIGTERM');
      await exited;
    }
    await smtp?.close();
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    s3?.destroy();
    await s3server?.close();
    if (s3dir) rmSync(s3dir, { recursive: true, force: true });
  }, 60_000);

  it('serves from two processes', async () => {
    expect(output.join('')).toMatch(/2 instances on port/);
  });

  it('counts a write limit across instances: the fourth post of the hour is refused wherever it lands', async () => {
    const me = await signIn();
    const circle = (await (
      await json('POST', '/api/circles/', { name: `Instances ${Date.now() % 100000}`, description: 'Two servers' }, me.access)
    ).json()) as {
      id: number;
    };
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await json('POST', '/api/posts/', { circle: circle.id, title: `Post ${i}`, description: '' }, me.access)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('ends a logged-out session on every instance', async () => {
    const me = await signIn();
    expect((await json('GET', '/api/users/me/profile/', undefined, me.access)).status).toBe(200);
    expect((await json('POST', '/api/token/blacklist/', { refresh: me.refresh })).status).toBe(200);
    const after = [];
    for (let i = 0; i < 4; i++) after.push((await json('GET', '/api/users/me/profile/', undefined, me.access)).status);
    expect(after).toEqual([401, 401, 401, 401]);
  });

  it('serves an upload from every instance, from the shared S3 store', async () => {
    const me = await signIn();
    const circle = (await (
      await json('POST', '/api/circles/', { name: `Uploads ${Date.now() % 100000}`, description: 'Photos' }, me.access)
    ).json()) as {
      id: number;
    };
    const form = new FormData();
    form.append('circle', String(circle.id));
    form.append('title', 'A photo');
    form.append('description', '');
    form.append('images', new Blob([new Uint8Array(await makeImage('png'))], { type: 'image/png' }), 'photo.png');
    const created = await call('/api/posts/', { method: 'POST', headers: { authorization: `Bearer ${me.access}` }, body: form });
    expect(created.status).toBe(201);
    const [image] = ((await created.json()) as { images: string[] }).images;
    const served = [];
    for (let i = 0; i < 4; i++) served.push((await call(image)).status);
    expect(served).toEqual([200, 200, 200, 200]);
    // It lives in the bucket, not on either instance's disk.
    const keys = ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((object) => object.Key);
    expect(keys).toContain(`media/${image.slice('/media/'.length)}`);
    const local = path.join(dataDir, 'media');
    expect(existsSync(local) ? readdirSync(local).filter((name) => !name.startsWith('.')) : []).toEqual([]);
  });
});
