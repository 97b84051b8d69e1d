import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { PGliteThread } from './pglite-thread.ts';

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
  /** PGlite only: a consistent copy of the whole data directory (a tarball), which `pgliteStart` opens again. */
  dumpDataDir?: () => Promise<Blob>;
};

/** Resolved from the working directory: import.meta.url breaks once the server is bundled. */
const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle');

/**
 * Opens PostgreSQL when a URL is given, else embedded PGlite in `dataDir/db`
 * (or in memory for `memory://`), and applies the committed migrations. `pgliteStart` is a data directory dumped by
 * PGlite's `dumpDataDir()` to start a new in-memory database from (the tests' migrated template: restoring it takes
 * a fraction of the time initdb and the migrations take).
 */
export async function openDatabase(options: { databaseUrl?: string; pgliteDir?: string; pgliteStart?: Blob }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A server that does not answer (a network partition) fails the request in 5 s (503) instead of holding it.
      connectionTimeoutMillis: 5_000,
      // A web request's statements are short index reads. JIT compiling (30 ms) and starting parallel workers
      // (10 ms) cost more than they save there, and the planner picks them on a cost guess (a rare search word
      // estimated at 100k rows): measured at 1M posts, such a search took 31 ms with them, 0.1 ms without.
      options: '-c jit=off -c max_parallel_workers_per_gather=0',
    });
    // An idle pooled connection that the server ends (restart, failover, a dropped database) emits 'error';
    // without a listener that ends the process. The pool drops the broken client and connects anew on the next query.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL connection lost while idle: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    const listeners = new Set<pg.Client>();
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: async () => {
        await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
        await pool.end();
      },
      listen: async (channel, onPayload) => {
        const client = new pg.Client({ connectionString: options.databaseUrl });
        client.on('error', (error) => process.emitWarning(`PostgreSQL LISTEN connection lost: ${error.message}`));
        await client.connect();
        listeners.add(client);
        client.on('notification', (message) => {
          if (message.channel === channel) onPayload(message.payload ?? '');
        });
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        return async () => {
          listeners.delete(client);
          await client.end().catch(() => {});
        };
      },
      executeSql: async (text, values) => {
        const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
        return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
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
    client = await PGliteThread.create({ dataDir: dir, loadDataDir: options.pgliteStart });
    const db = drizzlePglite(client.asPGlite(), { schema });
    await migratePglite(db, { migrationsFolder });
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
