import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { appVariant } from '../helpers/app-variant.ts';
import { createCircle, createUser, makeImage, multipart } from '../helpers/fixtures.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { committedMigrations, tablesTouched } from '../../src/server/operate/migrations.ts';
import { gated } from '../../src/server/plugins/admission.ts';

let t: TestApp;
let measured: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // The same database, with metrics on a listener of its own (port 0: a free one).
  measured = await appVariant(t, { metrics: { port: 0, host: '127.0.0.1' } });
});
afterAll(async () => {
  await measured?.close();
  await t?.close();
});

describe('/livez and /readyz', () => {
  it('/livez answers 200 {status: ok}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 with every check ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', jobs: 'ok', gate: 'ok' } });
  });

  it('neither probe is behind the request gate, and neither is in the API documentation', async () => {
    for (const url of ['/livez', '/readyz', '/readyz?x=1']) expect(gated({ url, headers: {} }), url).toBe(false);
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    expect(paths).not.toContain('/livez');
    expect(paths).not.toContain('/readyz');
  });

  it('/readyz answers 503 with Retry-After and the failed check when the job queue is stopped', async () => {
    const variant = await appVariant(t, {});
    try {
      await variant.app.ctx.services.jobs.stop();
      const res = await variant.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        status: 'unavailable',
        failed: ['jobs'],
        checks: { database: 'ok', migrations: 'ok', jobs: 'failed', gate: 'ok' },
      });
      // /livez still answers: the process is alive.
      expect((await variant.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      await variant.close();
    }
  });

  it('/readyz answers 503 while draining (set at SIGTERM), and /api/health stays as it was', async () => {
    const variant = await appVariant(t, {});
    try {
      variant.app.readiness.draining = true;
      const res = await variant.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ status: 'draining', failed: ['draining'] });
      expect((await variant.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok' });
    } finally {
      await variant.close();
    }
  });
});

describe('X-Request-Id', () => {
  it('every response carries one: a new UUID, or a safe incoming id kept, an unsafe one replaced', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);

    const kept = await t.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': 'lb-7f3a.9_Z' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.9_Z');
    for (const unsafe of ['has space', 'x'.repeat(65), 'a\u00e9b', '<script>', '-leading']) {
      const res = await t.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id'], unsafe).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Answers made before any route (a 404) carry it too.
    expect((await t.app.inject({ method: 'GET', url: '/api/nope/', headers: { 'x-request-id': 'abc123' } })).headers['x-request-id']).toBe(
      'abc123',
    );
  });
});

describe('a job queued during a request', () => {
  it('carries the request id in its data', async () => {
    const member = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/export/',
      headers: { ...member.headers, 'x-request-id': 'export-req-42' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.headers['x-request-id']).toBe('export-req-42');
    const { rows } = await t.app.ctx.database.executeSql(`select data from pgboss.job where name = 'export-account'`);
    expect(rows.map((row) => (row.data as { requestId?: string }).requestId)).toContain('export-req-42');
  });
});

/** One scrape of the metrics listener, as Prometheus reads it. */
async function scrape(app: TestApp): Promise<string> {
  const address = app.app.metricsAddress();
  expect(address).not.toBeNull();
  const res = await fetch(`http://127.0.0.1:${address!.port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
}

describe('Prometheus metrics on METRICS_PORT', () => {
  it('are never on the public port: /metrics is 404 there', async () => {
    expect((await measured.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('without METRICS_PORT there is no listener', () => {
    expect(t.app.metricsAddress()).toBeNull();
  });

  it('bind to 127.0.0.1 by default', async () => {
    expect(measured.app.metricsAddress()!.address).toBe('127.0.0.1');
  });

  it('measure requests by route pattern, reads, the queues, streams, the gate, reports, grievances and scam verdicts', async () => {
    const author = await createUser(measured.app);
    const circle = await createCircle(measured.app, author);
    const form = await multipart([
      ['circle', String(circle.id)],
      ['title', 'Measured'],
      ['images', { data: await makeImage('png'), filename: 'a.png', type: 'image/png' }],
    ]);
    const created = await measured.app.inject({
      method: 'POST',
      url: '/api/posts/',
      payload: form.payload,
      headers: { ...author.headers, ...form.headers },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    for (let i = 0; i < 3; i++)
      expect((await measured.app.inject({ method: 'GET', url: `/api/posts/${id}/?x=${i}` })).statusCode).toBe(200);

    const text = await scrape(measured);
    const line = (pattern: RegExp) => text.split('\n').find((l) => pattern.test(l));
    // The route's pattern, never the URL with its id or query.
    expect(line(/^http_request_duration_seconds_count\{method="GET",route="\/api\/posts\/:id\/",status_code="200"\} 3$/)).toBeDefined();
    expect(line(/^http_request_duration_seconds_count\{method="POST",route="\/api\/posts\/",status_code="201"\} 1$/)).toBeDefined();
    expect(text).not.toMatch(new RegExp(`route="/api/posts/${id}/`));
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/posts\/:id\/",status_code="200"\} \d+$/m,
    );
    // Three GETs under /api/, all served by the primary (there are no replicas).
    expect(Number(line(/^db_reads_total\{target="primary"\}/)!.split(' ')[1])).toBeGreaterThanOrEqual(3);
    expect(text).not.toMatch(/db_reads_total\{target="replica"\}/);
    expect(text).toMatch(/^# TYPE db_replica_lag_seconds gauge$/m);
    expect(text).not.toMatch(/^db_replica_lag_seconds\{/m);
    expect(text).toMatch(/^job_queue_depth\{queue="[^"]+"\} \d+$/m);
    expect(text).toMatch(/^sse_streams 0$/m);
    expect(text).toMatch(/^admission_gate_active \d+$/m);
    expect(text).toMatch(/^admission_gate_waiting 0$/m);
    expect(text).toMatch(/^moderation_open_cases 0$/m);
    expect(text).toMatch(/^grievances_overdue 0$/m);
    expect(Number(line(/^scam_shield_verdicts_total\{verdict="ok"\}/)!.split(' ')[1])).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^scam_shield_verdicts_total\{verdict="held"\} \d+$/m);
    // prom-client's process metrics.
    expect(text).toMatch(/^process_cpu_user_seconds_total \S+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \S+$/m);
  });

  it('answer 404 on the metrics listener for anything but GET /metrics', async () => {
    const { port } = measured.app.metricsAddress()!;
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

describe('migrations', () => {
  it('are applied one by one, each logged with its start, end and time', async () => {
    const lines: { message: string; fields: Record<string, unknown> }[] = [];
    const database = await openDatabase({
      pgliteDir: 'memory://',
      log: { info: (fields, message) => lines.push({ message, fields: fields as Record<string, unknown> }) },
    });
    await database.close();
    const tags = committedMigrations('drizzle').map((m) => m.tag);
    expect(lines.filter((l) => l.message === 'migration started').map((l) => l.fields.migration)).toEqual(tags);
    const applied = lines.filter((l) => l.message === 'migration applied');
    expect(applied.map((l) => l.fields.migration)).toEqual(tags);
    for (const line of applied) expect(typeof line.fields.ms).toBe('number');
    expect(lines.at(-1)).toMatchObject({ message: 'migrations committed', fields: { migrations: tags.length } });
  });

  it('name the tables each touches', () => {
    expect(
      tablesTouched([
        'CREATE TABLE "suspects" ("id" serial PRIMARY KEY);',
        'ALTER TABLE "posts" ADD COLUMN "x" int;',
        'CREATE INDEX "a_idx" ON "comments" USING btree ("x");',
        'UPDATE notifications SET code = 1 WHERE true;',
        'INSERT INTO "public"."circles" (id) VALUES (1);',
        'DROP TABLE IF EXISTS old_things;',
      ]),
    ).toEqual(['suspects', 'posts', 'comments', 'notifications', 'circles', 'old_things']);
  });
});
