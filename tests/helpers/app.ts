import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import type { StatementWatcher } from '../../src/server/db/pglite-thread.ts';
import type { Clock } from '../../src/server/clock.ts';

/** A clock a test moves by hand (deadlines of days pass in a line), starting at `start`. */
export function movableClock(start = new Date()) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance: (ms: number) => void (at += ms),
    set: (date: Date) => void (at = date.getTime()),
  };
}

export type TestApp = { app: FastifyInstance; config: Config; close: () => Promise<void> };

/**
 * Write limits far above what any test writes, so tests of other rules are not cut short by them;
 * tests/api/write-limits.test.ts sets its own.
 */
const ROOMY_WRITE_LIMITS = {
  POSTS_PER_HOUR: '10000',
  COMMENTS_PER_HOUR: '10000',
  CIRCLES_PER_DAY: '10000',
  REPORTS_PER_HOUR: '10000',
  REACTIONS_PER_HOUR: '10000',
  JOIN_REQUESTS_PER_HOUR: '10000',
  // Tests that race many requests wait their turn rather than meet the busy answer (tests/api/admission.test.ts sets its own).
  REQUEST_QUEUE_WAIT_MS: '120000',
  // Images' words are read (OCR, a worker thread of about 150 MB) only where a test asks: tests/api/image-text.test.ts.
  OCR_ENABLED: '0',
};

/**
 * A fresh app on a fresh database: in-memory PGlite by default, or a fresh schema on
 * PostgreSQL when DATABASE_URL is set (CI runs the API tests both ways).
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
  options: { clock?: Clock; onStatement?: StatementWatcher; database?: Database; traced?: boolean } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bsq-test-'));
  const config = loadConfig(
    { SEED_DEMO: '0', LOG_LEVEL: 'silent', ...ROOMY_WRITE_LIMITS, ...env },
    {
      dataDir,
      jwtSecret: 'test-secret',
      identitySecret: 'test-identity',
      serveSite: false,
      seedDemo: false,
      // Page links are absolute on the configured public address (never the request's Host header).
      publicSiteUrl: 'http://localhost',
      ...overrides,
    },
  );
  // A database the test opened itself (and closes itself), or a fresh one for this app.
  const database = options.database
    ? { database: options.database, close: async () => {} }
    : await openTestDatabase(options.onStatement, options.traced);
  const app = await buildApp({ config, database: database.database, logger: false, clock: options.clock });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The migrated template of this run (tests/helpers/database-template.ts), read once per test process. */
let pgliteTemplate: Blob | undefined;
function pgliteStart(): Blob | undefined {
  const file = inject('pgliteTemplateFile');
  if (file && !pgliteTemplate) pgliteTemplate = new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

async function openTestDatabase(
  onStatement?: StatementWatcher,
  traced = false,
): Promise<{ database: Database; close: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ pgliteDir: 'memory://', pgliteStart: pgliteStart(), onStatement, traced });
    return { database, close: () => database.close() };
  }
  // One throwaway database per test file, so files can run in parallel on one server.
  const pg = (await import('pg')).default;
  const name = `bsq_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: testUrl.toString(), onStatement, traced });
  return {
    database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
