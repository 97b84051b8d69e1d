import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEPENDENCY_RETRY_SECONDS } from '../platform/errors.ts';
import { acceptsWrites, committedMigrations, lastAppliedAt, migrationsFolder } from '../operate/migrations.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by main.ts at SIGTERM: /readyz fails from then on, so the load balancer sends no new requests here. */
    readiness: { draining: boolean };
  }
}

/** A readiness check that has not answered in this long has failed. */
const CHECK_TIMEOUT_MS = 2000;

type CheckName = 'database' | 'migrations' | 'jobs' | 'gate';

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * /api/health (kept as it was), and the two probes an orchestrator or load balancer reads: /livez (the process
 * answers) and /readyz (this instance can serve: the database takes writes, its migrations are current, the job
 * queue answers and the request gate admits; and it is not shutting down). Neither is under /api/, so neither waits
 * in the request gate's line (plugins/admission.ts gates /api/ only), and neither is in the API's documentation.
 */
export default fp(async function healthRoutes(app: FastifyInstance) {
  app.decorate('readiness', { draining: false });
  const lastMigration = committedMigrations(migrationsFolder).at(-1)?.when ?? 0;

  app.get('/api/health', { schema: { tags: ['health'], summary: 'Liveness and database check' } }, async (_request, reply) => {
    // A gate that admits nothing (every turn held, none given back for half a minute) fails the check: every gated
    // call would answer 503 while the pages stay up.
    const gate = app.admissionGate.status;
    if (!gate.admitting) {
      app.log.error({ gate }, 'health check failed: the request gate admits nothing');
      return reply
        .code(503)
        .header('Retry-After', String(DEPENDENCY_RETRY_SECONDS))
        .send({ status: 'unavailable', database: app.ctx.database.driver, gate });
    }
    try {
      await app.ctx.database.ping();
      return { status: 'ok', database: app.ctx.database.driver, gate };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply
        .code(503)
        .header('Retry-After', String(DEPENDENCY_RETRY_SECONDS))
        .send({ status: 'unavailable', database: app.ctx.database.driver, gate });
    }
  });

  app.get('/livez', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  const checks: Record<CheckName, () => Promise<void>> = {
    // A write the database must accept (a read-only replica or a read-only transaction refuses it), rolled back.
    database: () => acceptsWrites(app.ctx.db),
    migrations: async () => {
      const applied = await lastAppliedAt(app.ctx.database.executeSql);
      if (applied === null || applied < lastMigration) throw new Error('migrations pending');
    },
    jobs: () => app.ctx.services.jobs.ping(),
    gate: async () => {
      if (!app.admissionGate.status.admitting) throw new Error('the request gate admits nothing');
    },
  };

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (app.readiness.draining) {
      return reply
        .code(503)
        .header('Retry-After', String(DEPENDENCY_RETRY_SECONDS))
        .send({ status: 'draining', failed: ['draining'] });
    }
    const names = Object.keys(checks) as CheckName[];
    const outcomes = await Promise.allSettled(names.map((name) => withTimeout(checks[name]())));
    const failed = names.filter((_, i) => outcomes[i].status === 'rejected');
    const results = Object.fromEntries(names.map((name) => [name, failed.includes(name) ? 'failed' : 'ok']));
    if (!failed.length) return { status: 'ok', checks: results };
    app.log.error(
      { failed: Object.fromEntries(failed.map((name) => [name, String((outcomes[names.indexOf(name)] as PromiseRejectedResult).reason)])) },
      'readiness check failed',
    );
    return reply.code(503).header('Retry-After', String(DEPENDENCY_RETRY_SECONDS)).send({ status: 'unavailable', failed, checks: results });
  });
});
