import type { FastifyInstance } from 'fastify';

/** Seconds a browser or a cache may keep the figures: they are recomputed hourly anyway. */
const FIGURES_MAX_AGE = 3600;

export default async function siteFigureRoutes(app: FastifyInstance) {
  app.get(
    '/api/site/figures/',
    {
      schema: {
        tags: ['site'],
        summary: 'The landing page’s figures, computed from the database hourly; a figure that would be zero or misleading is null',
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', `public, max-age=${FIGURES_MAX_AGE}`);
      return app.ctx.services.siteFigures();
    },
  );
}
