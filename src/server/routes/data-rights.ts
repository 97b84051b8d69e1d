import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DataExport } from '../../lib/api-types.ts';
import { UNDER_18_MESSAGE } from '../../lib/privacy-notice.ts';
import { emailSchema, requiredString } from '../../lib/validation.ts';
import { HttpError, notFound, say } from '../platform/errors.ts';
import { documented, parseInput } from '../http/request-validation.ts';
import { ERASURE_MESSAGES, type ExportView } from '../services/data-rights/index.ts';

const security = [{ bearer: [] }];
const consentBody = z.object({
  /** The notice's version as GET answers it (an integer; a numeric string is read as one). */
  version: z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value),
    z
      .number({ required_error: 'This field is required.', invalid_type_error: 'A valid integer is required.' })
      .int('A valid integer is required.')
      .positive('A valid integer is required.'),
  ),
  adult: z.boolean({ required_error: 'This field is required.', invalid_type_error: 'Must be a valid boolean.' }),
});
const sendOtpBody = z.object({ email: emailSchema });
const otpField = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), requiredString({ max: 64 }));
const deleteBody = z.object({
  otp: otpField,
  erase_content: z.boolean({ required_error: 'This field is required.', invalid_type_error: 'Must be a valid boolean.' }),
});
const exportParams = z.object({ id: z.string() });
/** An export's id from the path; anything but a UUID is simply not found. */
const exportIdOf = (params: unknown): string => {
  const { id } = parseInput(exportParams, params);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) throw notFound();
  return id;
};
const downloadQuery = z.object({
  expires: z.coerce.number().int().optional(),
  signature: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
/** An upload's name as the list gives it: `<file>`, or `private/<file>` for a private channel's (sent encoded, `private%2F<file>`). */
const uploadParams = z.object({ name: z.string().regex(/^(?:private\/)?[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/, 'Not found.') });

/**
 * The member's data rights (DPDP Act 2023): the notice and consent, "Download my data", "Delete my account" and
 * deleting a single upload. The services do the work; the export and the erasure run as jobs.
 */
export default async function dataRightsRoutes(app: FastifyInstance) {
  const { consent, exports, erasure, uploads, clock, notificationStream } = app.ctx.services;
  const siteBase = (request: FastifyRequest) =>
    (app.ctx.config.publicSiteUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

  const exportAnswer = (request: FastifyRequest, view: ExportView): DataExport => ({
    ...view,
    download_url:
      view.status === 'ready' ? `${siteBase(request)}/api/users/me/export/${view.id}/download/?${exports.signedQuery(view.id)}` : null,
  });

  app.get(
    '/api/users/me/consent/',
    {
      onRequest: app.requireUser,
      config: { consentExempt: true },
      schema: { tags: ['data rights'], summary: 'The current notice version and whether the member must (again) agree to it', security },
    },
    async (request) => consent.status(request.user!.id, request.lang),
  );

  app.post(
    '/api/users/me/consent/',
    {
      onRequest: app.requireUser,
      config: { consentExempt: true },
      schema: {
        tags: ['data rights'],
        summary: 'Agree to the privacy notice as an adult; `adult: false` stops sign-up and erases the new account',
        description: 'Answers the consent status. `adult: false` erases the account at once and answers 403 with code `under_18`.',
        body: documented(consentBody),
        security,
      },
    },
    async (request) => {
      const { version, adult } = parseInput(consentBody, request.body);
      const userId = request.user!.id;
      if (!adult) {
        // The product does not take children's data: the account the sign-in just made goes now.
        await erasure.eraseNow(userId, clock.now());
        throw new HttpError(403, { detail: UNDER_18_MESSAGE, code: 'under_18' });
      }
      return consent.record(userId, version, clock.now(), request.lang);
    },
  );

  app.post(
    '/api/users/me/consent/withdraw/',
    {
      onRequest: app.requireUser,
      config: { consentExempt: true },
      schema: {
        tags: ['data rights'],
        summary:
          'Withdraw consent (202): every token of the member is refused at once; the account is erased after WITHDRAWAL_GRACE_HOURS unless they sign in and agree again',
        security,
      },
    },
    async (request, reply) => {
      const { eraseAfter } = await erasure.withdrawConsent(request.user!.id, clock.now());
      return reply.code(202).send({ detail: say('api.consentWithdrawn'), erase_after: eraseAfter.toISOString() });
    },
  );

  app.post(
    '/api/users/me/export/',
    {
      onRequest: app.requireUser,
      schema: { tags: ['data rights'], summary: 'Prepare a zip of all the member’s data (202); 409 while one is being prepared', security },
    },
    async (request, reply) => reply.code(202).send(exportAnswer(request, await exports.request(request.user!.id))),
  );

  app.get(
    '/api/users/me/export/',
    {
      onRequest: app.requireUser,
      schema: { tags: ['data rights'], summary: 'The member’s newest export, if any: `{latest}` (null when none)', security },
    },
    async (request) => {
      const latest = await exports.latest(request.user!.id);
      return { latest: latest ? exportAnswer(request, latest) : null };
    },
  );

  app.get(
    '/api/users/me/export/:id/',
    {
      onRequest: app.requireUser,
      schema: { tags: ['data rights'], summary: 'An export’s status: pending, ready (with `download_url`) or failed', security },
    },
    async (request) => {
      const id = exportIdOf(request.params);
      return exportAnswer(request, await exports.get(request.user!.id, id));
    },
  );

  app.get(
    '/api/users/me/export/:id/download/',
    {
      onRequest: app.optionalUser,
      schema: {
        tags: ['data rights'],
        summary: 'The export zip: with the member’s bearer token, or through the signed link in `download_url` (10 minutes)',
        querystring: documented(downloadQuery),
      },
    },
    async (request, reply) => {
      const id = exportIdOf(request.params);
      const { expires, signature } = parseInput(downloadQuery, request.query);
      const file = await exports.fileFor(id, { userId: request.user?.id, expires, signature });
      return reply
        .type('application/zip')
        .header('Content-Disposition', 'attachment; filename="bharat-square-my-data.zip"')
        .header('Cache-Control', 'private, no-store')
        .send(createReadStream(file));
    },
  );

  app.post(
    '/api/users/me/delete/send-otp/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['data rights'],
        summary: 'Mail an account-deletion code; the address must be the one the member signs in with',
        body: documented(sendOtpBody),
        security,
      },
    },
    async (request) => {
      const { email } = parseInput(sendOtpBody, request.body);
      await erasure.sendCode(request.user!.id, email, request.ip, request.lang);
      return { detail: ERASURE_MESSAGES.codeSent };
    },
  );

  app.post(
    '/api/users/me/delete/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['data rights'],
        summary: 'Delete the account with the mailed code (202): tokens stop at once, a job erases the rest within minutes',
        description: '`erase_content: true` erases posts and comments too; false leaves them under "[deleted account]".',
        body: documented(deleteBody),
        security,
      },
    },
    async (request, reply) => {
      const { otp, erase_content: eraseContent } = parseInput(deleteBody, request.body);
      await erasure.requestErasure(request.user!.id, otp, eraseContent, clock.now(), request.ip);
      // The account's tokens stopped; its open streams end too, on every instance.
      await notificationStream.endAccount(request.user!.id);
      return reply.code(202).send({ detail: ERASURE_MESSAGES.started, status: 'pending' });
    },
  );

  app.get(
    '/api/users/me/uploads/',
    {
      onRequest: app.requireUser,
      schema: { tags: ['data rights'], summary: 'The files the member uploaded that are in use, with where', security },
    },
    async (request) => uploads.list(request.user!.id),
  );

  app.delete(
    '/api/users/me/uploads/:name/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['data rights'],
        summary: 'Delete one of the member’s uploads (204): it leaves its post or comment and the disk',
        security,
      },
    },
    async (request, reply) => {
      const { name } = parseInput(uploadParams, request.params);
      await uploads.delete(request.user!.id, name);
      return reply.code(204).send();
    },
  );
}
