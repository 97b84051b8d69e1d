import type { FastifyInstance } from 'fastify';
import { createProfile, getProfile } from '../services/profile-service.ts';

const pages = {
  type: 'object',
  properties: {
    channels_page: { type: 'string', description: 'Page of `circles` (from 1)' },
    posts_page: { type: 'string', description: 'Page of `posts` (from 1)' },
  },
} as const;
const security = [{ bearer: [] }];

export default async function profileRoutes(app: FastifyInstance) {
  app.post(
    '/api/users/me/profile/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['profile'],
        summary: 'Create the signed-in person’s profile (idempotent): 201 the first time, then 200',
        querystring: pages,
        security,
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const created = await createProfile(app.ctx.db, userId);
      return reply.code(created ? 201 : 200).send(await getProfile(app.ctx.db, userId, request, app.ctx.verifications.profileVerifications));
    },
  );

  app.get(
    '/api/users/me/profile/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['profile'],
        summary: 'The signed-in person’s handle, colour, animal, identity chips, circles and posts',
        querystring: pages,
        security,
      },
    },
    async (request) => getProfile(app.ctx.db, request.user!.id, request, app.ctx.verifications.profileVerifications),
  );
}
