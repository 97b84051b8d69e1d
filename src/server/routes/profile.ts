import type { FastifyInstance } from 'fastify';

export default async function profileRoutes(app: FastifyInstance) {
  void app;
}
