import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, say } from '../platform/errors.ts';
import { BLACKLISTED, TokenError, type TokenClaims } from '../services/accounts/index.ts';
import { CONSENT_REQUIRED_MESSAGE } from '../../lib/privacy-notice.ts';

/**
 * The signed-in member, and the session (`sid`) their token belongs to: a logout ends what the session opened.
 * `createdAt` tells a new account (stricter write limits, links held more readily); `readingLanguages` is their saved
 * "Show posts in" (null until they choose), read with the account in the same statement, for the feeds.
 */
export type AuthUser = { id: number; username: string; createdAt: Date; sid: string; readingLanguages: readonly string[] | null };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable before the member agreed to the privacy notice (the consent calls, the data-rights calls). */
    consentExempt?: boolean;
  }
  interface FastifyRequest {
    /** Set by `requireUser`/`optionalUser`; null for a visitor. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>;
    optionalUser: (request: FastifyRequest) => Promise<void>;
  }
}

const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Bearer realm="api"' };
const unauthorized = (body: Record<string, unknown>) => new HttpError(401, body, WWW_AUTHENTICATE);

/** Reads `Authorization: Bearer <token>` like simplejwt's JWTAuthentication; undefined when no bearer header. */
/** The bearer token the request carries, if any; a malformed Authorization header is a 401. */
export function rawBearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const parts = header.trim().split(/\s+/);
  if (parts[0] !== 'Bearer') return undefined;
  if (parts.length !== 2) {
    throw unauthorized({ detail: 'Authorization header must contain two space-delimited values', code: 'bad_authorization_header' });
  }
  return parts[1];
}

const asAuthUser = ({ id, username, createdAt, sid, readingLanguages }: AuthUser): AuthUser => ({
  id,
  username,
  createdAt,
  sid,
  readingLanguages,
});

async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);

  async function authenticate(request: FastifyRequest): Promise<(AuthUser & { consented: boolean }) | null> {
    const token = rawBearer(request);
    if (token === undefined) return null;
    const refuse = (message: string) =>
      unauthorized({
        detail: 'Given token not valid for any token type',
        code: 'token_not_valid',
        messages: [{ token_class: 'AccessToken', token_type: 'access', message }],
      });
    let claims: TokenClaims;
    try {
      claims = app.ctx.services.tokens.decode(token, 'access');
    } catch (error) {
      if (!(error instanceof TokenError)) throw error;
      throw refuse(error.message);
    }
    // The token's standing (blacklisted, session revoked) comes with the account, in one statement.
    const { refused, user } = await app.ctx.services.users.findSignedIn(claims.user_id, claims);
    if (refused) throw refuse(BLACKLISTED);
    // An account being erased is gone for its tokens from the moment the member confirmed.
    if (!user || user.erasureRequestedAt) throw unauthorized({ detail: 'User not found', code: 'user_not_found' });
    // A withdrawal of consent stops processing at once: every token issued before it is refused (a new sign-in works,
    // and agreeing again cancels the withdrawal).
    if (user.consentWithdrawnAt && app.ctx.services.tokens.issuedAtMs(claims) <= user.consentWithdrawnAt.getTime())
      throw refuse(BLACKLISTED);
    return {
      id: user.id,
      username: user.username,
      createdAt: user.createdAt,
      sid: claims.sid,
      readingLanguages: user.readingLanguages ?? null,
      consented: user.consented,
    };
  }

  /**
   * The consent gate (DPDP Act 2023, section 6): until a member agreed to the current notice, a signed-in call
   * answers 403 `consent_required` (the app then shows the notice), except the consent calls themselves and reads of
   * public content (GET through `optionalUser`). Token calls do not authenticate here, so they pass too.
   */
  function requireConsent(request: FastifyRequest, consented: boolean): void {
    if (consented || request.routeOptions?.config?.consentExempt) return;
    throw new HttpError(403, { detail: CONSENT_REQUIRED_MESSAGE, code: 'consent_required' });
  }

  /**
   * For `onRequest`: like DRF, which authenticates before it reads a body, a call without valid credentials
   * is 401 whatever its body (malformed JSON, an unsupported type, a large upload) and nothing is parsed.
   */
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const signedIn = await authenticate(request);
    if (!signedIn) throw new HttpError(401, { detail: say('api.notAuthenticated'), code: 'not_authenticated' }, WWW_AUTHENTICATE);
    request.user = asAuthUser(signedIn);
    requireConsent(request, signedIn.consented);
  });

  /** Public endpoints treat a stale or bad token as a visitor, so an expired cookie never blanks a public page. */
  app.decorate('optionalUser', async (request: FastifyRequest) => {
    let signedIn: Awaited<ReturnType<typeof authenticate>> = null;
    try {
      signedIn = await authenticate(request);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 401) throw error;
    }
    request.user = signedIn && asAuthUser(signedIn);
    if (signedIn && request.method !== 'GET' && request.method !== 'HEAD') requireConsent(request, signedIn.consented);
  });
}

export default fp(authPlugin, { name: 'auth' });
