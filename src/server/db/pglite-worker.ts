/**
 * The embedded database's own thread: PGlite runs every statement synchronously in WebAssembly, so here it blocks
 * only this thread while the server's event loop keeps parsing requests (and the request gate sees the real line).
 * The main thread's stand-in (pglite-thread.ts) sends requests by id; this answers each when PGlite does.
 * Queries are not serialised here: PGlite's own mutex orders them, and holds every query outside an open
 * transaction back until that transaction ends, exactly as it does in process.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ToMain, ToWorker, WorkerError, WorkerStart } from './pglite-thread.ts';

/**
 * Parsers are functions and cannot cross threads. Drizzle only ever passes these (the values kept as PostgreSQL's
 * text, for its own column mappers), so a caller that asked for parsers gets this same set.
 */
const passThrough = (value: string) => value;
const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((type) => [type, passThrough]),
);

const port = parentPort!;
const start = workerData as WorkerStart;
const send = (message: ToMain, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Structured clone keeps only an Error's name, message and stack; PostgreSQL's fields (code, constraint…) go along. */
function describe(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** How the main thread ends a transaction, and the id its answer goes to. */
type End = { commit: boolean; reply: number };
/** An open transaction: its handle, and how to end it. */
type Open = { tx: Transaction; finish: (end: End) => void };
const transactions = new Map<number, Open>();
const unlistens = new Map<number, () => Promise<void>>();

const pg = await PGlite.create({
  dataDir: start.dataDir,
  pgliteWasmModule: start.pgliteWasmModule,
  initdbWasmModule: start.initdbWasmModule,
  fsBundle: new Blob([start.fsBundle]),
  // Search matches a query in the other script on trigrams (drizzle/0020).
  extensions: { pg_trgm },
  ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {}),
});

/** The database, or the open transaction a statement belongs to. */
function on(txId: number | undefined): PGlite | Transaction {
  if (txId === undefined) return pg;
  const open = transactions.get(txId);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

/** Runs one request; its answer (or error) goes back under its id. */
async function handle(message: ToWorker): Promise<void> {
  switch (message.op) {
    case 'query': {
      const target = on(message.tx);
      const options = { rowMode: message.rowMode, ...(message.drizzleParsers ? { parsers: DRIZZLE_PARSERS } : {}) };
      return send({ id: message.id, ok: true, value: await target.query(message.sql, message.params, options) });
    }
    case 'exec': {
      return send({ id: message.id, ok: true, value: await on(message.tx).exec(message.sql) });
    }
    case 'begin': {
      // The callback stays open (holding PGlite's mutex) until the main thread's 'end' for this transaction.
      let finish!: (end: End) => void;
      const ended = new Promise<End>((resolve) => (finish = resolve));
      let opened = false;
      try {
        await pg.transaction(async (tx) => {
          transactions.set(message.id, { tx, finish });
          opened = true;
          send({ id: message.id, ok: true, value: null });
          if (!(await ended).commit) throw new RolledBack();
        });
        send({ id: (await ended).reply, ok: true, value: null });
      } catch (error) {
        // BEGIN itself failed: the 'begin' is answered with the error. Otherwise the 'end' is, unless it asked for
        // the rollback.
        if (!opened) throw error;
        const reply = (await ended).reply;
        send(error instanceof RolledBack ? { id: reply, ok: true, value: null } : { id: reply, ok: false, error: describe(error) });
      } finally {
        transactions.delete(message.id);
      }
      return;
    }
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error('Transaction is closed');
      return open.finish({ commit: message.commit, reply: message.id });
    }
    case 'listen': {
      const unlisten = await pg.listen(message.channel, (payload) => send({ notify: message.id, payload }));
      unlistens.set(message.id, unlisten);
      return send({ id: message.id, ok: true, value: null });
    }
    case 'unlisten': {
      await unlistens.get(message.listener)?.();
      unlistens.delete(message.listener);
      return send({ id: message.id, ok: true, value: null });
    }
    case 'dump': {
      const dump = await pg.dumpDataDir(message.compression);
      const bytes = await dump.arrayBuffer();
      return send({ id: message.id, ok: true, value: { bytes, type: dump.type, name: dump instanceof File ? dump.name : undefined } }, [
        bytes,
      ]);
    }
    case 'close':
      await pg.close();
      return send({ id: message.id, ok: true, value: null });
  }
}

/** Thrown inside PGlite's transaction so that it rolls back. */
class RolledBack extends Error {}

port.on('message', (message: ToWorker) => {
  handle(message).catch((error: unknown) => send({ id: message.id, ok: false, error: describe(error) }));
});
send({ ready: true });
