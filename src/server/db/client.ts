import { mkdirSync } from 'node:fs';
import { makeOwnerOnly } from '../data-dir.ts';
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { SQL } from 'drizzle-orm';
import * as schema from './schema/index.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { PGliteThread, type StatementWatcher } from './pglite-thread.ts';
import { applyMigrations } from '../operate/migrations.ts';
import { tracedPglite, tracedPostgres } from './traced.ts';
import type { PGlite } from '@electric-sql/pglite';
import { createReplicaRouter, type ReadTarget, type ReplicaRouter, type ReplicaStatus } from './replicas.ts';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
/** A database handle or an open transaction: both run the same queries. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Stops a LISTEN. */
export type Unlisten = () => Promise<void>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * LISTEN on a channel: `onPayload` gets each NOTIFY's payload, whichever process (or server instance) sent it.
   * PostgreSQL gets one dedicated connection for it (a pooled one would be handed back); PGlite listens in its thread.
   */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<Unlisten>;
  /**
   * Plain SQL with positional parameters ($1, $2…) on the app's own connection, for libraries that bring their own
   * queries (the job queue). Text without parameters may hold several statements; the last one's rows are answered.
   */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** PostgreSQL with DATABASE_REPLICA_URLS: the replicas reads may go to (db/replicas.ts); `db` is routed through it. */
  replicas?: ReplicaRouter;
  /** PGlite only: a consistent copy of the whole data directory (a tarball), which `pgliteStart` opens again. */
  dumpDataDir?: () => Promise<Blob>;
};

/** The rows of `db.execute()` on either driver: PGlite answers `{ rows }`, postgres.js the rows themselves. */
export async function executeRows<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

export type PlanCacheMode = 'auto' | 'force_generic_plan' | 'force_custom_plan';
/**
 * Each prepared statement is planned once per connection and that plan reused (PostgreSQL's generic plan). Left to
 * `auto`, PostgreSQL kept choosing a plan for each request's values on the feeds, and planning them cost more than
 * running them (a member's feed at 1M posts: 1.9-2.0 ms planning, 0.5-0.8 ms running). It is one setting for every
 * statement (PostgreSQL sets it per session), so the statements are written to make their generic plan the right one:
 * search reads its newest rows through a subquery with its own LIMIT, not a bound it would have to guess.
 */
export const DEFAULT_PLAN_CACHE_MODE: PlanCacheMode = 'force_generic_plan';

export type PostgresOptions = {
  planCacheMode?: PlanCacheMode;
  /**
   * `named` (the default): each statement is prepared once per connection under a name. `unnamed`: every statement
   * is parsed where it runs, so the server can sit behind PgBouncer in transaction mode, where a connection's
   * named statements are not there for the next transaction. The session settings are then not sent at connection
   * (PgBouncer refuses startup parameters it does not know): set them on the database instead (README).
   */
  prepare?: 'named' | 'unnamed';
  /**
   * PostgreSQL itself, past the pooler: LISTEN (it needs a session of its own), the job queue's statements and
   * migrations use it when set.
   */
  directUrl?: string;
  /** Streaming replicas that reads may go to (db/replicas.ts). */
  replicaUrls?: string[];
  /** A replica further behind than this is left out until it catches up. */
  replicaMaxLagMs?: number;
  /** How often each replica's replay position is read. */
  replicaPollMs?: number;
  /** Told when a replica is left out or taken back, and of each read's target. */
  onReplicaChange?: (status: ReplicaStatus) => void;
  onRead?: (target: ReadTarget) => void;
};

/** The session settings the server's connections take at start (see openDatabase). */
const sessionSettings = (planCacheMode: PlanCacheMode) => ({
  jit: 'off',
  max_parallel_workers_per_gather: '0',
  plan_cache_mode: planCacheMode,
});

/** Resolved from the working directory: import.meta.url breaks once the server is bundled. */
export const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle');

/**
 * Opens PostgreSQL when a URL is given, else embedded PGlite in `dataDir/db`
 * (or in memory for `memory://`), and applies the committed migrations. `pgliteStart` is a data directory dumped by
 * PGlite's `dumpDataDir()` to start a new in-memory database from (the tests' migrated template: restoring it takes
 * a fraction of the time initdb and the migrations take).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string;
  pgliteStart?: Blob;
  /** Sees each statement's text and values as it is sent, on either driver (the bench and a test count a request's SQL). */
  onStatement?: StatementWatcher;
  /** Apply the pending migrations (default); off for the admin commands that must change nothing (plan, backup, restore). */
  migrate?: boolean;
  /** Where each migration's start, end and time are logged. */
  log?: { info: (fields: object, message: string) => void };
  /** How to talk to PostgreSQL (config DATABASE_PLAN_CACHE_MODE, DATABASE_PREPARE, DATABASE_DIRECT_URL). */
  postgres?: PostgresOptions;
  /** A trace span per statement (db/traced.ts), when traces are on. */
  traced?: boolean;
}): Promise<Database> {
  const migrate = options.migrate ?? true;
  if (options.databaseUrl) {
    // postgres.js: each connection prepares a statement once and keeps its row description, and the writes of
    // concurrent queries go out together; measured on a channel's feed at 1M posts it served 20-30 % more requests
    // than node-postgres on the same two cores, with less CPU in both Node and PostgreSQL.
    // A lost connection (a restart, a failover, a dropped database) is dropped and made anew on the next query.
    const settings = options.postgres ?? {};
    const named = settings.prepare !== 'unnamed';
    const clientOptions = (max: number, prepare: boolean): postgres.Options<Record<string, postgres.PostgresType>> => ({
      max,
      prepare,
      // A server that does not answer (a network partition) fails the request in 5 s (503) instead of holding it.
      connect_timeout: 5,
      // A web request's statements are short index reads. JIT compiling (30 ms) and starting parallel workers
      // (10 ms) cost more than they save there, and the planner picks them on a cost guess (a rare search word
      // estimated at 100k rows): measured at 1M posts, such a search took 31 ms with them, 0.1 ms without.
      // plan_cache_mode: see DEFAULT_PLAN_CACHE_MODE. Not sent through a pooler (PostgresOptions.prepare).
      connection: prepare ? sessionSettings(settings.planCacheMode ?? DEFAULT_PLAN_CACHE_MODE) : {},
      // Libraries that bring their own SQL (the job queue) leave unset options undefined: sent as null.
      transform: { undefined: null },
      onnotice: () => {},
      debug: options.onStatement ? (_connection, text, values) => options.onStatement!(text, values) : false,
    });
    const client = postgres(options.databaseUrl, clientOptions(10, named));
    // Session-bound work (LISTEN, the job queue, migrations) past the pooler when a direct URL is given.
    const direct = settings.directUrl ? postgres(settings.directUrl, clientOptions(3, true)) : client;
    const withSpans = <C extends postgres.Sql>(sql: C) => (options.traced ? tracedPostgres(sql) : sql);
    const primaryDb = drizzlePg(withSpans(client), { schema });
    const directDb = direct === client ? primaryDb : drizzlePg(direct, { schema });
    const replicaClients = (settings.replicaUrls ?? []).map((url) => ({ url, client: postgres(url, clientOptions(10, named)) }));
    // Drizzle sends dates and JSON already as text, and makes their serializers pass text through. A raw value
    // (a placeholder, the job queue's parameters) may be a Date or an object: it goes out as ISO 8601 or as JSON text,
    // as PGlite sends it.
    const asText = (value: unknown) =>
      typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
    const clients = [...new Set([client, direct]), ...replicaClients.map((replica) => replica.client)];
    for (const each of clients) for (const oid of [1082, 1114, 1184, 114, 3802]) each.options.serializers[oid] = asText;
    const router = replicaClients.length
      ? createReplicaRouter({
          primary: primaryDb as unknown as Db,
          primaryLsn: async () => (await client<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`)[0].lsn,
          replicas: replicaClients.map(({ url, client: replica }) => {
            const address = new URL(url);
            return {
              name: `${address.hostname}:${address.port || 5432}${address.pathname}`,
              db: drizzlePg(withSpans(replica), { schema }) as unknown as Db,
              replayLsn: async () => (await replica<{ lsn: string | null }[]>`select pg_last_wal_replay_lsn()::text as lsn`)[0].lsn,
            };
          }),
          maxLagMs: settings.replicaMaxLagMs ?? 5000,
          pollMs: settings.replicaPollMs ?? 100,
          onChange: settings.onReplicaChange,
          onRead: settings.onRead,
        })
      : undefined;
    const db = router?.db ?? (primaryDb as unknown as Db);
    const end = async (timeout: number) => {
      router?.close();
      await Promise.all(clients.map((each) => each.end({ timeout })));
    };
    // A database that cannot be reached or migrated at the start leaves no connection behind.
    if (migrate)
      await applyMigrations(directDb as unknown as Db, migrationsFolder, options.log).catch(async (error: unknown) => {
        await end(1).catch(() => {});
        throw error;
      });
    return {
      db,
      replicas: router,
      driver: 'postgres',
      ping: async () => void (await client`select 1`),
      close: async () => end(5),
      // One dedicated connection carries every LISTEN; postgres.js connects it again and listens anew after a loss.
      listen: async (channel, onPayload) => {
        const { unlisten } = await direct.listen(channel, (payload) => onPayload(payload ?? ''));
        return unlisten;
      },
      executeSql: async (text, values) => {
        if (values?.length) return { rows: await direct.unsafe(text, values as postgres.ParameterOrJSON<never>[]) };
        // Text without parameters may be a script of several statements with its own BEGIN and COMMIT (the job
        // queue's schema): it runs on a connection held for it.
        const reserved = await direct.reserve();
        try {
          const result = await reserved.unsafe(text);
          // Several statements answer a result each: the last one's rows.
          return { rows: Array.isArray(result[0]) ? (result.at(-1) as unknown as Record<string, unknown>[]) : result };
        } catch (error) {
          // A script that failed inside its BEGIN leaves the transaction open and aborted: end it before handing back.
          await reserved.unsafe('rollback').catch(() => {});
          throw error;
        } finally {
          reserved.release();
        }
      },
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  const onDisk = !dir.startsWith('memory://');
  if (onDisk) mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  // Throws DataDirLockedError while another process (the server, an admin command) has the directory open.
  const release = onDisk ? acquireDataDirLock(`${path.resolve(dir)}.lock`) : () => {};
  let client: PGliteThread | undefined;
  try {
    // PGlite runs in a worker thread so that its statements do not block the event loop (pglite-thread.ts).
    client = await PGliteThread.create({ dataDir: dir, loadDataDir: options.pgliteStart, onStatement: options.onStatement });
    const db = drizzlePglite(options.traced ? (tracedPglite(client) as unknown as PGlite) : client.asPGlite(), { schema });
    if (migrate) await applyMigrations(db, migrationsFolder, options.log);
    if (onDisk) makeOwnerOnly(path.resolve(dir));
    const thread = client;
    return {
      db,
      driver: 'pglite',
      ping: async () => void (await thread.query('select 1')),
      dumpDataDir: () => thread.dumpDataDir('none'),
      listen: async (channel, onPayload) => thread.listen(channel, onPayload),
      executeSql: async (text, values) => {
        // PGlite's extended protocol takes one statement; the simple one (exec) takes several but no parameters.
        if (values?.length) return { rows: (await thread.query<Record<string, unknown>>(text, values)).rows };
        const results = await thread.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      },
      close: async () => {
        try {
          await thread.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    release();
    throw error;
  }
}
