import type { FastifyInstance } from 'fastify';

export default async function authRoutes(app: FastifyInstance) {
  void app;
}
