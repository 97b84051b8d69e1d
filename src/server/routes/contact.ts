import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requiredString } from '../../lib/validation.ts';
import { documented, parseInput } from '../http/request-validation.ts';
import { CONTACT_RECEIVED } from '../services/grievances/index.ts';
import { enforceLimit } from '../platform/rate-limit.ts';

export const CONTACT_MESSAGE_MAX = 5000;
// The spec's form checks only that the e-mail is present, so the server takes any text rather than lose the message.
const contactBody = z.object({ email: requiredString({ max: 254 }), message: requiredString({ max: CONTACT_MESSAGE_MAX }) });

export default async function contactRoutes(app: FastifyInstance) {
  const { rateLimiter: limiter, contact: messages } = app.ctx.services;
  const { contact } = app.ctx.config;

  app.post(
    '/api/contact/',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to support (stored, then mailed to SUPPORT_EMAIL with Reply-To the sender)',
        description: `Limited to ${contact.perIpPerWindow} messages per IP per ${contact.windowMs / 60_000} minutes (429 with Retry-After).`,
        body: documented(contactBody),
        response: { 201: { type: 'object', properties: { detail: { type: 'string' } } } },
      },
    },
    async (request, reply) => {
      const input = parseInput(contactBody, request.body);
      await enforceLimit(limiter, {
        key: `contact-ip:${request.ip}`,
        limit: contact.perIpPerWindow,
        windowMs: contact.windowMs,
        message: 'Too many messages from this network.',
      });
      await messages.receive(input);
      return reply.code(201).send({ detail: CONTACT_RECEIVED });
    },
  );
}
