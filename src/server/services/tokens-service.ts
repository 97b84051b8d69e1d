import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Db } from '../db/client.ts';
import { blacklistedTokens } from '../db/schema.ts';

/** JWTs shaped like djangorestframework-simplejwt's: HS256, token_type, exp, iat, jti, user_id. */
/** 'stream': a short-lived single-use ticket that opens the notification stream (EventSource cannot send a bearer header). */
export type TokenType = 'access' | 'refresh' | 'stream';

/** How long a stream ticket may wait before it is used. */
export const STREAM_TICKET_SECONDS = 60;
export type TokenClaims = { token_type: TokenType; exp: number; iat: number; jti: string; user_id: number };

export class TokenError extends Error {}

export const INVALID_OR_EXPIRED = 'Token is invalid or expired';
export const WRONG_TYPE = 'Token has wrong type';
export const BLACKLISTED = 'Token is blacklisted';

export function createTokenService(options: { db: Db; secret: string; accessSeconds: number; refreshSeconds: number }) {
  const { db, secret } = options;
  // The claims are written whole below (simplejwt's iat and exp in seconds), so the signer adds none of its own.
  const sign = createSigner({ key: secret, algorithm: 'HS256', noTimestamp: true });
  const verify = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp', 'jti', 'user_id'], cache: false });

  function issue(userId: number, tokenType: TokenType): string {
    const iat = Math.floor(Date.now() / 1000);
    const lifetime = tokenType === 'access' ? options.accessSeconds : tokenType === 'stream' ? STREAM_TICKET_SECONDS : options.refreshSeconds;
    const claims: TokenClaims = { token_type: tokenType, exp: iat + lifetime, iat, jti: randomUUID().replace(/-/g, ''), user_id: userId };
    return sign(claims);
  }

  /** Checks signature, expiry and (when asked) type; throws TokenError with simplejwt's wording. */
  function decode(token: unknown, expectedType?: TokenType): TokenClaims {
    if (typeof token !== 'string') throw new TokenError(INVALID_OR_EXPIRED);
    let claims: TokenClaims;
    try {
      claims = verify(token) as TokenClaims;
    } catch {
      throw new TokenError(INVALID_OR_EXPIRED);
    }
    if (typeof claims.exp !== 'number' || typeof claims.jti !== 'string' || typeof claims.user_id !== 'number') throw new TokenError(INVALID_OR_EXPIRED);
    if (expectedType && claims.token_type !== expectedType) throw new TokenError(WRONG_TYPE);
    return claims;
  }

  async function isBlacklisted(jti: string): Promise<boolean> {
    const rows = await db.select({ jti: blacklistedTokens.jti }).from(blacklistedTokens).where(eq(blacklistedTokens.jti, jti)).limit(1);
    return rows.length > 0;
  }

  /** Decodes and refuses blacklisted tokens. */
  async function validate(token: unknown, expectedType?: TokenType): Promise<TokenClaims> {
    const claims = decode(token, expectedType);
    if (await isBlacklisted(claims.jti)) throw new TokenError(BLACKLISTED);
    return claims;
  }

  async function blacklist(claims: TokenClaims): Promise<void> {
    await db
      .insert(blacklistedTokens)
      .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
      .onConflictDoNothing();
  }

  /** Expired tokens are refused by signature check anyway, so their blacklist rows can go. */
  async function purgeExpired(): Promise<void> {
    await db.delete(blacklistedTokens).where(lt(blacklistedTokens.expiresAt, new Date()));
  }

  /** The user a stream ticket was issued to; a second use, a stale or a forged ticket throws TokenError. */
  async function redeemStreamTicket(ticket: unknown): Promise<number> {
    const claims = decode(ticket, 'stream');
    const used = await db
      .insert(blacklistedTokens)
      .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
      .onConflictDoNothing()
      .returning({ jti: blacklistedTokens.jti });
    if (used.length === 0) throw new TokenError(BLACKLISTED);
    return claims.user_id;
  }

  return {
    issueStreamTicket: (userId: number) => issue(userId, 'stream'),
    redeemStreamTicket,
    issuePair: (userId: number) => ({ access: issue(userId, 'access'), refresh: issue(userId, 'refresh') }),
    issueAccess: (userId: number) => issue(userId, 'access'),
    decode,
    validate,
    blacklist,
    purgeExpired,
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
