import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NOT_A_STRING } from '../../lib/validation.ts';
import { documented } from '../request-validation.ts';

const searchQuery = z.object({ q: z.string({ invalid_type_error: NOT_A_STRING }).optional() });

export default async function searchRoutes(app: FastifyInstance) {
  app.get(
    '/api/posts/search/',
    {
      // Documented for /api/docs; zod validates so errors keep DRF's shape.
      preHandler: app.optionalUser,
      schema: {
        tags: ['search'],
        summary: 'Full-text search over posts, channels and comments (prefix matching, ranked, at most 10 each)',
        description:
          'Only posts and comments the caller may read (public circles, or circles the caller is a member of). ' +
          'A blank query, or one with nothing searchable in it, answers three empty lists.',
        querystring: documented(searchQuery),
      },
    },
    async (request) => {
      const { q = '' } = searchQuery.parse(request.query ?? {});
      return { search: await app.ctx.services.search.search(request.user?.id ?? null, q) };
    },
  );
}
