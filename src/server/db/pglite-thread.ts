/**
 * The embedded database (PGlite) in a worker thread, and its stand-in on the main thread with the part of PGlite's
 * API that Drizzle's driver and client.ts call. Why: PGlite runs each statement synchronously, so in process it
 * blocked the event loop 150 ms and more at a time under load; Node parsed no requests meanwhile, the request gate
 * never saw the wait, and nobody was answered 503 while p99 passed 1.7 s. Here the main thread only waits on
 * messages (measured: p99 at 200 connections from 0.7–2.6 s to 0.4–0.6 s, and the gate answers 503 again).
 * PGlite's WebAssembly is compiled once per process and handed to each worker with its file bundle (each test app
 * opens a database: about 40 ms less each than a worker compiling its own, V8 sharing most of that work anyway).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, RowMode, Transaction } from '@electric-sql/pglite';

/** What a worker starts with (workerData). */
export type WorkerStart = {
  dataDir: string;
  loadDataDir?: ArrayBuffer;
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: ArrayBuffer;
};

type Query = { op: 'query'; id: number; tx?: number; sql: string; params?: unknown[]; rowMode?: RowMode; drizzleParsers: boolean };
/** Requests to the worker, each answered under its id. */
export type ToWorker =
  | Query
  | { op: 'exec'; id: number; tx?: number; sql: string }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; listener: number }
  | { op: 'dump'; id: number; compression?: 'none' | 'gzip' | 'auto' }
  | { op: 'close'; id: number };

/** An error as it crosses the thread: PostgreSQL's fields (code, detail, constraint, table, severity…) beside it. */
export type WorkerError = { name: string; message: string; stack?: string; fields: Record<string, string | number | boolean> };

export type ToMain =
  | { ready: true }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WorkerError }
  | { notify: number; payload: string };

type Pending = { resolve: (value: never) => void; reject: (error: Error) => void };

/**
 * The worker is TypeScript, so tsx must load it. On Node 20 a worker does not inherit the parent's `--import tsx`
 * hooks, and `execArgv: ['--import', 'tsx']` does not apply them either ("Unknown file extension .ts"), so a
 * two-line bootstrap registers tsx inside the worker first: the same under `npm start` and under vitest. PGlite is
 * imported before tsx's hooks exist, so they do not load its large chunks (100 ms less per database). The file is
 * resolved from the working directory, like the migrations (client.ts): import.meta.url breaks once bundled.
 */
const workerUrl = pathToFileURL(path.resolve('src/server/db/pglite-worker.ts')).href;
const bootstrap = `Promise.all([import('@electric-sql/pglite'), import('tsx/esm/api')])
  .then(([, { register }]) => { register(); return import(${JSON.stringify(workerUrl)}); });`;

/** PGlite's WebAssembly and file bundle, read and compiled once per process. */
let assets: Promise<Omit<WorkerStart, 'dataDir' | 'loadDataDir'>> | undefined;
function loadAssets() {
  assets ??= (async () => {
    const dist = path.dirname(createRequire(path.resolve('package.json')).resolve('@electric-sql/pglite'));
    const [pglite, initdb, fsBundle] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((file) => readFile(path.join(dist, file))),
    );
    const bytes = (buffer: Buffer) => buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([WebAssembly.compile(pglite), WebAssembly.compile(initdb)]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: bytes(fsBundle) };
  })();
  assets.catch(() => (assets = undefined));
  return assets;
}

/**
 * The worker stopped (it crashed, PGlite aborted, or the database was closed): SQLSTATE 57P02, which the app's
 * dependency handling answers 503 (http/dependency-errors.ts).
 */
export class DatabaseThreadGone extends Error {
  readonly code = '57P02';
  constructor(reason: string) {
    super(`The embedded database thread stopped: ${reason}`);
    this.name = 'DatabaseThreadGone';
  }
}

function rebuild(error: WorkerError): Error {
  const rebuilt = Object.assign(new Error(error.message), error.fields);
  rebuilt.name = error.name;
  if (error.stack) rebuilt.stack = error.stack;
  return rebuilt;
}

type Options = Pick<QueryOptions, 'rowMode' | 'parsers'>;

/** Starts a worker and settles when PGlite has opened in it (or failed to). */
function spawn(start: WorkerStart): Promise<Worker> {
  const worker = new Worker(bootstrap, { eval: true, workerData: start, transferList: start.loadDataDir ? [start.loadDataDir] : [] });
  return new Promise<Worker>((resolve, reject) => {
    const ready = (message: ToMain) => {
      if (!('ready' in message)) return;
      worker.off('message', ready).off('error', failed).off('exit', exited);
      worker.unref();
      resolve(worker);
    };
    const failed = (error: Error) => {
      worker.off('message', ready).off('error', failed).off('exit', exited);
      void worker.terminate();
      reject(error);
    };
    const exited = (code: number) => failed(new DatabaseThreadGone(`exit code ${code} while opening`));
    worker.on('message', ready).on('error', failed).on('exit', exited);
  });
}

/** Sees each statement's text and values as it is sent (openDatabase's `onStatement`). */
export type StatementWatcher = (text: string, values: unknown[]) => void;

/** The first wait before a stopped thread is started again, and the longest (the wait doubles between tries). */
const RESTART_FIRST_MS = 200;
const RESTART_MAX_MS = 10_000;

export class PGliteThread {
  private readonly pending = new Map<number, Pending>();
  /** Each LISTEN by its id: its channel (to listen again on a new thread) and who gets the payloads. */
  private readonly listeners = new Map<number, { channel: string; onPayload: (payload: string) => void }>();
  private nextId = 1;
  /** Why calls fail now: the thread stopped (until a new one has started), or the database was closed (for good). */
  private gone: Error | undefined;
  private closed = false;
  private restartDelay = RESTART_FIRST_MS;

  /**
   * `restartWith`: how to open the same database again when its thread stops on its own. A data directory on disk
   * is opened again (PGlite recovers it from its write-ahead log); an in-memory database is gone with its thread.
   */
  private constructor(
    private worker: Worker,
    private readonly restartWith: WorkerStart | null,
    private readonly onStatement?: StatementWatcher,
  ) {
    this.attach(worker);
  }

  /** Starts a worker on `dataDir` ('memory://' or a directory), from a dumped data directory when given one. */
  static async create(options: { dataDir: string; loadDataDir?: Blob; onStatement?: StatementWatcher }): Promise<PGliteThread> {
    const loadDataDir = await options.loadDataDir?.arrayBuffer();
    const shared = await loadAssets();
    const worker = await spawn({ dataDir: options.dataDir, ...shared, ...(loadDataDir ? { loadDataDir } : {}) });
    const onDisk = !options.dataDir.startsWith('memory://');
    return new PGliteThread(worker, onDisk ? { dataDir: options.dataDir, ...shared } : null, options.onStatement);
  }

  /** `tx` is the open transaction the statement belongs to (its stand-in passes it; Drizzle never does). */
  query<T>(sql: string, params?: unknown[], options?: Options, tx?: number): Promise<Results<T>> {
    this.onStatement?.(sql, params ?? []);
    // Drizzle's parsers are fixed pass-throughs (see pglite-worker.ts); only whether there were any crosses over.
    return this.call({ op: 'query', sql, params, tx, rowMode: options?.rowMode, drizzleParsers: options?.parsers !== undefined });
  }

  exec(sql: string, tx?: number): Promise<Results[]> {
    this.onStatement?.(sql, []);
    return this.call({ op: 'exec', sql, tx });
  }

  /** Like PGlite's: `fn`'s statements run alone; it commits when `fn` resolves, rolls back and rethrows when it throws. */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.nextId++;
    await this.call({ op: 'begin' }, id);
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: Options) => (open(), this.query<R>(sql, params, options, id)),
      exec: (sql: string) => (open(), this.exec(sql, id)),
      rollback: async () => {
        open();
        closed = true;
        await this.call({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.call({ op: 'end', tx: id, commit: false }).catch(() => {});
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.call({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  /** LISTEN: `onPayload` gets each NOTIFY's payload; the answer stops it. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.nextId++;
    this.listeners.set(listener, { channel, onPayload });
    try {
      await this.call({ op: 'listen', channel }, listener);
    } catch (error) {
      this.listeners.delete(listener);
      throw error;
    }
    return async () => {
      if (!this.listeners.delete(listener) || this.gone) return;
      await this.call({ op: 'unlisten', listener });
    };
  }

  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> {
    const dump = await this.call<{ bytes: ArrayBuffer; type: string; name?: string }>({ op: 'dump', compression });
    return dump.name ? new File([dump.bytes], dump.name, { type: dump.type }) : new Blob([dump.bytes], { type: dump.type });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const running = !this.gone;
    try {
      if (running) await this.call({ op: 'close' });
    } finally {
      this.closed = true;
      this.fail(new DatabaseThreadGone('the database was closed'));
      await this.worker.terminate();
    }
  }

  /** Stands in for PGlite where Drizzle's driver wants one: it calls only what this class offers. */
  asPGlite(): PGlite {
    return this as unknown as PGlite;
  }

  private call<T>(request: DistributiveOmit<ToWorker, 'id'>, id = this.nextId++): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    return new Promise<T>((resolve, reject) => {
      // A pending answer keeps the process alive, as a socket would; an idle database does not.
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: never) => void, reject });
      try {
        this.worker.postMessage({ ...request, id } as ToWorker);
      } catch (error) {
        // A parameter that cannot be cloned (DataCloneError) fails this call only.
        this.pending.delete(id);
        if (this.pending.size === 0) this.worker.unref();
        throw error;
      }
    });
  }

  private receive(message: ToMain) {
    if ('ready' in message) return;
    if ('notify' in message) return this.listeners.get(message.notify)?.onPayload(message.payload);
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if (message.ok) pending.resolve(message.value as never);
    else pending.reject(rebuild(message.error));
  }

  private attach(worker: Worker) {
    worker.on('message', (message: ToMain) => this.receive(message));
    worker.on('error', (error) => {
      process.emitWarning(`The embedded database thread failed: ${error.message}`);
      this.stopped(worker, new DatabaseThreadGone(error.message));
    });
    worker.on('exit', (code) => this.stopped(worker, new DatabaseThreadGone(`exit code ${code}`)));
  }

  /** The thread stopped: every call waiting fails (503), and a database on disk is opened again on a new one. */
  private stopped(worker: Worker, reason: Error) {
    if (worker !== this.worker || this.gone) return;
    this.fail(reason);
    if (!this.closed && this.restartWith) this.restartSoon();
  }

  private restartSoon() {
    setTimeout(() => void this.restart(), this.restartDelay).unref();
    this.restartDelay = Math.min(this.restartDelay * 2, RESTART_MAX_MS);
  }

  /** Opens the database on a new thread and listens again on every channel; calls answer again once it has. */
  private async restart() {
    if (this.closed || !this.restartWith) return;
    let worker: Worker;
    try {
      worker = await spawn(this.restartWith);
    } catch (error) {
      process.emitWarning(`The embedded database could not be opened again: ${(error as Error).message}`);
      return this.restartSoon();
    }
    if (this.closed) return void worker.terminate();
    this.worker = worker;
    this.attach(worker);
    this.gone = undefined;
    try {
      for (const [id, { channel }] of this.listeners) await this.call({ op: 'listen', channel }, id);
    } catch (error) {
      // The new thread stopped too: its exit handler has started the next try.
      process.emitWarning(`The embedded database's listeners could not be restored: ${(error as Error).message}`);
      return;
    }
    this.restartDelay = RESTART_FIRST_MS;
    process.emitWarning('The embedded database thread was started again.');
  }

  /** Every call waiting, and every one until the thread is back, fails with `reason`. */
  private fail(reason: Error) {
    this.gone = reason;
    for (const pending of this.pending.values()) pending.reject(reason);
    this.pending.clear();
    this.worker.unref();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
