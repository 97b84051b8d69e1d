import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paginate } from '../http/pagination.ts';
import { PAGE, documented } from '../http/request-validation.ts';

/**
 * A member's scheduled posts: made with `publish_at` on POST /api/posts/, changed and cancelled by PATCH and DELETE
 * /api/posts/{id}/ until the job publishes them; private to them.
 */
export default async function scheduledRoutes(app: FastifyInstance) {
  const { scheduled } = app.ctx.services;
  app.get(
    '/api/users/me/scheduled/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Your scheduled posts, most recently changed first',
        description:
          'Paged<Post>, each with `status: "scheduled"` and `publish_at`; `publish_refused: true` on one whose publish ' +
          'the checks refused (it waits for a new time or a cancel).',
        querystring: documented(z.object({}), PAGE),
        security: [{ bearer: [] }],
      },
    },
    async (request) => paginate(request, scheduled.list(request.user!.id)),
  );
}
