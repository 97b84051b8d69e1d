import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { requestContext } from '@fastify/request-context';
import { executeRows, type Executor } from '../db/client.ts';

/**
 * Background work on pg-boss, on the app's own database (PGlite or PostgreSQL) through `executeSql`: a job survives
 * a restart, is retried when it fails, and a scheduled one runs on one instance of many. pg-boss keeps its tables in
 * its own `pgboss` schema, which it creates and migrates itself.
 *
 * A service defines its jobs (`define`) while the app is built; `start` (the app's onReady) creates their queues,
 * starts the workers and the schedules; `stop` (onClose) lets running jobs finish. Handlers must be idempotent: a
 * job whose process died is run again.
 */
export type JobDefinition<T extends object> = {
  name: string;
  run: (data: T) => Promise<void>;
  /** A cron expression (UTC): the job is also sent on this schedule, with empty data. */
  cron?: string;
  /** Tries after the first failure (default 3), `retryDelaySeconds` apart. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Each retry waits twice as long as the one before (from `retryDelaySeconds`). */
  retryBackoff?: boolean;
  /** How long one run may take before it counts as failed (and is retried); default 15 minutes. */
  expireInSeconds?: number;
};

export type JobQueueOptions = {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  log: FastifyBaseLogger;
  /** Run the workers and schedules in this process (an instance may only serve HTTP and send jobs). */
  work: boolean;
  pollingIntervalSeconds: number;
};

export function createJobQueue({ executeSql, log, work, pollingIntervalSeconds }: JobQueueOptions) {
  /**
   * The queue's own statements still running. pg-boss marks a finished job done (or failed) without awaiting it, so
   * after `boss.stop()` such a statement may still be on its way: `stop` waits for them, or the database would close
   * under them and their failures would have no handler.
   */
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) => {
        // Once the queue stops, a job that outlived the grace period may still report its end after the database
        // closed: that report is logged (the job runs again after a restart, as an expired one), never thrown.
        const running = stopped
          ? executeSql(text, values).catch((error: unknown) => {
              log.warn({ err: error }, 'the job queue could not record a job that ended after it stopped');
              return { rows: [] };
            })
          : executeSql(text, values);
        const settled = running.then(
          () => undefined,
          () => undefined,
        );
        inFlight.add(settled);
        void settled.then(() => inFlight.delete(settled));
        return running;
      },
    },
    schedule: work,
    supervise: work,
    // Finished jobs carry ids only, but there is no reason to keep them long.
    deleteAfterDays: 1,
    archiveCompletedAfterSeconds: 3600,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const definitions = new Map<string, JobDefinition<any>>();
  let started = false;

  return {
    define<T extends object>(definition: JobDefinition<T>): void {
      if (started) throw new Error(`job ${definition.name} defined after the queue started`);
      definitions.set(definition.name, definition);
    },

    async start(): Promise<void> {
      stopped = false;
      await boss.start();
      started = true;
      for (const definition of definitions.values()) {
        await boss.createQueue(definition.name, {
          name: definition.name,
          retryLimit: definition.retryLimit ?? 3,
          retryDelay: definition.retryDelaySeconds ?? 5,
          retryBackoff: definition.retryBackoff ?? false,
          expireInSeconds: definition.expireInSeconds ?? 15 * 60,
        });
        if (!work) continue;
        await boss.work<object>(definition.name, { pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) {
            const { [REQUEST_ID_KEY]: requestId, ...data } = (job.data ?? {}) as Record<string, unknown>;
            const started = Date.now();
            log.info({ job: definition.name, jobId: job.id, requestId }, 'job started');
            try {
              await definition.run(data);
              log.info({ job: definition.name, jobId: job.id, requestId, ms: Date.now() - started }, 'job done');
            } catch (error) {
              log.error({ err: error, job: definition.name, jobId: job.id, requestId }, 'job failed (it is retried)');
              throw error;
            }
          }
        });
        if (definition.cron) await boss.schedule(definition.name, definition.cron);
      }
    },

    /** Queues a job; answers its id. */
    async send(name: string, data: object, options: { singletonKey?: string; startAfter?: Date } = {}): Promise<string | null> {
      if (!definitions.has(name)) throw new Error(`unknown job ${name}`);
      return boss.send(name, withRequestId(data), options);
    },

    /**
     * Queues a job inside the caller's open transaction: it is sent when that transaction commits and never when
     * it rolls back, so the job and the write that caused it stand or fall together.
     */
    async sendWithin(tx: Executor, name: string, data: object): Promise<string | null> {
      if (!definitions.has(name)) throw new Error(`unknown job ${name}`);
      return boss.send(name, withRequestId(data), { db: { executeSql: (text, values) => runWithin(tx, text, values) } });
    },

    /** Jobs waiting to run (created or waiting for a retry) in each defined queue, for the metrics. */
    async depths(): Promise<Record<string, number>> {
      const depths: Record<string, number> = {};
      for (const name of definitions.keys()) depths[name] = Number(await boss.getQueueSize(name));
      return depths;
    },

    /** Throws unless the queue's tables answer (the readiness check). */
    async ping(): Promise<void> {
      if (!started) throw new Error('the job queue is not started');
      await boss.getQueues();
    },

    async stop(): Promise<void> {
      if (!started) return;
      started = false;
      stopped = true;
      // close: false, the database is the app's and closes after this.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
      // The last jobs' completions, which pg-boss sent without waiting (at most a few seconds more).
      const deadline = Date.now() + 5000;
      while (inFlight.size > 0 && Date.now() < deadline)
        await Promise.race([Promise.all(inFlight), new Promise((r) => setTimeout(r, 100))]);
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** The request's id (X-Request-Id), set for every request by plugins/metrics.ts. */
    requestId: string;
  }
}

/** The key under which a job queued during a request carries that request's id (X-Request-Id), for the logs. */
export const REQUEST_ID_KEY = 'requestId';

/** The job's data with the id of the request it was queued in, when there is one (read from the request's context). */
function withRequestId(data: object): object {
  const requestId = requestContext.get('requestId');
  return requestId ? { ...data, [REQUEST_ID_KEY]: requestId } : data;
}

/**
 * pg-boss's numbered-parameter SQL (`$1`, `$2`, …) run through a Drizzle executor (a transaction, on either driver).
 * An unset option comes as `undefined`, which the drivers send as null and Drizzle would leave out.
 */
async function runWithin(tx: Executor, text: string, values: unknown[] = []): Promise<{ rows: Record<string, unknown>[] }> {
  const chunks: SQL[] = text.split(/\$(\d+)/).map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`));
  return { rows: await executeRows(tx, sql.join(chunks)) };
}
