import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDependencyOutage } from '../http/dependency-errors.ts';
import { PGliteThread } from './pglite-thread.ts';

describe('PGlite in its own thread', () => {
  let pg: PGliteThread;
  beforeAll(async () => {
    pg = await PGliteThread.create({ dataDir: 'memory://' });
    await pg.exec('create table notes (id int primary key, body text not null, at timestamptz not null default now())');
  });
  afterAll(() => pg.close());

  const bodies = async () => (await pg.query<{ body: string }>('select body from notes order by id')).rows.map((row) => row.body);

  it('answers a query with parameters, in rows or arrays', async () => {
    await pg.query('insert into notes (id, body) values ($1, $2), ($3, $4)', [1, 'one', 2, 'two']);
    expect((await pg.query('select id, body from notes where id = $1', [2])).rows).toEqual([{ id: 2, body: 'two' }]);
    expect((await pg.query('select id, body from notes order by id', [], { rowMode: 'array' })).rows).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
  });

  it('gives a timestamp as a Date by default, and as PostgreSQL’s text when Drizzle passes its parsers', async () => {
    const [plain] = (await pg.query<{ at: unknown }>('select at from notes where id = 1')).rows;
    expect(plain.at).toBeInstanceOf(Date);
    const [asText] = (await pg.query<{ at: unknown }>('select at from notes where id = 1', [], { parsers: { 1184: (value) => value } }))
      .rows;
    expect(asText.at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  });

  it('commits a transaction whose function resolves, and rolls back (and rethrows) one whose function throws', async () => {
    const answer = await pg.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values ($1, $2)', [3, 'three']);
      return (await tx.query<{ n: number }>('select count(*)::int as n from notes')).rows[0].n;
    });
    expect(answer).toBe(3);
    const failure = pg.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values ($1, $2)', [4, 'four']);
      throw new Error('changed my mind');
    });
    await expect(failure).rejects.toThrow('changed my mind');
    expect(await bodies()).toEqual(['one', 'two', 'three']);
  });

  it('keeps other statements out until a transaction ends', async () => {
    let outsideDone = false;
    let outside: Promise<unknown> | undefined;
    await pg.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values (5, $1)', ['five']);
      outside = pg.query('select count(*)::int as n from notes').then((result) => {
        outsideDone = true;
        return result.rows[0];
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideDone).toBe(false);
      await tx.query('delete from notes where id = 5');
    });
    expect(await outside).toEqual({ n: 3 });
  });

  it('surfaces a unique violation with PostgreSQL’s fields', async () => {
    const error = await pg.query('insert into notes (id, body) values (1, $1)', ['again']).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_pkey', table: 'notes', severity: 'ERROR' });
    expect((error as Error).message).toMatch(/duplicate key/);
  });

  it('fails only the call whose parameters cannot cross the thread', async () => {
    await expect(pg.query('select $1', [() => 1])).rejects.toThrow();
    expect((await pg.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('carries NOTIFY payloads to a listener until it stops listening', async () => {
    const payloads: string[] = [];
    const unlisten = await pg.listen('news', (payload) => payloads.push(payload));
    await pg.query(`select pg_notify('news', 'hello')`);
    await expect.poll(() => payloads).toEqual(['hello']);
    await unlisten();
    await pg.query(`select pg_notify('news', 'gone')`);
    await pg.query('select 1');
    expect(payloads).toEqual(['hello']);
  });

  it('dumps its data directory, which a new database opens', async () => {
    const copy = await PGliteThread.create({ dataDir: 'memory://', loadDataDir: await pg.dumpDataDir('none') });
    try {
      expect((await copy.query<{ body: string }>('select body from notes order by id')).rows.map((row) => row.body)).toEqual([
        'one',
        'two',
        'three',
      ]);
    } finally {
      await copy.close();
    }
  });

  it('leaves the event loop free while a slow statement runs', async () => {
    const slow = pg.query('select pg_sleep(0.5)');
    const started = performance.now();
    const fired = await new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - started), 10));
    await slow;
    // On time give or take a busy machine's scheduling; a blocked loop fires only after the whole 500 ms.
    expect(fired).toBeLessThan(100);
  });

  it('fails every call once the thread is gone, as a dependency outage (503), without crashing', async () => {
    const doomed = await PGliteThread.create({ dataDir: 'memory://' });
    const waiting = doomed.query('select pg_sleep(1)');
    await (doomed as unknown as { worker: { terminate: () => Promise<number> } }).worker.terminate();
    const error = await waiting.catch((thrown: unknown) => thrown);
    expect(isDependencyOutage(error)).toBe(true);
    expect(isDependencyOutage(await doomed.query('select 1').catch((thrown: unknown) => thrown))).toBe(true);
  });

  it('opens a database on disk again on a new thread when its thread stops, with its data and its listeners', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bsq-thread-'));
    const onDisk = await PGliteThread.create({ dataDir: path.join(dir, 'db') });
    try {
      await onDisk.exec('create table kept (id int primary key)');
      await onDisk.query('insert into kept values (1), (2)');
      const payloads: string[] = [];
      await onDisk.listen('news', (payload) => payloads.push(payload));
      await (onDisk as unknown as { worker: { terminate: () => Promise<number> } }).worker.terminate();
      // While it is down, calls are a dependency outage (503), and nothing crashes.
      expect(isDependencyOutage(await onDisk.query('select 1').catch((thrown: unknown) => thrown))).toBe(true);
      const back = performance.now();
      await expect
        .poll(async () => (await onDisk.query<{ n: number }>('select count(*)::int as n from kept').catch(() => null))?.rows[0].n, {
          timeout: 5_000,
          interval: 50,
        })
        .toBe(2);
      expect(performance.now() - back).toBeLessThan(3_000);
      await expect
        .poll(async () => (await onDisk.query(`select pg_notify('news', 'after')`), payloads), { timeout: 2_000, interval: 100 })
        .toContain('after');
    } finally {
      await onDisk.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
