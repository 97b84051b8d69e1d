import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REQUIRED, requiredString } from '../../lib/validation.ts';
import { HttpError } from '../platform/errors.ts';
import { documented, parseInput } from '../http/request-validation.ts';
import { INVALID_OR_EXPIRED, TokenError, type TokenClaims, type TokenType } from '../services/accounts/index.ts';

/**
 * The token views of djangorestframework-simplejwt 5.2 with default settings: same bodies, same codes.
 * Blacklist also takes the spec's `{token}` (any token type) beside simplejwt's `{refresh}`.
 */

const BLACKLIST_PURGE_EVERY_MS = 60 * 60_000;

/** DRF's CharField: numbers are read as text, blank is refused, and each kind of wrong value has its own message. */
const charField = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), requiredString());

const verifyBody = z.object({ token: charField });
const refreshBody = z.object({ refresh: charField });
const blacklistBody = z
  .object({ token: charField.optional(), refresh: charField.optional() })
  .refine((body) => body.token !== undefined || body.refresh !== undefined, { message: REQUIRED, path: ['refresh'] });

/** simplejwt's InvalidToken: 401 with the view's WWW-Authenticate. */
const invalidToken = (error: TokenError) =>
  new HttpError(401, { detail: error.message, code: 'token_not_valid' }, { 'WWW-Authenticate': 'Bearer realm="api"' });

const tokenErrors = {
  400: { description: 'Field errors, e.g. {"token":["This field is required."]}', type: 'object', additionalProperties: true },
  401: {
    description: 'Invalid, expired, wrong type or blacklisted',
    type: 'object',
    properties: { detail: { type: 'string' }, code: { type: 'string' } },
  },
} as const;

export default async function tokenRoutes(app: FastifyInstance) {
  const { tokens, notificationStream } = app.ctx.services;

  async function check(token: string, type?: TokenType): Promise<TokenClaims> {
    try {
      return await tokens.validate(token, type);
    } catch (error) {
      if (error instanceof TokenError) throw invalidToken(error);
      throw error;
    }
  }

  /** A token of an account that is gone or being erased works no more, from the moment its member confirmed. */
  async function assertLive(userId: number): Promise<void> {
    const user = await app.ctx.services.users.findById(userId);
    if (!user || user.erasureRequestedAt) throw new TokenError(INVALID_OR_EXPIRED);
  }
  async function checkLive(token: string, type?: TokenType): Promise<TokenClaims> {
    const claims = await check(token, type);
    try {
      await assertLive(claims.user_id);
    } catch (error) {
      if (error instanceof TokenError) throw invalidToken(error);
      throw error;
    }
    return claims;
  }

  app.post(
    '/api/token/verify/',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Check that a token (access or refresh) is valid and not blacklisted',
        body: documented(verifyBody),
        response: { 200: { type: 'object', properties: {} }, ...tokenErrors },
      },
    },
    async (request) => {
      const { token } = parseInput(verifyBody, request.body);
      await checkLive(token);
      return {};
    },
  );

  app.post(
    '/api/token/refresh/',
    {
      schema: {
        tags: ['tokens'],
        summary: 'A new access token and a new refresh token for a refresh token, which is then blacklisted',
        description:
          'Rotation (simplejwt ROTATE_REFRESH_TOKENS + BLACKLIST_AFTER_ROTATION): store the new `refresh`. ' +
          'Presenting a refresh token that was already used revokes its whole session (401).',
        body: documented(refreshBody),
        response: { 200: { type: 'object', properties: { access: { type: 'string' }, refresh: { type: 'string' } } }, ...tokenErrors },
      },
    },
    async (request) => {
      const { refresh } = parseInput(refreshBody, request.body);
      try {
        // Rotation decides reuse first (a used refresh token revokes its session); the new pair is then only handed
        // to an account that still stands.
        const pair = await tokens.rotate(refresh);
        await assertLive(tokens.decode(pair.access).user_id);
        return pair;
      } catch (error) {
        if (error instanceof TokenError) throw invalidToken(error);
        throw error;
      }
    },
  );

  let lastPurge = 0;
  app.post(
    '/api/token/blacklist/',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Blacklist tokens: `token` (access or refresh, as the spec client sends it) and/or `refresh`',
        description:
          'Every valid token given is blacklisted; a refresh token also ends its whole session (logout: every access token ' +
          'minted from it is refused at once). If any given token is invalid the answer is 401 after the valid ones are blacklisted.',
        body: documented(blacklistBody),
        response: { 200: { type: 'object', properties: {} }, ...tokenErrors },
      },
    },
    async (request) => {
      const body = parseInput(blacklistBody, request.body);
      const given: [string, TokenType | undefined][] = [];
      if (body.refresh !== undefined) given.push([body.refresh, 'refresh']);
      if (body.token !== undefined) given.push([body.token, undefined]);
      const checked = await Promise.allSettled(given.map(([token, type]) => check(token, type)));
      for (const result of checked) {
        if (result.status !== 'fulfilled') continue;
        await tokens.blacklist(result.value);
        if (result.value.token_type === 'refresh') await tokens.revokeSession(result.value.sid);
        // Logout: the session's live streams end on every instance (its tickets already die with it).
        await notificationStream.endSession(result.value.sid);
      }
      const refused = checked.find((result) => result.status === 'rejected');
      if (refused) throw refused.reason;
      if (Date.now() - lastPurge > BLACKLIST_PURGE_EVERY_MS) {
        lastPurge = Date.now();
        await tokens.purgeExpired();
      }
      return {};
    },
  );
}
