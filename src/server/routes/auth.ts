import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { emailSchema, requiredString } from '../../lib/validation.ts';
import { documented, parseInput } from '../http/request-validation.ts';
import { OTP_MESSAGES } from '../services/accounts/index.ts';

const sendOtpBody = z.object({ email: emailSchema });
// A code typed into a numeric field may arrive as a number; DRF's CharField reads it as text too.
const otpField = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), requiredString({ max: 64 }));
const verifyOtpBody = z.object({ email: emailSchema, otp: otpField });

const detailSchema = { type: 'object', properties: { detail: { type: 'string' } } } as const;

export default async function authRoutes(app: FastifyInstance) {
  const { otp, users, tokens } = app.ctx.services;

  app.post(
    '/api/auth/send-otp/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a 6-digit sign-in code to an address',
        description:
          'Limits: one code per address every 60 s, 5 per address per hour, 50 per IP per 15 min; each answers 429 with Retry-After.',
        body: documented(sendOtpBody),
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      const { email } = parseInput(sendOtpBody, request.body);
      await otp.send(email, request.ip, 'sign-in', request.lang);
      return { detail: OTP_MESSAGES.sent };
    },
  );

  app.post(
    '/api/auth/verify-otp/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a sign-in code for tokens; creates the account on first sign-in',
        description: '`is_registered` is true exactly when this call created the account (the client then POSTs the profile).',
        body: documented(verifyOtpBody),
        response: {
          200: {
            type: 'object',
            properties: { access: { type: 'string' }, refresh: { type: 'string' }, is_registered: { type: 'boolean' } },
          },
        },
      },
    },
    async (request) => {
      const { email, otp: code } = parseInput(verifyOtpBody, request.body);
      const account = await otp.verify(email, code, 'sign-in', request.ip);
      const { user, created } = await users.findOrCreate(account);
      // The sign-in address counts: an institution's address proves that institution (the address is not kept).
      await app.ctx.services.verifications.recordSignIn(user.id, email);
      return { ...tokens.issuePair(user.id), is_registered: created };
    },
  );
}
