import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../http/request-validation.ts';

/** At most this many institutions per search: the picker shows a short list as the person types. */
const SEARCH_LIMIT = 20;
const query = z.object({ q: z.string().max(200).optional() });

/** The institution table, searchable by name or mail domain, for the "Who can join" picker. */
export default async function institutionRoutes(app: FastifyInstance) {
  app.get(
    '/api/institutions/',
    {
      schema: {
        tags: ['verifications'],
        summary: 'Institutions whose name, short name or mail domain contains q (at most 20): {label, name, domain}',
        querystring: { type: 'object', properties: { q: { type: 'string' } } },
      },
    },
    async (request) => {
      const q = (parseInput(query, request.query).q ?? '').trim().toLowerCase();
      const found = q
        ? app.ctx.services.institutions.all.filter(
            (institution) =>
              institution.label.toLowerCase().includes(q) ||
              institution.name.toLowerCase().includes(q) ||
              institution.domains.some((domain) => domain.includes(q)),
          )
        : [];
      const results = found.slice(0, SEARCH_LIMIT).map(({ label, name, domain }) => ({ label, name, domain }));
      return { count: results.length, next: null, previous: null, results };
    },
  );
}
