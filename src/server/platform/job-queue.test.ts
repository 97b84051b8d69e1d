import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from '../db/client.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

const silent = { error: () => {}, info: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

async function until(probe: () => boolean, ms = 15_000) {
  for (const started = Date.now(); !probe();) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the job queue on the embedded database', () => {
  let database: Database;
  let queue: JobQueue;
  const seen: number[] = [];
  let failuresLeft = 1;
  const attempts: string[] = [];

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    queue = createJobQueue({ executeSql: database.executeSql, log: silent, work: true, pollingIntervalSeconds: 0.5 });
    queue.define<{ n: number }>({ name: 'record', run: async ({ n }) => void seen.push(n) });
    queue.define<{ id: string }>({
      name: 'flaky',
      retryLimit: 2,
      retryDelaySeconds: 1,
      run: async ({ id }) => {
        attempts.push(id);
        if (failuresLeft-- > 0) throw new Error('first try fails');
      },
    });
    await queue.start();
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it('runs a job sent to it, with its data', async () => {
    await queue.send('record', { n: 7 });
    await until(() => seen.includes(7));
  });

  it('retries a job that failed', async () => {
    await queue.send('flaky', { id: 'a' });
    await until(() => attempts.length === 2);
    expect(attempts).toEqual(['a', 'a']);
  });

  it('sends a job queued inside a transaction only when the transaction commits', async () => {
    await database.db.transaction(async (tx) => {
      await queue.sendWithin(tx, 'record', { n: 11 });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await queue.sendWithin(tx, 'record', { n: 12 });
        throw new Error('the write fails');
      }),
    ).rejects.toThrow('the write fails');
    await queue.send('record', { n: 13 });
    await until(() => seen.includes(11) && seen.includes(13));
    // 13 was sent after 12 would have been, and jobs run in order, so 12 would have run by now.
    expect(seen).not.toContain(12);
  });

  it('refuses a job nobody defined, and a definition after the start', async () => {
    await expect(queue.send('nobody', {})).rejects.toThrow('unknown job nobody');
    expect(() => queue.define({ name: 'late', run: async () => {} })).toThrow('defined after the queue started');
  });

  it('keeps its tables in its own schema of the same database', async () => {
    const { rows } = await database.executeSql(`select count(*)::int as n from information_schema.tables where table_schema = 'pgboss'`);
    expect(Number(rows[0].n)).toBeGreaterThan(0);
  });
});
