import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NOT_A_STRING } from '../../lib/validation.ts';
import { paginate } from '../http/pagination.ts';
import { parseInput } from '../http/request-validation.ts';
import { MAX_MUTED_WORD_LENGTH, MAX_MUTED_WORDS } from '../services/accounts/index.ts';

const security = [{ bearer: [] }];
const username = z
  .string({ required_error: 'This field is required.', invalid_type_error: NOT_A_STRING })
  .trim()
  .min(1, 'This field may not be blank.')
  .max(150);
const blockBody = z.object({ username });
const mutedWordsBody = z.object({
  words: z
    .array(
      z
        .string({ invalid_type_error: NOT_A_STRING })
        .max(MAX_MUTED_WORD_LENGTH, `Ensure each word has no more than ${MAX_MUTED_WORD_LENGTH} characters.`),
      { required_error: 'This field is required.', invalid_type_error: 'Expected a list of words.' },
    )
    .max(MAX_MUTED_WORDS, `Ensure this field has no more than ${MAX_MUTED_WORDS} words.`),
});

export default async function memberSafetyRoutes(app: FastifyInstance) {
  const { memberSafety } = app.ctx.services;

  app.get(
    '/api/users/me/blocks/',
    {
      onRequest: app.requireUser,
      schema: { tags: ['safety'], summary: 'Members the signed-in person blocked, newest first, paged', security },
    },
    async (request) => paginate(request, await memberSafety.listBlocks(request.user!.id)),
  );

  app.post(
    '/api/users/me/blocks/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['safety'],
        summary: 'Block a member by handle: 201, or 200 when already blocked',
        description: 'Their posts and comments disappear for you everywhere, and they cannot comment on your posts.',
        body: { type: 'object', properties: { username: { type: 'string' } } },
        security,
      },
    },
    async (request, reply) => {
      const input = parseInput(blockBody, request.body);
      const { block, created } = await memberSafety.block(request.user!.id, input.username);
      return reply.code(created ? 201 : 200).send(block);
    },
  );

  app.delete(
    '/api/users/me/blocks/:username/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['safety'],
        summary: 'Unblock a member: 204',
        params: { type: 'object', properties: { username: { type: 'string' } } },
        security,
      },
    },
    async (request, reply) => {
      const { username: name } = parseInput(blockBody, request.params);
      await memberSafety.unblock(request.user!.id, name);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/users/me/muted-words/',
    { onRequest: app.requireUser, schema: { tags: ['safety'], summary: 'Words whose posts collapse for the signed-in person', security } },
    async (request) => ({ words: await memberSafety.getMutedWords(request.user!.id) }),
  );

  app.put(
    '/api/users/me/muted-words/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['safety'],
        summary: 'Replace the muted words; the answer is the cleaned list (trimmed, lower case, each once)',
        body: { type: 'object', properties: { words: { type: 'array', items: { type: 'string' } } } },
        security,
      },
    },
    async (request) => {
      const input = parseInput(mutedWordsBody, request.body);
      return { words: await memberSafety.setMutedWords(request.user!.id, input.words) };
    },
  );
}
