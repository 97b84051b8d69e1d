import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Paged, Post } from '../../src/lib/api-types.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import type { ReadTarget } from '../../src/server/db/replicas.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { signIn, type SignedIn } from '../helpers/sign-in.ts';
import { createUser } from '../helpers/fixtures.ts';
import { hasPostgresBinaries, startThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwaway-postgres.ts';
import { until } from '../helpers/until.ts';

/**
 * Read replicas with read-your-writes, against a real streaming standby: a cluster of the test's own, a standby made
 * from it with pg_basebackup, replay paused and resumed with pg_wal_replay_pause() / pg_wal_replay_resume(), and the
 * standby stopped. Where each read went is counted by the router (and seen in what the replica answers).
 */
describe.skipIf(!hasPostgresBinaries())('read replicas with read-your-writes', () => {
  let primary: ThrowawayPostgres;
  let standby: ThrowawayPostgres;
  let database: Database;
  let t: TestApp;
  const reads: Record<ReadTarget, number> = { primary: 0, replica: 0 };
  let author: SignedIn;
  let reader: SignedIn;
  let circle: number;

  const onDb = (cluster: ThrowawayPostgres) => Object.assign(new URL(cluster.url), { pathname: '/bsq' }).toString();
  const onStandby = async (text: string) => {
    const client = new pg.Client({ connectionString: onDb(standby) });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };
  const feed = async (who: SignedIn | null) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/posts/public/feed/?circle=${circle}`, headers: who?.auth });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Paged<Post>).results.map((p) => p.title);
  };
  const counted = async <T>(run: () => Promise<T>) => {
    const before = { ...reads };
    const value = await run();
    return { value, primary: reads.primary - before.primary, replica: reads.replica - before.replica };
  };
  const caughtUp = () =>
    until('the replica to replay everything', async () => {
      await database.replicas!.poll();
      const [replica] = database.replicas!.status();
      return replica.up && replica.lagSeconds === 0;
    });

  beforeAll(async () => {
    primary = await startThrowawayPostgres();
    const admin = new pg.Client({ connectionString: primary.url });
    await admin.connect();
    await admin.query('create database bsq');
    await admin.end();
    standby = await startThrowawayPostgres({ standbyOf: primary });
    database = await openDatabase({
      databaseUrl: onDb(primary),
      postgres: {
        replicaUrls: [onDb(standby)],
        // Long enough that a replica paused for this test's steps is still within the lag allowed.
        replicaMaxLagMs: 60_000,
        replicaPollMs: 100,
        onRead: (target) => void reads[target]++,
      },
    });
    t = await buildTestApp({}, { REPLICA_MAX_LAG_MS: '60000', REPLICA_POLL_MS: '100' }, { database });
    [author, reader] = await Promise.all([signIn(t), signIn(t)]);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/circles/',
      headers: author.auth,
      payload: { name: 'Replica Readers', description: 'Reads from a standby.', channel_type: 'public' },
    });
    expect(made.statusCode, made.body).toBe(201);
    circle = made.json().id;
    await caughtUp();
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await database?.close();
    standby?.destroy();
    primary?.destroy();
  });

  it('serves reads from the replica once it has everything', async () => {
    const { value, replica, primary: onPrimary } = await counted(() => Promise.all([feed(null), feed(reader), feed(author)]));
    expect(value.every((titles) => Array.isArray(titles))).toBe(true);
    expect(replica).toBe(3);
    expect(onPrimary).toBe(0);
  });

  it("reads a member's own new post from the primary while the replica is paused, and others' reads from the replica", async () => {
    await onStandby('select pg_wal_replay_pause()');
    try {
      const posted = await t.app.inject({
        method: 'POST',
        url: '/api/posts/',
        headers: author.auth,
        payload: { circle, title: 'Written while the replica sleeps', description: '<p>Fresh.</p>' },
      });
      expect(posted.statusCode, posted.body).toBe(201);
      await database.replicas!.poll();

      // The author sees their post at once, from the primary, however often they look.
      const mine = await counted(async () => [await feed(author), await feed(author), await feed(author)]);
      for (const titles of mine.value) expect(titles).toContain('Written while the replica sleeps');
      expect(mine).toMatchObject({ primary: 3, replica: 0 });

      // Another member and a visitor read the replica, which has not replayed the post yet.
      const others = await counted(async () => [await feed(reader), await feed(null)]);
      for (const titles of others.value) expect(titles).not.toContain('Written while the replica sleeps');
      expect(others).toMatchObject({ primary: 0, replica: 2 });
    } finally {
      await onStandby('select pg_wal_replay_resume()');
    }
    // Resumed, the replica replays the post and serves the author again.
    await caughtUp();
    const after = await counted(() => feed(author));
    expect(after.value).toContain('Written while the replica sleeps');
    expect(after).toMatchObject({ primary: 0, replica: 1 });
  });

  it('a sign-in reads its new account on the replica only once the replica has it', async () => {
    await onStandby('select pg_wal_replay_pause()');
    try {
      const newcomer = await signIn(t);
      const res = await t.app.inject({ method: 'GET', url: '/api/posts/user/feed/', headers: newcomer.auth });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await onStandby('select pg_wal_replay_resume()');
    }
  });

  it('a mixed load of 90 % reads and 10 % writes from 50 members: no member misses their own write', async () => {
    const members = await Promise.all(Array.from({ length: 50 }, (_, i) => createUser(t.app, `mixed${i}`)));
    let stale = 0;
    let writes = 0;
    // The standby applies each commit 300 ms after the primary made it (recovery_min_apply_delay), as a busy one might.
    await onStandby(`alter system set recovery_min_apply_delay = '300ms'`);
    await onStandby('select pg_reload_conf()');
    const before = { ...reads };
    await Promise.all(
      members.map(async (member, m) => {
        let mine: number | null = null;
        for (let step = 0; step < 10; step++) {
          if ((m + step) % 10 === 0) {
            const res = await t.app.inject({
              method: 'POST',
              url: '/api/posts/',
              headers: member.headers,
              payload: { circle, title: `Mixed ${m}.${step}`, description: '<p>Load.</p>' },
            });
            expect(res.statusCode, res.body).toBe(201);
            mine = res.json().id;
            writes++;
          } else {
            const res = await t.app.inject({ method: 'GET', url: `/api/users/${member.username}/posts/`, headers: member.headers });
            expect(res.statusCode, res.body).toBe(200);
            const ids = (res.json() as Paged<Post>).results.map((p) => p.id);
            if (mine !== null && ids[0] !== mine) stale++;
          }
        }
      }),
    );
    const served = { primary: reads.primary - before.primary, replica: reads.replica - before.replica };
    await onStandby('alter system reset recovery_min_apply_delay');
    await onStandby('select pg_reload_conf()');
    console.log(`mixed load: ${writes} writes, reads on the replica ${served.replica}, on the primary ${served.primary}, stale ${stale}`);
    expect(writes).toBe(50);
    expect(served.primary + served.replica).toBe(450);
    expect(served.replica).toBeGreaterThan(0);
    expect(stale).toBe(0);
  }, 60_000);

  it('a stopped replica costs no error: reads go to the primary, and to the replica again once it is back', async () => {
    standby.stop();
    await until('the replica to be left out', async () => {
      await database.replicas!.poll();
      return !database.replicas!.status()[0].up;
    });
    const down = await counted(() => Promise.all([feed(null), feed(reader), feed(author)]));
    expect(down).toMatchObject({ primary: 3, replica: 0 });

    standby.start();
    await caughtUp();
    const back = await counted(() => Promise.all([feed(null), feed(reader)]));
    expect(back).toMatchObject({ primary: 0, replica: 2 });
  }, 60_000);
});
