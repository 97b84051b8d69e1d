import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { countOpenCases } from '../services/moderation/index.ts';
import { countOverdueGrievances } from '../services/grievances/index.ts';
import { observeVerdicts } from '../services/safety/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener's address once it listens (null without METRICS_PORT). */
    metricsAddress: () => AddressInfo | null;
  }
}

/**
 * Prometheus metrics (prom-client) on a listener of their own (METRICS_PORT, bound to METRICS_HOST, 127.0.0.1 by
 * default), never on the public port: the public app has no /metrics route. Without METRICS_PORT nothing is measured.
 *
 * Each app has its own registry (several apps live in one test process). Figures that live in the database (open
 * reports, overdue grievances, the job queues' depth) are read when Prometheus scrapes, each with one indexed query.
 */
export default fp(async function metricsPlugin(app: FastifyInstance) {
  let server: http.Server | null = null;
  app.decorate('metricsAddress', () => (server?.address() as AddressInfo | null) ?? null);
  const settings = app.ctx.config.metrics;
  if (!settings) return;

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { services, db } = app.ctx;

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const reads = new Counter({
    name: 'db_reads_total',
    help: 'API requests that only read (GET or HEAD), by the database that served them (primary or replica)',
    labelNames: ['target'] as const,
    registers: [registry],
  });
  // The series exist from the start: the primary's, and the replicas' when there are any (DATABASE_REPLICA_URLS).
  reads.inc({ target: 'primary' }, 0);
  if (app.ctx.database.replicas) reads.inc({ target: 'replica' }, 0);
  new Gauge({
    name: 'db_replica_lag_seconds',
    help: 'How far each read replica is behind the primary (-1 while it does not answer); no series without replicas',
    labelNames: ['replica'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const replica of app.ctx.database.replicas?.status() ?? []) this.set({ replica: replica.name }, replica.lagSeconds ?? -1);
    },
  });
  const verdicts = new Counter({
    name: 'scam_shield_verdicts_total',
    help: 'Writing screened by the scam shield, by verdict (ok, warn, held)',
    labelNames: ['verdict'] as const,
    registers: [registry],
  });
  for (const verdict of ['ok', 'warn', 'held']) verdicts.inc({ verdict }, 0);
  const stopObserving = observeVerdicts((verdict) => verdicts.inc({ verdict }));

  const log = app.log;
  /** A figure the database could not give is left out of this scrape (and logged) rather than failing the whole scrape. */
  const fromDatabase = async (what: string, read: () => Promise<void>) => {
    try {
      await read();
    } catch (error) {
      log.warn({ err: error, metric: what }, 'metric not read');
    }
  };

  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting to run (created or waiting for a retry), by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      await fromDatabase('job_queue_depth', async () => {
        for (const [queue, depth] of Object.entries(await services.jobs.depths())) this.set({ queue }, depth);
      });
    },
  });
  new Gauge({
    name: 'sse_streams',
    help: 'Live notification streams open on this instance',
    registers: [registry],
    collect() {
      this.set(services.notificationStream.openStreams);
    },
  });
  new Gauge({
    name: 'admission_gate_active',
    help: 'API requests inside the request gate (holding a database turn)',
    registers: [registry],
    collect() {
      this.set(app.admissionGate.status.active);
    },
  });
  new Gauge({
    name: 'admission_gate_waiting',
    help: 'API requests waiting in line at the request gate',
    registers: [registry],
    collect() {
      this.set(app.admissionGate.status.waiting);
    },
  });
  new Gauge({
    name: 'moderation_open_cases',
    help: 'Open reports: moderation cases waiting for a moderator',
    registers: [registry],
    async collect() {
      await fromDatabase('moderation_open_cases', async () => {
        this.set(await countOpenCases(db));
      });
    },
  });
  new Gauge({
    name: 'grievances_overdue',
    help: 'Open grievances past their IT Rules deadline (acknowledgement or resolution)',
    registers: [registry],
    async collect() {
      await fromDatabase('grievances_overdue', async () => {
        this.set(await countOverdueGrievances(db));
      });
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/posts/:id/), never the URL: ids and query strings would make a series per request.
    const route = request.routeOptions.url ?? '(unmatched)';
    duration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    // A read that could use a replica counts where it went; any other read under /api/ was the primary's.
    if (request.readScope?.chosen) reads.inc({ target: request.readScope.chosen.target });
    else if ((request.method === 'GET' || request.method === 'HEAD') && request.url.startsWith('/api/')) reads.inc({ target: 'primary' });
  });

  server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  const listening = server;
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(settings.port, settings.host, () => resolve());
    });
    const address = listening.address() as AddressInfo;
    log.info(`Metrics at http://${address.address}:${address.port}/metrics`);
  });
  app.addHook('onClose', async () => {
    stopObserving();
    if (listening.listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
  });
});
