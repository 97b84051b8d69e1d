import { randomUUID } from 'node:crypto';
import { eq, lt, sql, type Placeholder } from 'drizzle-orm';
import { createSigner, createVerifier } from 'fast-jwt';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { blacklistedTokens, revokedSessions, users } from '../../db/schema/index.ts';

/**
 * JWTs shaped like djangorestframework-simplejwt's: HS256, token_type, exp, iat, jti, user_id; plus `sid`, the
 * session: every token minted from one sign-in (and from the refresh tokens rotated out of it) carries the same
 * sid, so a logout ends them all at once. 'stream': a short-lived single-use ticket that opens the notification
 * stream (EventSource cannot send a bearer header).
 */
export type TokenType = 'access' | 'refresh' | 'stream';

/** How long a stream ticket may wait before it is used. */
export const STREAM_TICKET_SECONDS = 60;
export type TokenClaims = { token_type: TokenType; exp: number; iat: number; jti: string; user_id: number; sid: string };

export class TokenError extends Error {}

export const INVALID_OR_EXPIRED = 'Token is invalid or expired';
export const WRONG_TYPE = 'Token has wrong type';
export const BLACKLISTED = 'Token is blacklisted';

/**
 * The claims a token must carry, whatever signed it: a token signed with the real key but odd claims (a user id
 * of 1.5 or "1", a jti of 10 kB) is invalid (401), never a database error. Tokens from before sessions have no
 * `sid`; their own jti stands in for it.
 */
const claimsSchema = z.object({
  token_type: z.enum(['access', 'refresh', 'stream']),
  exp: z.number().int().safe(),
  iat: z.number().int().safe().optional(),
  jti: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  user_id: z.number().int().positive().max(2_147_483_647),
  sid: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});

/**
 * A token's standing as two columns: blacklisted (its own jti) and revoked (its session). The signed-in check selects
 * them beside the account (findSignedInUser), so a signed-in call costs one statement.
 */
export const tokenStandingColumns = (jti: string | Placeholder, sid: string | Placeholder) => ({
  blacklisted: sql<boolean>`exists (select 1 from ${blacklistedTokens} where ${blacklistedTokens.jti} = ${jti})`,
  revoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.sid} = ${sid})`,
});

const newId = () => randomUUID().replace(/-/g, '');

export function createTokenService(options: { db: Db; secret: string; accessSeconds: number; refreshSeconds: number }) {
  const { db, secret } = options;
  // The claims are written whole below (simplejwt's iat and exp in seconds), so the signer adds none of its own.
  const sign = createSigner({ key: secret, algorithm: 'HS256', noTimestamp: true });
  const verify = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp', 'jti', 'user_id'], cache: false });

  const lifetimeOf = (tokenType: TokenType) =>
    tokenType === 'access' ? options.accessSeconds : tokenType === 'stream' ? STREAM_TICKET_SECONDS : options.refreshSeconds;

  /** When a token was issued (ms), read from its expiry and its type's lifetime: the signer keeps no `iat` of its own. */
  const issuedAtMs = (claims: Pick<TokenClaims, 'exp' | 'token_type'>) => (claims.exp - lifetimeOf(claims.token_type)) * 1000;

  function issue(userId: number, tokenType: TokenType, sid: string): string {
    const iat = Math.floor(Date.now() / 1000);
    const lifetime =
      tokenType === 'access' ? options.accessSeconds : tokenType === 'stream' ? STREAM_TICKET_SECONDS : options.refreshSeconds;
    const claims: TokenClaims = { token_type: tokenType, exp: iat + lifetime, iat, jti: newId(), user_id: userId, sid };
    return sign(claims);
  }

  /** Checks signature, expiry, the claims' shapes and (when asked) type; throws TokenError with simplejwt's wording. */
  function decode(token: unknown, expectedType?: TokenType): TokenClaims {
    if (typeof token !== 'string') throw new TokenError(INVALID_OR_EXPIRED);
    let payload: unknown;
    try {
      payload = verify(token);
    } catch {
      throw new TokenError(INVALID_OR_EXPIRED);
    }
    const parsed = claimsSchema.safeParse(payload);
    if (!parsed.success) throw new TokenError(INVALID_OR_EXPIRED);
    const claims = { iat: 0, ...parsed.data, sid: parsed.data.sid ?? parsed.data.jti };
    if (expectedType && claims.token_type !== expectedType) throw new TokenError(WRONG_TYPE);
    return claims;
  }

  /** The token's own blacklisting and its session's revocation, in one query. */
  async function standing(claims: TokenClaims): Promise<{ blacklisted: boolean; revoked: boolean }> {
    const [row] = await db.select(tokenStandingColumns(claims.jti, claims.sid)).from(sql`(select 1) as one`);
    return { blacklisted: Boolean(row?.blacklisted), revoked: Boolean(row?.revoked) };
  }

  /** Decodes and refuses blacklisted tokens and tokens of a revoked session. */
  async function validate(token: unknown, expectedType?: TokenType): Promise<TokenClaims> {
    const claims = decode(token, expectedType);
    const { blacklisted, revoked } = await standing(claims);
    if (blacklisted || revoked) throw new TokenError(BLACKLISTED);
    return claims;
  }

  async function blacklist(claims: TokenClaims): Promise<void> {
    await db
      .insert(blacklistedTokens)
      .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
      .onConflictDoNothing();
  }

  /** Ends every token of the session; kept until any of them would have expired (rotation mints them up to now). */
  async function revokeSession(sid: string): Promise<void> {
    await db
      .insert(revokedSessions)
      .values({ sid, expiresAt: new Date(Date.now() + Math.max(options.refreshSeconds, options.accessSeconds) * 1000) })
      .onConflictDoNothing();
  }

  /**
   * A refresh token for a new pair of the same session (simplejwt's ROTATE_REFRESH_TOKENS with
   * BLACKLIST_AFTER_ROTATION). A refresh token used twice means a copy is in someone else's hands: the whole session
   * is revoked, so neither the thief nor the owner can go on with it (the owner signs in again).
   */
  async function rotate(token: unknown): Promise<{ access: string; refresh: string }> {
    const claims = decode(token, 'refresh');
    const { blacklisted, revoked } = await standing(claims);
    if (revoked) throw new TokenError(BLACKLISTED);
    // A refresh token from before a withdrawal of consent mints nothing: processing stopped when the member withdrew.
    const [owner] = await db.select({ withdrawnAt: users.consentWithdrawnAt }).from(users).where(eq(users.id, claims.user_id)).limit(1);
    if (owner?.withdrawnAt && issuedAtMs(claims) <= owner.withdrawnAt.getTime()) {
      await revokeSession(claims.sid);
      throw new TokenError(BLACKLISTED);
    }
    if (blacklisted) {
      await revokeSession(claims.sid);
      throw new TokenError(BLACKLISTED);
    }
    // One winner per refresh token, even for two refreshes at the same moment: the loser is a reuse.
    const won = await db
      .insert(blacklistedTokens)
      .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
      .onConflictDoNothing()
      .returning({ jti: blacklistedTokens.jti });
    if (!won.length) {
      await revokeSession(claims.sid);
      throw new TokenError(BLACKLISTED);
    }
    return { access: issue(claims.user_id, 'access', claims.sid), refresh: issue(claims.user_id, 'refresh', claims.sid) };
  }

  /** Expired tokens are refused by signature check anyway, so their blacklist and revocation rows can go. */
  async function purgeExpired(): Promise<void> {
    await db.delete(blacklistedTokens).where(lt(blacklistedTokens.expiresAt, new Date()));
    await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, new Date()));
  }

  /**
   * The user a stream ticket was issued to, and the session it was issued in; a second use, a stale or a forged
   * ticket, or one whose session has ended (logout) throws TokenError.
   */
  async function redeemStreamTicket(ticket: unknown): Promise<{ userId: number; sid: string }> {
    const claims = decode(ticket, 'stream');
    if ((await standing(claims)).revoked) throw new TokenError(BLACKLISTED);
    const used = await db
      .insert(blacklistedTokens)
      .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
      .onConflictDoNothing()
      .returning({ jti: blacklistedTokens.jti });
    if (used.length === 0) throw new TokenError(BLACKLISTED);
    return { userId: claims.user_id, sid: claims.sid };
  }

  return {
    /** A new session's first pair. */
    issuedAtMs,
    issuePair: (userId: number) => {
      const sid = newId();
      return { access: issue(userId, 'access', sid), refresh: issue(userId, 'refresh', sid) };
    },
    /** An access token of a session of its own (tools and tests). */
    issueAccess: (userId: number) => issue(userId, 'access', newId()),
    /** A stream ticket of the caller's session: it dies with the session (logout). */
    issueStreamTicket: (userId: number, sid: string) => issue(userId, 'stream', sid),
    redeemStreamTicket,
    decode,
    validate,
    blacklist,
    revokeSession,
    rotate,
    purgeExpired,
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
