import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { hasPostgresBinaries, startThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwaway-postgres.ts';
import { uniqueEmail } from '../helpers/sign-in.ts';

/**
 * A real PostgreSQL that this file stops and starts again under the running app: the process lives through
 * it, answers 503 with Retry-After while the database is gone, and serves again as soon as it is back.
 */
describe.skipIf(!hasPostgresBinaries())('a PostgreSQL restart under the running server', () => {
  let pg: ThrowawayPostgres;
  let app: FastifyInstance;
  let dataDir: string;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => void uncaught.push(error);

  beforeAll(async () => {
    pg = await startThrowawayPostgres();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'bsq-outage-'));
    const config = loadConfig(
      { SEED_DEMO: '0', LOG_LEVEL: 'silent' },
      { dataDir, databaseUrl: pg.url, jwtSecret: 'test-secret', identitySecret: 'test-identity', serveSite: false, seedDemo: false },
    );
    app = await buildApp({ config, logger: false });
    await app.ready();
    process.on('uncaughtException', onUncaught);
  }, 60_000);
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await app?.close();
    pg?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const feed = () => app.inject({ method: 'GET', url: '/api/posts/public/feed/' });

  it('answers 503 with Retry-After during the outage, never 500, and recovers within a second of the return', async () => {
    // Several idle pooled connections, as after ordinary traffic.
    await Promise.all(Array.from({ length: 4 }, () => feed()));
    expect((await feed()).statusCode).toBe(200);

    pg.stop();
    // The server ending the idle connections must not end this process.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const res of [
      await feed(),
      await app.inject({ method: 'POST', url: '/api/auth/send-otp/', payload: { email: uniqueEmail('outage') } }),
      await app.inject({ method: 'GET', url: '/api/circles/' }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json()).toMatchObject({ detail: 'Service temporarily unavailable, try again soon.' });
    }
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toMatch(/^\d+$/);

    pg.start();
    const back = Date.now();
    let res = await feed();
    while (res.statusCode !== 200 && Date.now() - back < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      res = await feed();
    }
    expect(res.statusCode).toBe(200);
    expect(Date.now() - back).toBeLessThan(1_000);
    expect(uncaught).toEqual([]);
  }, 60_000);

  it('keeps every LISTEN through the restart: a NOTIFY sent after it still arrives (live notifications across instances)', async () => {
    const database = await openDatabase({ databaseUrl: pg.url });
    try {
      const heard: string[] = [];
      await database.listen('outage_test', (payload) => heard.push(payload));
      const notify = async (payload: string) => database.executeSql('select pg_notify($1, $2)', ['outage_test', payload]);
      const until = async (check: () => boolean, ms: number) => {
        for (const start = Date.now(); !check() && Date.now() - start < ms;) await new Promise((resolve) => setTimeout(resolve, 50));
      };
      await notify('before');
      await until(() => heard.includes('before'), 5_000);
      expect(heard).toEqual(['before']);

      pg.stop();
      await new Promise((resolve) => setTimeout(resolve, 300));
      pg.start();
      // The listening connection comes back on its own; a NOTIFY sent once the database answers again reaches it.
      const sent = Date.now();
      while (Date.now() - sent < 15_000 && !heard.includes('after')) {
        await notify('after').catch(() => {});
        await until(() => heard.includes('after'), 500);
      }
      expect(heard).toContain('after');
      expect(uncaught).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
