import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import en from '../../locales/en.json' with { type: 'json' };
import { positiveId } from '../../lib/validation.ts';
import { detail, say } from '../platform/errors.ts';
import { paginate } from '../http/pagination.ts';
import { parseInput } from '../http/request-validation.ts';
import { createSuspectRegistry, type SuspectRow } from '../services/safety/index.ts';

const security = [{ bearer: [] }];
const idParams = z.object({ id: positiveId });

/** One registry entry as staff read it. */
const toIdentifier = (row: SuspectRow) => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  status: row.status,
  source_item:
    row.sourceCommentId !== null
      ? { kind: 'comment' as const, id: row.sourceCommentId }
      : row.sourcePostId !== null
        ? { kind: 'post' as const, id: row.sourcePostId }
        : null,
  created_at: row.createdAt.toISOString(),
});

/** The scam shield's staff endpoints: the suspect registry (identifiers taken from removed scams and reported ones). */
export default async function scamShieldRoutes(app: FastifyInstance) {
  const registry = createSuspectRegistry({
    db: app.ctx.db,
    autoHideReports: app.ctx.config.autoHideReports,
    identitySecret: app.ctx.config.identitySecret,
  });

  app.get(
    '/api/staff/scam-identifiers/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The suspect registry (staff)',
        description:
          'Identifiers (upi, phone, url, domain, telegram, whatsapp) taken from items staff removed as scams (`registered`: later items carrying one are held) ' +
          'or reported as scams by AUTO_HIDE_REPORTS members (`suspected`: later items are warned about). Newest first.',
        querystring: { type: 'object', properties: { page: { description: 'Page number, from 1' } } },
        security,
      },
    },
    async (request) => {
      const source = await registry.list();
      return paginate(request, {
        count: source.count,
        load: async (limit, offset) => (await source.load(limit, offset)).map(toIdentifier),
      });
    },
  );

  app.delete(
    '/api/staff/scam-identifiers/:id/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Take an identifier off the suspect registry (staff)',
        description: '204; 404 when there is no identifier with this id. Items it held stay held until staff release them.',
        params: { type: 'object', properties: { id: { type: 'integer' } } },
        security,
      },
    },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      if (!(await registry.remove(id))) throw detail(404, en.api.scamIdentifierNotFound);
      return reply.code(204).send();
    },
  );

  const teacher = app.ctx.services.shieldTeacher;

  app.get(
    '/api/staff/scam-shield/models/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The scam model versions (staff), newest first',
        description:
          "Each retraining's candidate with its precision and recall on the frozen split and the number of staff decisions it learnt from; " +
          '`status` active (every instance scores with it), kept (was active) or refused (worse than the active one; `note` says how).',
        querystring: { type: 'object', properties: { page: { description: 'Page number, from 1' } } },
        security,
      },
    },
    async (request) => paginate(request, await teacher.versions()),
  );

  app.post(
    '/api/staff/scam-shield/models/:id/activate/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Make a model version the active one (rollback); every instance switches',
        params: { type: 'object', properties: { id: { type: 'string' } } },
        security,
      },
    },
    async (request) => {
      const { id } = parseInput(idParams, request.params);
      const version = await teacher.activate(id);
      if (!version) throw detail(404, say('errors.safety.modelNotFound'));
      return version;
    },
  );
}
