import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { executeRows, type Db } from '../db/client.ts';

/**
 * The committed migrations (drizzle/meta/_journal.json and its SQL files), what the database has applied
 * (drizzle.__drizzle_migrations), and applying the rest one by one with a log line each. Drizzle's own rule decides
 * what is pending: every journal entry newer than the newest applied one (by its `when`, stored as `created_at`).
 */

export type Migration = { tag: string; when: number; hash: string; statements: string[] };
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
type Log = { info: (fields: object, message: string) => void };

export function committedMigrations(folder: string): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, i) => ({ tag: entry.tag, when: entry.when, hash: files[i].hash, statements: files[i].sql }));
}

/** The newest applied migration's `when`, or null on a database no migration has touched. */
export async function lastAppliedAt(executeSql: ExecuteSql): Promise<number | null> {
  const { rows } = await executeSql(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!rows[0]?.present) return null;
  const last = await executeSql('select max(created_at)::text as at from drizzle.__drizzle_migrations');
  return last.rows[0]?.at == null ? null : Number(last.rows[0].at);
}

export async function pendingMigrations(executeSql: ExecuteSql, folder: string): Promise<Migration[]> {
  const last = await lastAppliedAt(executeSql);
  return committedMigrations(folder).filter((migration) => last === null || migration.when > last);
}

/**
 * Tables a migration's SQL creates, alters, drops, fills or changes, in the order first named. A reading aid for the
 * plan, not a parser: it reads `CREATE TABLE`, `ALTER TABLE`, `DROP TABLE`, `CREATE INDEX … ON`, `UPDATE`,
 * `INSERT INTO`, `DELETE FROM`, `TRUNCATE`, and `CREATE TRIGGER … ON`.
 */
export function tablesTouched(statements: readonly string[]): string[] {
  const name = String.raw`((?:"[^"]+"|\w+)(?:\.(?:"[^"]+"|\w+))?)`;
  const patterns = [
    String.raw`create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?${name}`,
    String.raw`alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?${name}`,
    String.raw`drop\s+table\s+(?:if\s+exists\s+)?${name}`,
    String.raw`create\s+(?:unique\s+)?index\s+(?:concurrently\s+)?(?:if\s+not\s+exists\s+)?(?:"[^"]+"|\w+)?\s*on\s+(?:only\s+)?${name}`,
    String.raw`create\s+(?:or\s+replace\s+)?trigger\s+(?:"[^"]+"|\w+)[\s\S]*?\bon\s+${name}`,
    String.raw`\bupdate\s+(?:only\s+)?${name}\s+set\b`,
    String.raw`insert\s+into\s+${name}`,
    String.raw`delete\s+from\s+(?:only\s+)?${name}`,
    String.raw`truncate\s+(?:table\s+)?${name}`,
  ];
  const found: string[] = [];
  for (const statement of statements) {
    // Comments and function bodies' own text are read too; a name inside a string literal may be named, which is harmless.
    const text = statement.replace(/--[^\n]*/g, ' ');
    for (const pattern of patterns) {
      for (const match of text.matchAll(new RegExp(pattern, 'gi'))) {
        const table = match[1].replaceAll('"', '').replace(/^public\./, '');
        if (!found.includes(table)) found.push(table);
      }
    }
  }
  return found;
}

export type PlanEntry = { tag: string; tables: { name: string; rows: number | null }[] };

/**
 * What `migrate` would apply, without applying anything: each pending migration, the tables it touches and their row
 * counts now (PostgreSQL: the planner's estimate, pg_class.reltuples, free to read on a big table; the embedded
 * database: count(*)). A table that does not exist yet has no count (null).
 */
export async function migrationPlan(executeSql: ExecuteSql, folder: string, driver: 'pglite' | 'postgres'): Promise<PlanEntry[]> {
  const pending = await pendingMigrations(executeSql, folder);
  const counts = new Map<string, number | null>();
  const rowsOf = async (table: string): Promise<number | null> => {
    if (counts.has(table)) return counts.get(table)!;
    const qualified = table.includes('.') ? table : `public.${table}`;
    const { rows } = await executeSql('select to_regclass($1)::oid as oid', [qualified]);
    let count: number | null = null;
    if (rows[0]?.oid != null) {
      if (driver === 'postgres') {
        const estimate = await executeSql('select reltuples::bigint as n from pg_class where oid = $1', [rows[0].oid]);
        // -1: never analysed (a new table): count it.
        count = Number(estimate.rows[0]?.n ?? -1);
      }
      if (count === null || count < 0) {
        const exact = await executeSql(
          `select count(*)::bigint as n from ${qualified
            .split('.')
            .map((part) => `"${part}"`)
            .join('.')}`,
        );
        count = Number(exact.rows[0]?.n ?? 0);
      }
    }
    counts.set(table, count);
    return count;
  };
  const plan: PlanEntry[] = [];
  for (const migration of pending) {
    const tables = [];
    for (const name of tablesTouched(migration.statements)) tables.push({ name, rows: await rowsOf(name) });
    plan.push({ tag: migration.tag, tables });
  }
  return plan;
}

export function formatPlan(plan: PlanEntry[]): string {
  if (!plan.length) return 'No pending migrations: the database is up to date.';
  const lines = [`${plan.length} pending migration${plan.length === 1 ? '' : 's'} (nothing was applied):`];
  for (const entry of plan) {
    lines.push(`  ${entry.tag}`);
    if (!entry.tables.length) lines.push('    (no table named)');
    for (const table of entry.tables)
      lines.push(`    ${table.name.padEnd(36)} ${table.rows === null ? 'new table' : `${table.rows} rows`}`);
  }
  return lines.join('\n');
}

/**
 * Applies the pending migrations as Drizzle's migrator does (one transaction for them all: either every one is
 * applied or none), logging each one's start, end and time.
 */
export async function applyMigrations(db: Db, folder: string, log?: Log): Promise<void> {
  await db.execute(sql`CREATE SCHEMA IF NOT EXISTS "drizzle"`);
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  const [last] = await executeRows<{ created_at: string | number | null }>(
    db,
    sql`select id, hash, created_at from "drizzle"."__drizzle_migrations" order by created_at desc limit 1`,
  );
  const lastAt = last?.created_at == null ? null : Number(last.created_at);
  const pending = committedMigrations(folder).filter((migration) => lastAt === null || migration.when > lastAt);
  if (!pending.length) return;
  const started = Date.now();
  await db.transaction(async (tx) => {
    for (const migration of pending) {
      const at = Date.now();
      log?.info({ migration: migration.tag }, 'migration started');
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values (${migration.hash}, ${migration.when})`,
      );
      log?.info({ migration: migration.tag, ms: Date.now() - at }, 'migration applied');
    }
  });
  log?.info({ migrations: pending.length, ms: Date.now() - started }, 'migrations committed');
}

export { migrationsFolder } from '../db/client.ts';

/** Thrown to roll the readiness write back. */
class RollBack extends Error {}

/** A write the database must accept (a read-only replica or a read-only transaction refuses it), rolled back. */
export async function acceptsWrites(db: Db): Promise<void> {
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`update "drizzle"."__drizzle_migrations" set id = id where false`);
      throw new RollBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
}
