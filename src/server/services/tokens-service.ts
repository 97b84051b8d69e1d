import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blacklistedTokens } from '../db/schema.ts';

/** JWTs shaped like djangorestframework-simplejwt's: HS256, token_type, exp, iat, jti, user_id. */
export type TokenType = 'access' | 'refresh';
export type TokenClaims = { token_type: TokenType; exp: number; iat: number; jti: string; user_id: number };

export class TokenError extends Error {}

export const INVALID_OR_EXPIRED = 'Token is invalid or expired';
export const WRONG_TYPE = 'Token has wrong type';
export const BLACKLISTED = 'Token is blacklisted';

const base64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

export function createTokenService(options: { db: Db; secret: string; accessSeconds: number; refreshSeconds: number }) {
  const { db, secret } = options;
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const sign = (data: string) => createHmac('sha256', secret).update(data).digest();

  function issue(userId: number, tokenType: TokenType): string {
    const iat = Math.floor(Date.now() / 1000);
    const lifetime = tokenType === 'access' ? options.accessSeconds : options.refreshSeconds;
    const claims: TokenClaims = { token_type: tokenType, exp: iat + lifetime, iat, jti: randomUUID().replace(/-/g, ''), user_id: userId };
    const body = `${header}.${base64url(JSON.stringify(claims))}`;
    return `${body}.${base64url(sign(body))}`;
  }

  /** Checks signature, expiry and (when asked) type; throws TokenError with simplejwt's wording. */
  function decode(token: unknown, expectedType?: TokenType): TokenClaims {
    if (typeof token !== 'string') throw new TokenError(INVALID_OR_EXPIRED);
    const parts = token.split('.');
    if (parts.length !== 3) throw new TokenError(INVALID_OR_EXPIRED);
    const expected = sign(`${parts[0]}.${parts[1]}`);
    const given = Buffer.from(parts[2], 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new TokenError(INVALID_OR_EXPIRED);
    let claims: TokenClaims;
    try {
      claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    } catch {
      throw new TokenError(INVALID_OR_EXPIRED);
    }
    if (!claims || typeof claims.exp !== 'number' || claims.exp <= Date.now() / 1000) throw new TokenError(INVALID_OR_EXPIRED);
    if (typeof claims.jti !== 'string' || typeof claims.user_id !== 'number') throw new TokenError(INVALID_OR_EXPIRED);
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

  return {
    issuePair: (userId: number) => ({ access: issue(userId, 'access'), refresh: issue(userId, 'refresh') }),
    issueAccess: (userId: number) => issue(userId, 'access'),
    decode,
    validate,
    blacklist,
    purgeExpired,
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
