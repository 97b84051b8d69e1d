import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_DESCRIPTION_MAX,
  GRIEVANCE_LINK_MAX,
  GRIEVANCE_ACTIONS,
  type GrievanceAction,
  type GrievanceCategory,
} from '../../lib/grievance-rules.ts';
import { choice, emailSchema, requiredString, stringField } from '../../lib/validation.ts';
import { isWebLink } from '../../lib/validation-rules.ts';
import en from '../../locales/en.json' with { type: 'json' };
import { detail } from '../platform/errors.ts';
import { parseInput } from '../http/request-validation.ts';
import { GRIEVANCE_NOT_FOUND } from '../services/grievances/index.ts';
import { paginate } from '../http/pagination.ts';
import type { Config } from '../config.ts';
import { enforceLimit } from '../platform/rate-limit.ts';

const fileBody = z.object({
  category: choice(Object.keys(GRIEVANCE_CATEGORIES) as GrievanceCategory[]),
  // Staff open this link from their queue: only a web address, never a script or a data URL.
  content_link: requiredString({ max: GRIEVANCE_LINK_MAX }).refine(isWebLink, en.api.webLink),
  description: requiredString({ max: GRIEVANCE_DESCRIPTION_MAX }),
  email: emailSchema,
});

const staffListQuery = z.object({
  status: z.preprocess((v) => (v === undefined || v === '' ? 'open' : v), choice(['open', 'closed'] as const)),
});

const statusBody = z.object({
  status: choice(['acknowledged', 'resolved', 'rejected'] as const),
  note: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    stringField().trim().max(GRIEVANCE_DESCRIPTION_MAX, `Ensure this field has no more than ${GRIEVANCE_DESCRIPTION_MAX} characters.`),
  ),
  action_taken: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    choice(Object.keys(GRIEVANCE_ACTIONS) as GrievanceAction[]).optional(),
  ),
});

/** A calendar month, 'YYYY-MM'; the current month when missing. */
const reportQuery = z.object({
  month: z.preprocess(
    (v) => (v === undefined || v === '' ? new Date().toISOString().slice(0, 7) : v),
    stringField().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM.'),
  ),
});

/** Any malformed key (an array, an object, too long) is a key that opens nothing: the same 404 as a wrong one. */
const trackQuery = z.object({ key: z.preprocess((v) => (typeof v === 'string' && v.length <= 200 ? v : ''), z.string()) });

/**
 * The site's own address for links in answers and mails: PUBLIC_SITE_URL, else where this server listens.
 * Never the request's Host header, which anyone can set (a mailed link to evil.example).
 */
export const siteOrigin = (config: Pick<Config, 'publicSiteUrl' | 'host' | 'port'>) => {
  if (config.publicSiteUrl) return config.publicSiteUrl.replace(/\/+$/, '');
  const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;
  return `http://${host}:${config.port}`;
};

const ticketParam = { type: 'object', properties: { ticket: { type: 'string' } } } as const;

export default async function grievanceRoutes(app: FastifyInstance) {
  const { config } = app.ctx;
  const { rateLimiter: limiter, grievances } = app.ctx.services;

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
      const origin = siteOrigin(config);
      const filed = await grievances.file(
        // The language is kept with the ticket (a language says nothing of who filed it), so later mails use it too.
        {
          category: input.category,
          contentLink: input.content_link,
          description: input.description,
          email: input.email,
          lang: request.lang,
        },
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

  const bearer = [{ bearer: [] }];

  app.get(
    '/api/staff/grievances/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['grievances'],
        summary: 'Grievance tickets (staff): open ones by their next deadline, the overdue first; or closed ones',
        description: 'Each with `due_at`, `due_in_seconds` (negative when overdue), `overdue` and `deadline` (acknowledge or resolve).',
        querystring: { type: 'object', properties: { status: { enum: ['open', 'closed'] }, page: { description: 'Page number, from 1' } } },
        security: bearer,
      },
    },
    async (request) => {
      const { status } = parseInput(staffListQuery, request.query);
      return paginate(request, await grievances.listForStaff(status));
    },
  );

  app.get(
    '/api/staff/grievances/report/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['grievances'],
        summary: 'The monthly compliance report as CSV (staff)',
        description:
          'Per category and in total: received, acknowledged within 24 hours, resolved, resolved in time, rejected, still open at the month’s end, and each action taken.',
        querystring: { type: 'object', properties: { month: { description: 'YYYY-MM; default the current month' } } },
        security: bearer,
      },
    },
    async (request, reply) => {
      const { month } = parseInput(reportQuery, request.query);
      const csv = await grievances.complianceReport(month);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="grievances-${month}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/staff/grievances/:ticket/',
    {
      onRequest: app.requireStaff,
      schema: { tags: ['grievances'], summary: 'One grievance with its history (staff)', params: ticketParam, security: bearer },
    },
    async (request) => {
      const found = await grievances.getForStaff((request.params as { ticket: string }).ticket.toUpperCase());
      if (!found) throw detail(404, GRIEVANCE_NOT_FOUND);
      return found;
    },
  );

  app.post(
    '/api/staff/grievances/:ticket/status/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['grievances'],
        summary: 'Move a grievance on (staff); the complainant is mailed',
        description:
          '`status` acknowledged, resolved (with `action_taken`) or rejected, and a `note` for the complainant. A closed ticket answers 400.',
        params: ticketParam,
        body: {
          type: 'object',
          properties: {
            status: { type: 'string', enum: ['acknowledged', 'resolved', 'rejected'] },
            note: { type: 'string' },
            action_taken: { type: 'string', enum: Object.keys(GRIEVANCE_ACTIONS) },
          },
        },
        security: bearer,
      },
    },
    async (request) => {
      const input = parseInput(statusBody, request.body);
      const changed = await grievances.changeStatus((request.params as { ticket: string }).ticket.toUpperCase(), {
        status: input.status,
        note: input.note,
        actionTaken: input.action_taken,
      });
      if (!changed) throw detail(404, GRIEVANCE_NOT_FOUND);
      if ('error' in changed) throw detail(400, changed.error);
      return changed;
    },
  );
}
