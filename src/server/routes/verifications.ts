import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { asMultipartClientError } from '../plugins/uploads.ts';
import { cutAtLimit } from '../services/media/index.ts';
import { z } from 'zod';
import { emailSchema, requiredString, REQUIRED } from '../../lib/validation.ts';
import { detail, fieldErrors, say, wordMessage } from '../platform/errors.ts';
import { paginate } from '../http/pagination.ts';
import { parseInput } from '../http/request-validation.ts';
import { nullCharacterErrors } from '../http/null-characters.ts';
import { profilePage } from './profile.ts';
import { findUserById, OTP_MESSAGES } from '../services/accounts/index.ts';
import { CREDENTIAL_KINDS, type CredentialKind, VERIFICATION_MESSAGES } from '../services/verification/index.ts';

const security = [{ bearer: [] }];
const otpField = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), requiredString({ max: 64 }));
const sendBody = z.object({ email: emailSchema });
const verifyBody = z.object({ email: emailSchema, otp: otpField });

/** A credential's name: required for 'other', at most 60 characters, shown on the chip ("Verified <name>"). */
const CREDENTIAL_NAME_MAX = 60;
const credentialBody = z
  .object({
    kind: z.string({ required_error: REQUIRED }).refine((value) => (CREDENTIAL_KINDS as readonly string[]).includes(value), {
      message: `Choose one of: ${CREDENTIAL_KINDS.join(', ')}.`,
    }),
    name: z.string().trim().max(CREDENTIAL_NAME_MAX, `Ensure this field has no more than ${CREDENTIAL_NAME_MAX} characters.`).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'other' && !value.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Name the credential.' });
  });

/** Reads a multipart body of text fields and one `document` file, holding at most `maxBytes` of it in memory. */
async function readCredentialForm(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fields: Record<string, string>; document: Buffer | null }> {
  if (!request.isMultipart()) throw detail(415, say('errors.credentials.multipartOnly'));
  const fields: Record<string, string> = {};
  let document: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        const refused = nullCharacterErrors({ [part.fieldname]: fields[part.fieldname] });
        if (refused) throw refused;
        continue;
      }
      const file = part as MultipartFile;
      cutAtLimit(file.file, () => detail(413, say('errors.credentials.tooLarge', { megabytes: Math.round(maxBytes / 1024 / 1024) })));
      const chunks: Buffer[] = [];
      for await (const chunk of file.file) chunks.push(chunk as Buffer);
      if (file.file.truncated) throw detail(413, say('errors.credentials.tooLarge', { megabytes: Math.round(maxBytes / 1024 / 1024) }));
      if (file.fieldname === 'document' && chunks.length) document = Buffer.concat(chunks);
    }
  } catch (error) {
    request.raw.unpipe();
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw fieldErrors({ document: [say('errors.credentials.oneDocument')] });
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw detail(413, say('errors.credentials.tooLarge', { megabytes: Math.round(maxBytes / 1024 / 1024) }));
    // A body that is not multipart at all (no boundary, cut off) is the client's 400, as on the other upload endpoints.
    throw asMultipartClientError(error);
  }
  return { fields, document };
}

/** A member's own verifications: a further e-mail address by code, and professional credentials for review. */
export default async function verificationRoutes(app: FastifyInstance) {
  const { db, config } = app.ctx;

  app.post(
    '/api/users/me/verifications/email/send-otp/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['verifications'],
        summary: 'Mail a 6-digit code to an academic or institution address, to verify it',
        description: 'The sign-in code’s rules and limits. 400 for a personal address (it proves nothing new); no mail is sent then.',
        security,
        body: { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
      },
    },
    async (request) => {
      const { email } = parseInput(sendBody, request.body);
      await app.ctx.services.verifications.sendCode(email, request.ip, request.lang);
      return { detail: OTP_MESSAGES.sent };
    },
  );

  app.post(
    '/api/users/me/verifications/email/verify/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['verifications'],
        summary: 'Check the code; the address’s proof (academic, or its institution) is added. 200 with the updated profile',
        description:
          'The address itself is never stored. When the account already held what it proves, the profile comes back unchanged with a `detail`.',
        security,
        body: { type: 'object', properties: { email: { type: 'string', format: 'email' }, otp: { type: 'string' } } },
      },
    },
    async (request) => {
      const { email, otp } = parseInput(verifyBody, request.body);
      const user = request.user!;
      const account = await findUserById(db, user.id);
      const { changed } = await app.ctx.services.verifications.verifyCode(
        { id: user.id, identityClass: account?.identityClass ?? 'standard' },
        email,
        otp,
        request.ip,
      );
      const profile = await profilePage(app, request, user.id);
      // A success answer, so the language plugin leaves it: its detail is worded here, in the client's language.
      return changed ? profile : { ...profile, detail: wordMessage(VERIFICATION_MESSAGES.alreadyHeld, request.lang) };
    },
  );

  app.post(
    '/api/users/me/verifications/credentials/',
    {
      onRequest: app.requireUser,
      config: { multipartFiles: true },
      schema: {
        tags: ['verifications'],
        summary: 'Send a professional credential for review: multipart kind, name (for other), document (image or PDF)',
        description:
          'Images are re-encoded without metadata; PDFs lose their information dictionary, XMP and scripts. 201 {id, status:"pending"}.',
        security,
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const { fields, document } = await readCredentialForm(request, config.maxDocumentBytes);
      const input = parseInput(credentialBody, fields);
      if (!document) throw fieldErrors({ document: [say('errors.credentials.noFile')] });
      const kind = input.kind as CredentialKind;
      const created = await app.ctx.services.credentials.submit(
        request.user!.id,
        { kind, name: kind === 'other' ? input.name! : null },
        document,
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/users/me/verifications/credentials/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['verifications'],
        summary: 'The credentials I sent and their outcomes, newest first',
        security,
        querystring: { type: 'object', properties: { page: { type: 'integer', minimum: 1 } } },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const { mine } = app.ctx.services.credentials;
      return paginate(request, { count: await mine.count(userId), load: (limit, offset) => mine.load(userId, limit, offset) });
    },
  );
}
