import type { FastifyInstance } from 'fastify';

export default async function postsRoutes(app: FastifyInstance) {
  void app;
}
