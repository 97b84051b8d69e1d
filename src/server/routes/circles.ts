import type { FastifyInstance } from 'fastify';

export default async function circlesRoutes(app: FastifyInstance) {
  void app;
}
