import type { FastifyInstance } from 'fastify';

export default async function tokensRoutes(app: FastifyInstance) {
  void app;
}
