import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseId, positiveId } from '../../lib/validation.ts';
import { paginate } from '../http/pagination.ts';
import { PAGE, documented, parseInput } from '../http/request-validation.ts';

const security = [{ bearer: [] }];
const saveBody = z.object({ post: positiveId.describe('The id of the post to save') });
const pageQuery = z.object({});

/** A member's saved posts (bookmarks): private to them, newest saved first. */
export default async function savedRoutes(app: FastifyInstance) {
  const { posts, writing } = app.ctx.services;
  /** A post id in the path that cannot be one answers as the router would, before any sign-in check. */
  const idInPath = async (request: FastifyRequest, reply: FastifyReply) => {
    if (parseId((request.params as { post_id?: string }).post_id) === null) return app.apiNotFound(request, reply);
  };

  app.get(
    '/api/users/me/saved/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Your saved posts, newest saved first',
        description: 'Paged<Post> (keyset paged: follow `next`); posts you can no longer see are left out.',
        querystring: documented(pageQuery, PAGE),
        security,
      },
    },
    async (request) => paginate(request, await posts.listSaved(request.user!.id)),
  );

  app.post(
    '/api/users/me/saved/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['posts'],
        summary: 'Save a post: 201, or 200 when already saved',
        description: '{post}: a post you can see (404 otherwise). Answers the Post with `saved: true`.',
        body: { type: 'object', properties: { post: { type: 'integer' } } },
        security,
      },
    },
    async (request, reply) => {
      const input = parseInput(saveBody, request.body);
      // Saving is a write like a reaction: counted against the same limit, refused while suspended.
      await writing.admit({ writer: request.user!, limit: 'reaction', target: { postId: input.post } });
      const { post, created } = await posts.save(request.user!.id, input.post);
      return reply.code(created ? 201 : 200).send(post);
    },
  );

  app.delete(
    '/api/users/me/saved/:post_id/',
    {
      onRequest: [idInPath, app.requireUser],
      schema: {
        tags: ['posts'],
        summary: 'Take a post off your saved list: 204',
        params: { type: 'object', properties: { post_id: { type: 'string' } } },
        security,
      },
    },
    async (request, reply) => {
      const postId = parseId((request.params as { post_id: string }).post_id)!;
      // Not counted, as taking a reaction back is not; the gate still applies the suspensions.
      await writing.admit({ writer: request.user!, limit: null, target: { postId } });
      await posts.unsave(request.user!.id, postId);
      return reply.code(204).send();
    },
  );
}
