import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_DESCRIPTION_MAX,
  GRIEVANCE_LINK_MAX,
  type GrievanceCategory,
} from '../../lib/grievance-rules.ts';
import { choice, emailSchema, requiredString, stringField } from '../../lib/validation.ts';
import { detail } from '../http-errors.ts';
import { parseInput } from '../request-validation.ts';
import { GRIEVANCE_NOT_FOUND } from '../services/grievance-service.ts';
import { enforceLimit, rateLimiterFor } from '../services/rate-limit.ts';

const fileBody = z.object({
  category: choice(Object.keys(GRIEVANCE_CATEGORIES) as GrievanceCategory[]),
  content_link: requiredString({ max: GRIEVANCE_LINK_MAX }),
  description: requiredString({ max: GRIEVANCE_DESCRIPTION_MAX }),
  email: emailSchema,
});

const trackQuery = z.object({ key: stringField().max(200).default('') });

/** The site's own address for links in answers and mails: PUBLIC_SITE_URL, else where the request came in. */
export const siteOrigin = (request: FastifyRequest, publicSiteUrl?: string) =>
  (publicSiteUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

const ticketParam = { type: 'object', properties: { ticket: { type: 'string' } } } as const;

export default async function grievanceRoutes(app: FastifyInstance) {
  const limiter = rateLimiterFor(app);
  const { config, grievances } = app.ctx;

  app.post(
    '/api/grievances/',
    {
      schema: {
        tags: ['grievances'],
        summary: 'File a complaint with the grievance officer (anyone, signed in or not)',
        description:
          'Answers 201 {ticket, tracking_url}; the tracking link carries a private key and is also mailed to the complainant, ' +
          'whose address is stored sealed. Acknowledged within 24 hours, resolved within 15 days; non-consensual intimate ' +
          `imagery within 24 hours. Categories: ${Object.keys(GRIEVANCE_CATEGORIES).join(', ')}.`,
        body: {
          type: 'object',
          properties: {
            category: { type: 'string', enum: Object.keys(GRIEVANCE_CATEGORIES) },
            content_link: { type: 'string', maxLength: GRIEVANCE_LINK_MAX },
            description: { type: 'string', maxLength: GRIEVANCE_DESCRIPTION_MAX },
            email: { type: 'string', maxLength: 254 },
          },
        },
      },
    },
    async (request, reply) => {
      const input = parseInput(fileBody, request.body);
      await enforceLimit(limiter, {
        key: `grievance-ip:${request.ip}`,
        limit: config.contact.perIpPerWindow,
        windowMs: config.contact.windowMs,
        message: 'Too many complaints from this network.',
      });
      const origin = siteOrigin(request, config.publicSiteUrl);
      const filed = await grievances.file(
        { category: input.category, contentLink: input.content_link, description: input.description, email: input.email },
        (ticket, key) => `${origin}/grievance/track?ticket=${encodeURIComponent(ticket)}&key=${encodeURIComponent(key)}`,
      );
      return reply.code(201).send({ ticket: filed.ticket, tracking_url: filed.trackingUrl });
    },
  );

  app.get(
    '/api/grievances/:ticket/',
    {
      schema: {
        tags: ['grievances'],
        summary: 'A grievance’s status and history, for the holder of its tracking key',
        description: 'An unknown ticket or a wrong key answers 404 "Grievance not found."',
        params: ticketParam,
        querystring: { type: 'object', properties: { key: { description: 'The key from the tracking link' } } },
      },
    },
    async (request) => {
      const { ticket } = request.params as { ticket: string };
      const { key } = parseInput(trackQuery, request.query);
      const found = key ? await grievances.track(ticket.toUpperCase(), key) : null;
      if (!found) throw detail(404, GRIEVANCE_NOT_FOUND);
      return found;
    },
  );

}
