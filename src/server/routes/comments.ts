import type { FastifyInstance } from 'fastify';

export default async function commentsRoutes(app: FastifyInstance) {
  void app;
}
