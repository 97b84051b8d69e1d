import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_PUSH_SUBSCRIPTIONS, PUSH_KINDS } from '../../lib/push-rules.ts';
import { endpointQuery, subscriptionSchema } from '../services/push/index.ts';
import { paginate } from '../http/pagination.ts';
import { documented, parseInput } from '../http/request-validation.ts';

const security = [{ bearer: [] }];
const subscriptionBody = {
  type: 'object',
  properties: {
    endpoint: { type: 'string', description: 'The push service URL the browser gave (https)' },
    keys: { type: 'object', properties: { p256dh: { type: 'string' }, auth: { type: 'string' } } },
    kinds: { type: 'array', items: { type: 'string', enum: [...PUSH_KINDS] } },
    quiet_hours: {
      type: ['object', 'null'],
      properties: { start: { type: 'string', example: '22:00' }, end: { type: 'string', example: '07:00' }, time_zone: { type: 'string' } },
    },
  },
};

/** Web Push: the server's public key, and the member's subscriptions (one per browser with push notifications on). */
export default async function pushRoutes(app: FastifyInstance) {
  const { push, pushSubscriptions } = app.ctx.services;
  const schema = subscriptionSchema(app.ctx.config.push.allowHosts);

  app.get(
    '/api/push/key/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The VAPID public key browsers subscribe with',
        description: '{public_key}: base64url, the applicationServerKey for PushManager.subscribe().',
      },
    },
    async () => ({ public_key: push.publicKey }),
  );

  app.get(
    '/api/users/me/push-subscriptions/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Your browsers with push notifications on, oldest first',
        description: `Paged<{endpoint, kinds, quiet_hours, created_at, updated_at}>: one page holds all ${MAX_PUSH_SUBSCRIPTIONS}.`,
        querystring: documented(z.object({})),
        security,
      },
    },
    async (request) => paginate(request, { ...(await pushSubscriptions.list(request.user!.id)), pageSize: MAX_PUSH_SUBSCRIPTIONS }),
  );

  app.post(
    '/api/users/me/push-subscriptions/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Turn push notifications on in a browser: 201 new, 200 when that endpoint was subscribed already (updated)',
        description:
          `{endpoint, keys: {p256dh, auth}, kinds: [${PUSH_KINDS.map((kind) => `"${kind}"`).join(', ')}], quiet_hours?: {start: "22:00", end: "07:00", time_zone}}. ` +
          `The endpoint must be https on a public host; pushes inside quiet hours wait for their end. At most ${MAX_PUSH_SUBSCRIPTIONS} per member.`,
        body: subscriptionBody,
        security,
      },
    },
    async (request, reply) => {
      const input = parseInput(schema, request.body);
      const { subscription, created } = await pushSubscriptions.subscribe(request.user!.id, input, request.lang);
      return reply.code(created ? 201 : 200).send(subscription);
    },
  );

  app.delete(
    '/api/users/me/push-subscriptions/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Turn push notifications off in a browser: 204',
        description: '?endpoint=…: the subscription of that endpoint, if it is yours (204 also when there is none).',
        querystring: documented(endpointQuery),
        security,
      },
    },
    async (request, reply) => {
      const { endpoint } = parseInput(endpointQuery, request.query);
      await pushSubscriptions.unsubscribe(request.user!.id, endpoint);
      return reply.code(204).send();
    },
  );
}
