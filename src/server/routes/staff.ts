import type { FastifyInstance } from 'fastify';
import { notFound } from '../platform/errors.ts';

const security = [{ bearer: [] }];

/**
 * The staff API. Every path under /api/staff/ (an unknown one included) answers 401 without credentials and
 * 403 for anyone without a staff role, so nothing about the staff area shows to others. Queues add their
 * routes in their own modules with `onRequest: app.requireStaff`.
 */
export default async function staffRoutes(app: FastifyInstance) {
  app.get(
    '/api/staff/me/',
    {
      onRequest: app.requireStaff,
      schema: { tags: ['staff'], summary: 'The signed-in staff member’s handle and role', security },
    },
    async (request) => ({ username: request.user!.username, role: request.staffRole }),
  );

  app.all('/api/staff/*', { onRequest: app.requireStaff, schema: { hide: true } }, async () => {
    throw notFound();
  });
}
