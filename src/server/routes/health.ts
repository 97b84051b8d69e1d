import type { FastifyInstance } from 'fastify';
import { DEPENDENCY_RETRY_SECONDS } from '../http-errors.ts';

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { schema: { tags: ['health'], summary: 'Liveness and database check' } }, async (_request, reply) => {
    // A gate that admits nothing (every turn held, none given back for half a minute) fails the check: every gated
    // call would answer 503 while the pages stay up.
    const gate = app.admissionGate.status;
    if (!gate.admitting) {
      app.log.error({ gate }, 'health check failed: the request gate admits nothing');
      return reply.code(503).header('Retry-After', String(DEPENDENCY_RETRY_SECONDS)).send({ status: 'unavailable', database: app.ctx.database.driver, gate });
    }
    try {
      await app.ctx.database.ping();
      return { status: 'ok', database: app.ctx.database.driver, gate };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.code(503).header('Retry-After', String(DEPENDENCY_RETRY_SECONDS)).send({ status: 'unavailable', database: app.ctx.database.driver, gate });
    }
  });
}
