import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client.ts';

/**
 * Read replicas with read-your-writes by WAL position (LSN). A request that only reads (a feed, a post, a search: the
 * routes the read-routing plugin names) runs in a read scope; its first statement picks where all of its statements
 * go: a replica that is up, no more than `maxLagMs` behind, and has replayed past the member's last write (the LSN
 * their write produced), else the primary. Everything outside a read scope (writes, jobs, transactions that write)
 * goes to the primary.
 *
 * Each replica's replay position is polled every `pollMs` beside the primary's current position; a replica's lag is
 * how long ago the primary was at the oldest position the replica has not replayed (0 when it has replayed all the
 * primary had at the last poll). A replica that does not answer a poll, or lags more than `maxLagMs`, is left out
 * until a poll finds it back; no request fails because a replica did (a statement that fails on a replica is not
 * retried, but the next request no longer picks it).
 */

/** A WAL position, PostgreSQL's `X/Y` text, as a number that compares. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

export const formatLsn = (lsn: bigint) => `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;

export type ReadTarget = 'primary' | 'replica';

/** One request's read: the least WAL position its reader must see, and where its statements went once chosen. */
export type ReadScope = { minLsn: bigint | null; chosen?: { db: Db; target: ReadTarget; replica: string | null } };

const scopes = new AsyncLocalStorage<ReadScope>();

/** Runs `fn` (and everything it starts) as a read that may go to a replica. */
export const runInReadScope = <T>(scope: ReadScope, fn: () => T): T => scopes.run(scope, fn);

export type ReplicaSource = {
  /** A name for metrics and logs (host:port/database, never a password). */
  name: string;
  db: Db;
  /** `pg_last_wal_replay_lsn()` on the replica (null on a server that is not replaying). */
  replayLsn: () => Promise<string | null>;
};

export type ReplicaStatus = { name: string; up: boolean; lagSeconds: number | null; replayLsn: string | null };

export type ReplicaRouter = {
  /** The database handle services use: routed per statement by the read scope it runs in. */
  db: Db;
  /** The primary's current WAL position (after a write: the position that write reached). */
  primaryLsn: () => Promise<bigint>;
  status: () => ReplicaStatus[];
  /** Polls once now (tests; the timer polls every pollMs). */
  poll: () => Promise<void>;
  close: () => void;
};

const REAL = Symbol('the database a routed handle stands for now');

/** The database a handle stands for in this context: a routed handle's current target, else the handle itself. */
export function currentDatabase<T extends object>(db: T): T {
  return ((db as { [REAL]?: T })[REAL] ?? db) as T;
}

export function createReplicaRouter(options: {
  primary: Db;
  primaryLsn: () => Promise<string>;
  replicas: ReplicaSource[];
  maxLagMs: number;
  pollMs: number;
  /** Called when a poll finds a replica down or back (for the log). */
  onChange?: (status: ReplicaStatus) => void;
  /** Each read scope's choice, once (for the metrics). */
  onRead?: (target: ReadTarget) => void;
  /** How long a poll waits for a server. */
  pollTimeoutMs?: number;
}): ReplicaRouter {
  const { primary, maxLagMs } = options;
  const timeout = options.pollTimeoutMs ?? 1000;
  type State = ReplicaSource & { up: boolean; replay: bigint | null; lagMs: number | null };
  const replicas: State[] = options.replicas.map((replica) => ({ ...replica, up: false, replay: null, lagMs: null }));
  /** The primary's positions at recent polls, oldest first: a replica's lag is read off them. */
  let samples: { at: number; lsn: bigint }[] = [];
  let next = 0;

  const within = <T>(promise: Promise<T>) =>
    Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('poll timed out')), timeout).unref())]);

  async function poll() {
    const now = Date.now();
    try {
      samples.push({ at: now, lsn: parseLsn(await within(options.primaryLsn())) });
    } catch {
      // The primary did not answer: the replicas' lag cannot be read this time; they keep their last state.
      return;
    }
    samples = samples.filter((sample) => sample.at >= now - maxLagMs * 2 - 1000);
    await Promise.all(
      replicas.map(async (replica) => {
        const wasUp = replica.up;
        try {
          const text = await within(replica.replayLsn());
          replica.replay = text === null ? null : parseLsn(text);
          const behind = replica.replay === null ? samples[0] : samples.find((sample) => sample.lsn > replica.replay!);
          replica.lagMs = behind ? now - behind.at : 0;
          replica.up = replica.replay !== null && replica.lagMs <= maxLagMs;
        } catch {
          replica.up = false;
          replica.lagMs = null;
        }
        if (replica.up !== wasUp) options.onChange?.(statusOf(replica));
      }),
    );
  }

  const statusOf = (replica: State): ReplicaStatus => ({
    name: replica.name,
    up: replica.up,
    lagSeconds: replica.lagMs === null ? null : replica.lagMs / 1000,
    replayLsn: replica.replay === null ? null : formatLsn(replica.replay),
  });

  /** A replica that is up and has replayed `minLsn`, taken in turn; null when none has. */
  function pick(minLsn: bigint | null): State | null {
    const ready = replicas.filter((replica) => replica.up && (minLsn === null || (replica.replay !== null && replica.replay >= minLsn)));
    if (!ready.length) return null;
    return ready[next++ % ready.length];
  }

  function route(): Db {
    const scope = scopes.getStore();
    if (!scope) return primary;
    if (!scope.chosen) {
      const replica = pick(scope.minLsn);
      scope.chosen = replica
        ? { db: replica.db, target: 'replica', replica: replica.name }
        : { db: primary, target: 'primary', replica: null };
      options.onRead?.(scope.chosen.target);
    }
    return scope.chosen.db;
  }

  const db = new Proxy(primary, {
    get(_target, property) {
      const real = route();
      if (property === REAL) return real;
      const value = Reflect.get(real, property, real) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(real) : value;
    },
  });

  const timer = setInterval(() => void poll(), options.pollMs);
  timer.unref();
  return {
    db,
    primaryLsn: async () => parseLsn(await options.primaryLsn()),
    status: () => replicas.map(statusOf),
    poll,
    close: () => clearInterval(timer),
  };
}
