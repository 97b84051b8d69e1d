import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/** OpenAPI document built from the routes' schemas, with its UI at /api/docs (JSON at /api/docs/json). */
async function docsRoutes(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Bharat Square API',
        version: '1.0.0',
        description: 'Verified-yet-anonymous public square: sign-in, circles, posts, comments, search.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export default fp(docsRoutes, { name: 'docs' });
