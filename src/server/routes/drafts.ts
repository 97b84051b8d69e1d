import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { draftSchema, parseId } from '../../lib/validation.ts';
import { MAX_DRAFTS } from '../../lib/validation-rules.ts';
import { paginate } from '../http/pagination.ts';
import { PAGE, documented, parseInput } from '../http/request-validation.ts';

const security = [{ bearer: [] }];
const pageQuery = z.object({});
const draftBody = {
  type: 'object',
  properties: { circle: { type: ['integer', 'null'] }, title: { type: 'string' }, description: { type: 'string' } },
};

/** A member's drafts: saved as they type in the create-post screen, private to them (another's draft is not found). */
export default async function draftsRoutes(app: FastifyInstance) {
  const { drafts } = app.ctx.services;
  const idOf = (request: FastifyRequest) => parseId((request.params as { id?: string }).id);
  /** An id in the path that cannot be one answers as the router would, before any sign-in check. */
  const idInPath = async (request: FastifyRequest, reply: FastifyReply) => {
    if (idOf(request) === null) return app.apiNotFound(request, reply);
  };

  app.get(
    '/api/users/me/drafts/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Your drafts, most recently changed first',
        description:
          'Paged<Draft>: {id, circle: {id, name} | null, title, description, updated_at}; one page holds all 50 a member may keep.',
        querystring: documented(pageQuery, PAGE),
        security,
      },
    },
    // A member keeps at most MAX_DRAFTS: one page holds them all.
    async (request) => paginate(request, { ...(await drafts.list(request.user!.id)), pageSize: MAX_DRAFTS }),
  );

  app.post(
    '/api/users/me/drafts/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Start a draft: 201 the Draft',
        description: `{circle?, title?, description?}: the same limits as a post's; at most 50 drafts.`,
        body: draftBody,
        security,
      },
    },
    async (request, reply) => reply.code(201).send(await drafts.create(request.user!.id, parseInput(draftSchema, request.body))),
  );

  app.get(
    '/api/users/me/drafts/:id/',
    {
      onRequest: [idInPath, app.requireUser],
      schema: {
        tags: ['posts'],
        summary: 'One of your drafts',
        params: { type: 'object', properties: { id: { type: 'string' } } },
        security,
      },
    },
    async (request) => drafts.get(request.user!.id, idOf(request)!),
  );

  app.put(
    '/api/users/me/drafts/:id/',
    {
      onRequest: [idInPath, app.requireUser],
      schema: {
        tags: ['posts'],
        summary: 'Change a draft: the fields given',
        params: { type: 'object', properties: { id: { type: 'string' } } },
        body: draftBody,
        security,
      },
    },
    async (request) => drafts.update(request.user!.id, idOf(request)!, parseInput(draftSchema, request.body)),
  );

  app.delete(
    '/api/users/me/drafts/:id/',
    {
      onRequest: [idInPath, app.requireUser],
      schema: {
        tags: ['posts'],
        summary: 'Delete a draft: 204',
        params: { type: 'object', properties: { id: { type: 'string' } } },
        security,
      },
    },
    async (request, reply) => {
      await drafts.remove(request.user!.id, idOf(request)!);
      return reply.code(204).send();
    },
  );
}
