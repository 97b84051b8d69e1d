import { CREDENTIAL_STATUSES, type CredentialStatus } from '../../lib/statuses.ts';
import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseId } from '../../lib/validation.ts';
import { detail, notFound, say } from '../platform/errors.ts';
import { paginate } from '../http/pagination.ts';
import { parseInput } from '../http/request-validation.ts';

const security = [{ bearer: [] }];
const STATUSES = CREDENTIAL_STATUSES;
const REASON_MAX = 500;

const queueQuery = z.object({
  status: z
    .string()
    .optional()
    .refine((value) => value === undefined || (STATUSES as readonly string[]).includes(value), {
      message: `Choose one of: ${STATUSES.join(', ')}.`,
    })
    .transform((value) => value as CredentialStatus | undefined),
});
const decisionBody = z
  .object({
    decision: z.enum(['approve', 'reject'], { errorMap: () => ({ message: '"decision" must be "approve" or "reject".' }) }),
    reason: z.string().trim().max(REASON_MAX, `Ensure this field has no more than ${REASON_MAX} characters.`).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'reject' && !value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why, so the member can fix it.' });
  });

/** The staff queue of credential requests: list, view a document, decide. Staff only (403 for anyone else). */
export default async function staffVerificationRoutes(app: FastifyInstance) {
  const idOf = (text: string) => {
    const id = parseId(text);
    if (id === null) throw notFound();
    return id;
  };

  app.get(
    '/api/staff/verifications/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Credential requests of one status (default pending), oldest first; no handles',
        security,
        querystring: { type: 'object', properties: { status: { type: 'string', enum: [...STATUSES] }, page: { type: 'integer' } } },
      },
    },
    async (request) => {
      const { status = 'pending' } = parseInput(queueQuery, { status: (request.query as Record<string, unknown>)?.status });
      const { queue } = app.ctx.services.credentials;
      return paginate(request, { count: await queue.count(status), load: (limit, offset) => queue.load(status, limit, offset) });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/staff/verifications/:id/document/',
    {
      onRequest: app.requireStaff,
      schema: { tags: ['staff'], summary: 'The document of a request still waiting for review', security },
    },
    async (request, reply) => {
      const document = await app.ctx.services.credentials.document(idOf(request.params.id));
      if (!document) throw detail(404, say('errors.credentials.documentGone'));
      return reply
        .header('Content-Type', document.type)
        .header('Content-Disposition', 'inline')
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(createReadStream(document.file));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/staff/verifications/:id/decision/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Approve or reject a pending credential request; the document is deleted at once and the decision audited',
        security,
        body: {
          type: 'object',
          properties: { decision: { type: 'string', enum: ['approve', 'reject'] }, reason: { type: 'string', maxLength: REASON_MAX } },
        },
      },
    },
    async (request) => {
      const id = idOf(request.params.id);
      const { decision, reason = '' } = parseInput(decisionBody, request.body);
      return app.ctx.services.credentials.decide(id, { role: request.staffRole!, handle: request.user!.username }, decision, reason);
    },
  );

  app.get(
    '/api/staff/audit-log/',
    {
      onRequest: app.requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Every staff decision, newest first: who (role and handle), when, on what, the outcome',
        security,
      },
    },
    async (request) => {
      const { auditLog } = app.ctx.services.credentials;
      return paginate(request, { count: await auditLog.count(), load: (limit, offset) => auditLog.load(limit, offset) });
    },
  );
}
