import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_DB_ID } from '../../lib/validation.ts';
import { HttpError, say } from '../platform/errors.ts';
import { paginate } from '../http/pagination.ts';
import { PAGE, documented, parseInput } from '../http/request-validation.ts';
import { TokenError } from '../services/accounts/index.ts';
import type { StreamOwner } from '../platform/notification-stream.ts';

const bearer = [{ bearer: [] }];

/** `{ids: [..]}` marks those read, `{all: true}` every one. */
const readBody = z.union([
  z.object({ all: z.literal(true, { errorMap: () => ({ message: 'Send {"all": true} or {"ids": [...]}.' }) }) }),
  z.object({
    ids: z
      .array(
        z.number({ invalid_type_error: 'A valid integer is required.' }).int('A valid integer is required.').positive().max(MAX_DB_ID),
        {
          required_error: 'Send {"all": true} or {"ids": [...]}.',
          invalid_type_error: 'Expected a list of notification ids.',
        },
      )
      .max(100, 'Ensure this field has no more than 100 elements.'),
  }),
]);

const streamQuery = z.object({ ticket: z.string().max(2000).optional().describe('A ticket from POST /api/notifications/stream/ticket/') });

/** How often an idle stream sends a comment line, so proxies keep it open. */
const KEEPALIVE_MS = 25_000;

const invalidTicket = () => new HttpError(401, { detail: say('errors.notifications.ticketInvalid'), code: 'ticket_not_valid' });

export default async function notificationRoutes(app: FastifyInstance) {
  const { notifications, notificationStream, tokens } = app.ctx.services;

  app.get(
    '/api/notifications/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications',
        description: 'Newest first, 10 a page: {id, kind, created_at, read, actor, post_id, comment_id, text}.',
        querystring: documented(z.object({}), PAGE),
        security: bearer,
      },
    },
    async (request) => paginate(request, await notifications.list(request.user!.id)),
  );

  app.get(
    '/api/notifications/unread-count/',
    {
      onRequest: app.requireUser,
      schema: { tags: ['notifications'], summary: 'How many are unread', description: '{count}', security: bearer },
    },
    async (request) => ({ count: await notifications.unreadCount(request.user!.id) }),
  );

  app.post(
    '/api/notifications/read/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Mark read',
        description:
          '{ids: [...]} marks those (ids of others’ notifications are ignored), {all: true} every one. Answers the unread {count} left.',
        body: documented(readBody),
        security: bearer,
      },
    },
    async (request) => {
      const input = parseInput(readBody, request.body);
      return { count: await notifications.markRead(request.user!.id, 'all' in input ? { all: true } : { ids: input.ids }) };
    },
  );

  app.post(
    '/api/notifications/stream/ticket/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'A ticket for the stream',
        description: 'EventSource cannot send a bearer header: this answers {ticket}, valid once, for 60 seconds, passed as `?ticket=`.',
        security: bearer,
      },
    },
    async (request) => ({ ticket: tokens.issueStreamTicket(request.user!.id, request.user!.sid) }),
  );

  /** The streaming member: a single-use `?ticket=`, or the usual bearer header. */
  async function streamUser(request: FastifyRequest): Promise<StreamOwner> {
    const { ticket } = parseInput(streamQuery, request.query);
    if (ticket === undefined) {
      await app.requireUser(request);
      return { userId: request.user!.id, sid: request.user!.sid };
    }
    try {
      return await tokens.redeemStreamTicket(ticket);
    } catch (error) {
      if (error instanceof TokenError) throw invalidTicket();
      throw error;
    }
  }

  app.get(
    '/api/notifications/stream/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Live notifications (Server-Sent Events)',
        description:
          'text/event-stream: a `count` event {count} at once and a `notification` event {count, notification} for each new one, ' +
          'from any server instance. Authenticate with the bearer header or `?ticket=`.',
        querystring: documented(streamQuery),
        security: bearer,
      },
    },
    async (request, reply) => {
      const owner = await streamUser(request);
      const { userId } = owner;
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: string, data: unknown) => {
        if (!out.writableEnded) out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      let ended = false;
      // Set once subscribed; the page may close before that.
      const subscription = { stop: () => {} };
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(keepalive);
        subscription.stop();
        if (!out.writableEnded) out.end();
      };
      const keepalive = setInterval(() => out.write(': keepalive\n\n'), KEEPALIVE_MS);
      keepalive.unref();
      request.raw.on('close', end);
      subscription.stop = await notificationStream.subscribe(owner, {
        onNotification: () => {
          void (async () => {
            const [count, latest] = await Promise.all([
              notifications.unreadCount(userId),
              notifications.list(userId).then((page) => page.load(1, 0)),
            ]);
            send('notification', { count, notification: latest[0] ?? null });
          })().catch((error) => request.log.error({ err: error }, 'notification stream update failed'));
        },
        onClose: end,
      });
      if (ended) subscription.stop();
      out.write('retry: 2000\n\n');
      send('count', { count: await notifications.unreadCount(userId) });
    },
  );
}
