import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import type { Paged, Post } from '../../src/lib/api-types.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { hasPgbouncer, startPgbouncer, type Pgbouncer } from '../helpers/pgbouncer.ts';
import { signIn } from '../helpers/sign-in.ts';
import { until } from '../helpers/until.ts';

/**
 * Behind Debian's PgBouncer in transaction mode (DATABASE_PREPARE=unnamed, DATABASE_DIRECT_URL for LISTEN, the job
 * queue and migrations): a member's core journey works, live notifications still arrive, and named statements are
 * shown to break there, which is why the setting exists. The pooler forgets each server session after every
 * transaction (DISCARD ALL), so what a busy pool does now and then happens every time. PostgreSQL and the pgbouncer binary only.
 */
const url = process.env.DATABASE_URL;
describe.skipIf(!url || !hasPgbouncer())('behind PgBouncer in transaction mode', () => {
  const name = `bsq_pooler_${process.pid}_${randomUUID().slice(0, 6)}`;
  const directUrl = () => Object.assign(new URL(url!), { pathname: `/${name}` }).toString();
  let bouncer: Pgbouncer;
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    bouncer = await startPgbouncer(directUrl(), { resetAlways: true });
    database = await openDatabase({ databaseUrl: bouncer.url, postgres: { prepare: 'unnamed', directUrl: directUrl() } });
    t = await buildTestApp({}, {}, { database });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await database?.close();
    await bouncer?.stop();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('signs a member in, makes a channel, posts, comments, votes and reads the feeds, many at once', async () => {
    const [owner, reader] = await Promise.all([signIn(t), signIn(t)]);
    const channel = await t.app.inject({
      method: 'POST',
      url: '/api/circles/',
      headers: owner.auth,
      payload: { name: `Pooled ${randomUUID().slice(0, 6)}`, description: 'Talk behind a pooler.', channel_type: 'public' },
    });
    expect(channel.statusCode, channel.body).toBe(201);
    const circle = channel.json().id as number;
    // Twenty posts written at once: each request's transactions meet whichever server connection is free.
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/posts/',
          headers: owner.auth,
          payload: { circle, title: `Pooled post ${i}`, description: `<p>Number ${i} through the pooler.</p>` },
        }),
      ),
    );
    for (const res of created) expect(res.statusCode, res.body).toBe(201);
    const postId = created[0].json().id as number;
    const commented = await t.app.inject({
      method: 'POST',
      url: '/api/posts/comments/',
      headers: reader.auth,
      payload: { post: postId, parent: null, body: 'Read through a pooler.' },
    });
    expect(commented.statusCode, commented.body).toBe(201);
    const liked = await t.app.inject({ method: 'POST', url: `/api/posts/likes/?post_id=${postId}`, headers: reader.auth });
    expect(liked.statusCode, liked.body).toBeLessThan(300);
    const feeds = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'GET',
          url: `/api/posts/public/feed/?circle=${circle}&languages=all`,
          headers: i % 2 ? reader.auth : undefined,
        }),
      ),
    );
    for (const res of feeds) {
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as Paged<Post>).count).toBe(20);
    }
    const detail = await t.app.inject({ method: 'GET', url: `/api/posts/comments/list/?post_id=${postId}`, headers: reader.auth });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.body).toContain('Read through a pooler.');
    // The owner is told of the reply: notifications written through the pooler, counted through it.
    await until(
      'the reply notification',
      async () => {
        const unread = await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count/', headers: owner.auth });
        return unread.json().count >= 1;
      },
      30_000,
    );
  }, 120_000);

  it('LISTENs on the direct connection: a NOTIFY sent through the pooler arrives', async () => {
    const heard: string[] = [];
    const unlisten = await database.listen('bsq_pooler_test', (payload) => heard.push(payload));
    await database.db.execute(sql`select pg_notify('bsq_pooler_test', 'through the pooler')`);
    await until('the NOTIFY', async () => heard.includes('through the pooler'), 10_000);
    await unlisten();
  });

  it('named prepared statements break through the same pooler inside transactions (what DATABASE_PREPARE=unnamed avoids)', async () => {
    // A statement prepared on one server connection is missing on the next: postgres.js prepares it again outside a
    // transaction, but inside one the first error has already aborted the transaction.
    const named = postgres(bouncer.url, { max: 6, prepare: true, fetch_types: false, onnotice: () => {} });
    let failure: unknown = null;
    try {
      for (let round = 0; round < 20 && !failure; round++) {
        await Promise.all(Array.from({ length: 12 }, (_, i) => named`select ${i}::int + 1 as n`));
        // Every transaction is let finish before the next round (and before the client ends): none is left in flight.
        const settled = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => named.begin((tx) => tx`select ${i}::int + 1 as n`)));
        failure = settled.find((each) => each.status === 'rejected')?.reason ?? null;
      }
    } finally {
      await named.end({ timeout: 2 });
    }
    expect(String((failure as Error | null)?.message)).toMatch(/prepared statement|current transaction is aborted/);
  }, 60_000);
});
