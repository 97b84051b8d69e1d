/**
 * Vitest global setup: one migrated database (with the job queue's schema) built once per run, that every test
 * app starts from instead of running initdb and every migration again: a dumped PGlite data directory, or on
 * PostgreSQL (DATABASE_URL) a template database that `create database … template` copies.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../../src/server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the template's PGlite data directory (dumpDataDir), when the tests run on PGlite. */
    pgliteTemplateFile: string | null;
    /** The template database's name, when the tests run on PostgreSQL. */
    postgresTemplate: string | null;
  }
}

/** The job queue creates its schema on first start; doing it here spares every test app the work. */
async function installJobQueue(database: Database) {
  const boss = new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) }, schedule: false, supervise: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `bsq_template_${process.pid}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: templateUrl.toString() });
    await installJobQueue(database);
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplateFile', null);
    return () => admin(`drop database if exists ${name} with (force)`);
  }
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await installJobQueue(database);
  const dump = await database.dumpDataDir!();
  await database.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bsq-template-'));
  const file = path.join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  project.provide('postgresTemplate', null);
  return () => rmSync(dir, { recursive: true, force: true });
}
