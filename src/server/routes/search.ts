import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NOT_A_STRING, choice } from '../../lib/validation.ts';
import { documented, parseInput } from '../http/request-validation.ts';
import { SEARCH_SORTS, searchLocaleWarning } from '../services/search/index.ts';

const searchQuery = z.object({
  q: z.string({ invalid_type_error: NOT_A_STRING }).optional(),
  sort: z.preprocess((v) => (v === '' ? undefined : v), choice(SEARCH_SORTS).optional()),
});

export default async function searchRoutes(app: FastifyInstance) {
  // PostgreSQL only: PGlite's locale is fixed (C.UTF-8).
  app.addHook('onReady', async () => {
    if (app.ctx.database.driver !== 'postgres') return;
    const warning = await searchLocaleWarning(app.ctx.db);
    if (warning) app.log.warn(warning);
  });
  app.get(
    '/api/posts/search/',
    {
      // Documented for /api/docs; zod validates so errors keep DRF's shape.
      preHandler: app.optionalUser,
      schema: {
        tags: ['search'],
        summary:
          'Search posts, channels and comments across scripts (prefix words, Hindi stems, then the romanised skeleton; at most 10 each)',
        description:
          'Only posts and comments the caller may read (public circles, or circles the caller is a member of). ' +
          '`sort=relevant` (the default) ranks, `sort=new` lists the newest first. Each result carries `highlights`, ' +
          'the matched words as [start, end) offsets into its texts; `transliterated` is the query as matched in the ' +
          'other script, or null. A blank query, or one with nothing searchable in it, answers three empty lists.',
        querystring: documented(searchQuery),
      },
    },
    async (request) => {
      const { q = '', sort = 'relevant' } = parseInput(searchQuery, request.query ?? {});
      return app.ctx.services.search.search(request.user?.id ?? null, q, sort);
    },
  );
}
