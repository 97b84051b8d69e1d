import type { FastifyInstance } from 'fastify';
import { DEPENDENCY_RETRY_SECONDS } from '../http-errors.ts';

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { schema: { tags: ['health'], summary: 'Liveness and database check' } }, async (_request, reply) => {
    try {
      await app.ctx.database.ping();
      return { status: 'ok', database: app.ctx.database.driver };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.code(503).header('Retry-After', String(DEPENDENCY_RETRY_SECONDS)).send({ status: 'unavailable', database: app.ctx.database.driver });
    }
  });
}
