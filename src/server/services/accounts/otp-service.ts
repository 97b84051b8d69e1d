import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { and, eq, gt, gte, lt, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { otpCodes, otpSends } from '../../db/schema/index.ts';
import { detail, serviceUnavailable, tooManyRequests, say } from '../../platform/errors.ts';
import type { MailService } from '../../platform/mail-service.ts';
import { emailHash, formerEmailHash, identityClassOf, normaliseEmail, type IdentityClass } from './identity-service.ts';
import { enforceLimit, type RateLimiter } from '../../platform/rate-limit.ts';
import { translator, type Lang } from '../../../lib/i18n.ts';

/**
 * Sign-in codes. A code is 6 digits from the CSPRNG, stored only as an HMAC bound to the address's hash,
 * lives `ttlSeconds`, allows `maxAttempts` wrong tries and works once. The plain address exists only
 * in this request's memory, long enough to mail the code; it is never stored or logged.
 */

export const OTP_MESSAGES = {
  invalid: say('api.otpInvalid'),
  sent: say('api.otpSent'),
  resend: say('api.otpResend'),
  hourly: say('api.otpHourly'),
  perIp: say('api.otpPerIp'),
  locked: say('api.otpLocked'),
  elsewhere: say('api.otpElsewhere'),
  mailFailed: say('api.otpMailFailed'),
} as const;

export const OTP_SUBJECT = translator('en')('mail.otpSubject');

/**
 * What a code is for. A code works only for its purpose: one mailed to verify a further address cannot sign
 * anyone in, and the other way round. Both share the rules and limits of this service.
 */
export type OtpPurpose = 'sign-in' | 'verification' | 'erasure';
const HOUR_MS = 3_600_000;
const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

/** Each purpose's mail in the catalogs (`mail.*`): its subject, the line with the code, when it expires, and a last word. */
const CODE_MAILS: Record<OtpPurpose, { subject: string; code: string; expires: string; closing: string | null }> = {
  'sign-in': { subject: 'mail.otpSubject', code: 'mail.otpCode', expires: 'mail.otpExpires', closing: 'mail.otpPrivacy' },
  verification: {
    subject: 'mail.verificationSubject',
    code: 'mail.verificationCode',
    expires: 'mail.verificationExpires',
    closing: 'mail.verificationPrivacy',
  },
  erasure: { subject: 'mail.erasureSubject', code: 'mail.erasureCode', expires: 'mail.erasureExpires', closing: null },
};

/**
 * A code's mail in the language the code was asked for in (the request's, as the language plugin reads it; nothing
 * of it is stored): the code is the only 6-digit number in it (tests and mail clients pick it out).
 */
export function codeMail(purpose: OtpPurpose, code: string, ttlSeconds: number, lang: Lang = 'en'): { subject: string; text: string } {
  const t = translator(lang);
  const keys = CODE_MAILS[purpose];
  const lifetime = ttlSeconds % 60 === 0 ? t('mail.minutes', { count: ttlSeconds / 60 }) : t('mail.seconds', { count: ttlSeconds });
  const lines = [t(keys.code, { code }), '', t(keys.expires, { lifetime })];
  if (keys.closing) lines.push('', t(keys.closing));
  return { subject: t(keys.subject), text: lines.join('\n') };
}

export const signInMail = (code: string, ttlSeconds: number, lang: Lang = 'en') => codeMail('sign-in', code, ttlSeconds, lang);
export const signInMailText = (code: string, ttlSeconds: number, lang: Lang = 'en') => signInMail(code, ttlSeconds, lang).text;

/**
 * The network a request comes from: the IPv4 /24 or the IPv6 /64 (one home, office or phone), so that a
 * requester cannot dodge the per-network limits by stepping to the next address of their own block.
 */
export function requesterNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) {
    const [head, tail = ''] = address.toLowerCase().split('::');
    const headGroups = head ? head.split(':') : [];
    const tailGroups = address.includes('::') && tail ? tail.split(':') : [];
    const groups = address.includes('::')
      ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
      : headGroups;
    return `${groups
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':')}::/64`;
  }
  return ip;
}

/**
 * A requester network as a row may keep it: keyed with the identity key, so no row holds an IP or a network.
 * `purpose` keeps the keys of one use (sign-in limits, reports) from matching another's.
 */
export function keyedRequesterNetwork(secret: string, ip: string, purpose: 'net' | 'report'): string {
  return createHmac('sha256', secret)
    .update(`${purpose}:${requesterNetwork(ip)}`)
    .digest('hex')
    .slice(0, 32);
}

export type OtpDeps = { db: Db; config: Config; mail: MailService; log: FastifyBaseLogger; limiter: RateLimiter };

/** A proven address: its account key, the key an account may still be stored under from before (null: none), its class. */
export type VerifiedAddress = { emailHash: string; formerHash: string | null; identityClass: IdentityClass };

export function createOtpService({ db, config, mail, log, limiter }: OtpDeps) {
  const rules = config.otp;
  const invalid = () => detail(400, OTP_MESSAGES.invalid);
  const codeHashFor = (addressHash: string, code: string, purpose: OtpPurpose) =>
    createHmac('sha256', config.identitySecret)
      .update(`${purpose === 'sign-in' ? 'otp' : purpose === 'erasure' ? 'erase' : 'verify'}:${addressHash}:${code}`)
      .digest('hex');
  const secondsUntil = (date: Date, now: Date) => (date.getTime() - now.getTime()) / 1000;
  /** The requesting network, keyed like the address (a row never holds an IP). */
  const requesterKey = (ip: string) => keyedRequesterNetwork(config.identitySecret, ip, 'net');

  let lastHousekeeping = 0;
  /** Expired codes and sends older than an hour are useless; drop them now and then. */
  async function housekeeping(now: Date) {
    if (now.getTime() - lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    lastHousekeeping = now.getTime();
    await db.delete(otpCodes).where(lt(otpCodes.expiresAt, now));
    await db.delete(otpSends).where(lt(otpSends.sentAt, new Date(now.getTime() - HOUR_MS)));
  }

  /**
   * The per-address hourly cap counts per requesting network: someone asking for codes for another person's
   * address from their own network uses up their own allowance, never the owner's.
   */
  async function enforceHourlyLimit(addressHash: string, requester: string, now: Date) {
    const [recent] = await db
      .select({ count: sql<number>`count(*)::int`, oldest: sql<Date>`min(${otpSends.sentAt})`.mapWith(otpSends.sentAt) })
      .from(otpSends)
      .where(
        and(eq(otpSends.emailHash, addressHash), eq(otpSends.requester, requester), gt(otpSends.sentAt, new Date(now.getTime() - HOUR_MS))),
      );
    if (recent && recent.count >= rules.perAddressPerHour) {
      throw tooManyRequests(secondsUntil(new Date(recent.oldest.getTime() + HOUR_MS), now), OTP_MESSAGES.hourly);
    }
  }

  /**
   * Stores the new code unless the last one for this address and network was sent less than `resendSeconds` ago
   * (atomic: one winner). Codes asked for from other networks stay as they are.
   */
  async function storeCode(addressHash: string, requester: string, codeHash: string, now: Date) {
    const values = { codeHash, expiresAt: new Date(now.getTime() + rules.ttlSeconds * 1000), attempts: 0, sentAt: now };
    const written = await db
      .insert(otpCodes)
      .values({ emailHash: addressHash, requester, ...values })
      .onConflictDoUpdate({
        target: [otpCodes.emailHash, otpCodes.requester],
        set: values,
        setWhere: lte(otpCodes.sentAt, new Date(now.getTime() - rules.resendSeconds * 1000)),
      })
      .returning({ sentAt: otpCodes.sentAt });
    if (written.length) return;
    const [current] = await db
      .select({ sentAt: otpCodes.sentAt })
      .from(otpCodes)
      .where(and(eq(otpCodes.emailHash, addressHash), eq(otpCodes.requester, requester)));
    const availableAt = current ? new Date(current.sentAt.getTime() + rules.resendSeconds * 1000) : now;
    throw tooManyRequests(secondsUntil(availableAt, now), OTP_MESSAGES.resend);
  }

  async function send(email: string, ip: string, purpose: OtpPurpose = 'sign-in', lang: Lang = 'en'): Promise<void> {
    // Keyed on the network (its /24 or /64, hashed), not the address: addresses rotated inside one block are one requester.
    await enforceLimit(limiter, {
      key: `otp-net:${requesterKey(ip)}`,
      limit: rules.perIpPerWindow,
      windowMs: rules.ipWindowMs,
      message: OTP_MESSAGES.perIp,
    });
    const now = new Date();
    await housekeeping(now);
    const addressHash = emailHash(config.identitySecret, email);
    const requester = requesterKey(ip);
    await enforceHourlyLimit(addressHash, requester, now);
    // 100000-999999: six digits with no leading zero, so a numeric input field cannot drop one.
    const code = String(randomInt(100_000, 1_000_000));
    const codeHash = codeHashFor(addressHash, code, purpose);
    await storeCode(addressHash, requester, codeHash, now);
    const [sendRow] = await db.insert(otpSends).values({ emailHash: addressHash, requester, sentAt: now }).returning({ id: otpSends.id });
    try {
      const message = codeMail(purpose, code, rules.ttlSeconds, lang);
      await mail.send({ to: normaliseEmail(email), ...message });
    } catch (error) {
      // An SMTP error message may quote the recipient, so only its codes are logged.
      const { code: errorCode, responseCode, command } = error as { code?: string; responseCode?: number; command?: string };
      log.error({ errorCode, responseCode, command }, 'sign-in code mail could not be sent');
      // Nothing reached the person, so nothing may count against them.
      await db
        .delete(otpCodes)
        .where(and(eq(otpCodes.emailHash, addressHash), eq(otpCodes.requester, requester), eq(otpCodes.codeHash, codeHash)));
      await db.delete(otpSends).where(eq(otpSends.id, sendRow.id));
      throw serviceUnavailable(OTP_MESSAGES.mailFailed);
    }
    if (!config.smtpUrl) {
      log.info(`Sign-in code ${code} (dev outbox; set SMTP_URL to send real mail)`);
      // Without a mail server, the person at the terminal is the one signing in: one plain line that stands out
      // among the JSON log lines, naming no address.
      if (config.logLevel !== 'silent')
        process.stderr.write(`\nSign-in code: ${code} (asked at ${new Date().toTimeString().slice(0, 8)})\n\n`);
    }
  }

  /**
   * Checks a code against the address's live codes. A wrong guess counts against the code asked for from the
   * guesser's own network, which dies after `maxAttempts` of them; guesses from any other network never touch a
   * code (so nobody can kill someone else's code from afar) and are capped together at `maxAttempts` per address
   * per code lifetime, after which only the network that asked for a code can still use it. The right code is
   * consumed wherever it is entered (a phone that moved from Wi-Fi to mobile data still signs in).
   */
  async function verify(email: string, otp: string, purpose: OtpPurpose, ip: string): Promise<VerifiedAddress> {
    const addressHash = emailHash(config.identitySecret, email);
    await verifyForHash(addressHash, otp, purpose, ip);
    return { emailHash: addressHash, formerHash: formerEmailHash(config.identitySecret, email), identityClass: identityClassOf(email) };
  }

  /** Checks a code mailed to the address whose keyed hash is `addressHash` (the account's key, when the address is not at hand). */
  async function verifyForHash(addressHash: string, otp: string, purpose: OtpPurpose, ip: string): Promise<void> {
    const requester = requesterKey(ip);
    const now = new Date();
    if (!/^\d{6}$/.test(otp)) throw invalid();
    const [own] = await db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(
        and(
          eq(otpCodes.emailHash, addressHash),
          eq(otpCodes.requester, requester),
          lt(otpCodes.attempts, rules.maxAttempts),
          gt(otpCodes.expiresAt, now),
        ),
      )
      .returning({ codeHash: otpCodes.codeHash, attempts: otpCodes.attempts });
    if (!own) {
      const [locked] = await db
        .select({ sentAt: otpCodes.sentAt })
        .from(otpCodes)
        .where(
          and(
            eq(otpCodes.emailHash, addressHash),
            eq(otpCodes.requester, requester),
            gte(otpCodes.attempts, rules.maxAttempts),
            gt(otpCodes.expiresAt, now),
          ),
        );
      if (locked)
        throw tooManyRequests(secondsUntil(new Date(locked.sentAt.getTime() + rules.resendSeconds * 1000), now), OTP_MESSAGES.locked);
    }
    const live = await db
      .select({ requester: otpCodes.requester, codeHash: otpCodes.codeHash })
      .from(otpCodes)
      .where(and(eq(otpCodes.emailHash, addressHash), gt(otpCodes.expiresAt, now), ne(otpCodes.codeHash, '')));
    if (!own && !live.length) throw invalid();
    if (!own) {
      // A try from a network that asked for no code: counted per address (right or wrong), never against anyone's code.
      await enforceLimit(limiter, {
        key: `otp-elsewhere:${addressHash}`,
        limit: rules.maxAttempts,
        windowMs: rules.ttlSeconds * 1000,
        message: OTP_MESSAGES.elsewhere,
      });
    }
    const given = Buffer.from(codeHashFor(addressHash, otp, purpose), 'hex');
    const matches = (codeHash: string) => {
      const expected = Buffer.from(codeHash, 'hex');
      return expected.length === given.length && timingSafeEqual(expected, given);
    };
    // The guesser's own code is compared from the value read when its try was counted (the try that used it up included).
    const match =
      own && matches(own.codeHash)
        ? { requester, codeHash: own.codeHash }
        : live.find((code) => code.requester !== requester && matches(code.codeHash));
    if (!match) {
      if (own && own.attempts >= rules.maxAttempts) {
        // The code dies; the row stays until it expires so further tries are told to ask for a new code.
        await db
          .update(otpCodes)
          .set({ codeHash: '' })
          .where(and(eq(otpCodes.emailHash, addressHash), eq(otpCodes.requester, requester), eq(otpCodes.codeHash, own.codeHash)));
      }
      throw invalid();
    }
    const consumed = await db
      .delete(otpCodes)
      .where(and(eq(otpCodes.emailHash, addressHash), eq(otpCodes.requester, match.requester), eq(otpCodes.codeHash, match.codeHash)))
      .returning({ emailHash: otpCodes.emailHash });
    if (!consumed.length) throw invalid();
  }

  /** The address's key, as the account stores it, and the key an account may still be stored under from before (or null). */
  const keyOf = (email: string) => emailHash(config.identitySecret, email);
  const formerKeyOf = (email: string) => formerEmailHash(config.identitySecret, email);

  return { send, verify, verifyForHash, keyOf, formerKeyOf };
}

export type OtpService = ReturnType<typeof createOtpService>;
