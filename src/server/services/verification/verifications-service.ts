import { createHmac } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { CircleRequirement, Verification } from '../../../lib/api-types.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { institutionMembers, users, verifiedAddressClaims, verifications } from '../../db/schema/index.ts';
import type { InstitutionTable, Institution } from './institutions.ts';
import { canonicalEmail, identityClassOf, normaliseEmail, type OtpService } from '../accounts/index.ts';
import type { Executor } from '../../db/client.ts';
import { HttpError, say, codeOf, type Message } from '../../platform/errors.ts';
import {
  chipsOf,
  isVerifiedAccount,
  meetsRequirement,
  requirementMessage,
  verificationsOf,
  type GuardedAction,
  type ProofRow,
} from './verification-rules.ts';
import type { Lang } from '../../../lib/i18n.ts';

/**
 * Verifications: what an account has proven beyond its sign-in address. A further address is verified by a
 * one-time code (the sign-in code's rules and limits); only what it proves is kept (academic, or which
 * institution), never the address. Each address verifies one account: a keyed hash of it is kept, with no
 * account id beside it, so one mailbox cannot vouch for many handles nor inflate an institution's count.
 */

/** In English from the catalog (`verificationsApi.*`); the language plugin words them in the client's language. */
export const VERIFICATION_MESSAGES = {
  personal: say('verificationsApi.personal'),
  alreadyHeld: say('verificationsApi.alreadyHeld'),
  claimed: say('verificationsApi.claimed'),
} as const;

/** What one address proves: academic or not, and which listed institution it belongs to. */
export type AddressProof = { academic: boolean; institution: Institution | null };

/** An address that cannot verify anything here (400 with the reason in words). */
export class VerificationError extends HttpError {
  constructor(message: Message) {
    super(400, { detail: message, code: codeOf(message) });
  }
}

/** The 403 of a guarded action: what is needed in words, a code the islands recognise, and the requirement. */
export class RequirementNotMetError extends HttpError {
  constructor(message: string, requirement: CircleRequirement) {
    super(403, { detail: message, code: 'verification_required', requirement });
  }
}

export type VerificationDeps = {
  db: Db;
  config: Pick<Config, 'identitySecret'> & { institutionChipMinMembers: number };
  institutions: InstitutionTable;
  otp: Pick<OtpService, 'send' | 'verify'>;
  clock: () => Date;
};

/**
 * The key an address claim keeps of the account that made it: a keyed hash of the account id, so that the claim names
 * no account to anyone without the identity key, and the account's erasure can free the addresses it verified.
 */
export function claimOwnerKey(secret: string, userId: number): string {
  return createHmac('sha256', secret).update(`claim-owner:${userId}`).digest('hex');
}

export function createVerificationService({ db, config, institutions, otp, clock }: VerificationDeps) {
  const claimOf = (address: string) => createHmac('sha256', config.identitySecret).update(`claim:${address}`).digest('hex');
  /** A verified address's claim, keyed on its mailbox's one spelling (canonicalEmail), as accounts are. */
  const claimHash = (email: string) => claimOf(canonicalEmail(email));
  const claim = (email: string, userId: number) => ({
    addressHash: claimHash(email),
    ownerKey: claimOwnerKey(config.identitySecret, userId),
  });

  /**
   * Claims a verified address for an account: true when it is now the account's, false when another account holds
   * it. A claim stored under the address's former key (before one mailbox had one spelling) counts, and moves to the new key.
   */
  async function claimAddress(tx: Executor, email: string, userId: number): Promise<boolean> {
    const wanted = claim(email, userId);
    const formerHash = canonicalEmail(email) === normaliseEmail(email) ? null : claimOf(normaliseEmail(email));
    if (formerHash) {
      const [former] = await tx.select().from(verifiedAddressClaims).where(eq(verifiedAddressClaims.addressHash, formerHash)).limit(1);
      if (former && former.ownerKey !== wanted.ownerKey) return false;
      if (former) await tx.delete(verifiedAddressClaims).where(eq(verifiedAddressClaims.addressHash, formerHash));
    }
    const claimed = await tx.insert(verifiedAddressClaims).values(wanted).onConflictDoNothing().returning();
    return claimed.length > 0;
  }

  function proofOf(email: string): AddressProof {
    const domain = normaliseEmail(email).split('@').pop() ?? '';
    const institution = institutions.forDomain(domain);
    return { academic: institution !== null || identityClassOf(email) === 'academic', institution };
  }

  async function proofRows(executor: Executor, userId: number): Promise<ProofRow[]> {
    return executor
      .select({ kind: verifications.kind, value: verifications.value, label: verifications.label, verifiedAt: verifications.verifiedAt })
      .from(verifications)
      .where(eq(verifications.userId, userId))
      .orderBy(verifications.verifiedAt, verifications.id);
  }

  /** The profile's verifications, identity chips and badge for one account. */
  async function profileVerifications(user: { id: number; createdAt: Date; identityClass: string; isAadhaarVerified: boolean }) {
    const rows = await proofRows(db, user.id);
    const domains = [...new Set(rows.filter((row) => row.kind === 'institution' && row.value).map((row) => row.value!))];
    const counts = domains.length ? await db.select().from(institutionMembers).where(inArray(institutionMembers.domain, domains)) : [];
    const list: Verification[] = verificationsOf(
      { ...user, rows, institutionCounts: new Map(counts.map((row) => [row.domain, row.membersCount])) },
      institutions,
      config.institutionChipMinMembers,
    );
    return { verifications: list, identity: chipsOf(list), is_verified: isVerifiedAccount(list) };
  }

  /** Records an institution proof and counts the member once; false when the account already held it. */
  async function addInstitution(executor: Executor, userId: number, domain: string, at: Date): Promise<boolean> {
    const added = await executor
      .insert(verifications)
      .values({ userId, kind: 'institution', value: domain, verifiedAt: at })
      .onConflictDoNothing()
      .returning({ id: verifications.id });
    if (!added.length) return false;
    await executor
      .insert(institutionMembers)
      .values({ domain, membersCount: 1 })
      .onConflictDoUpdate({ target: institutionMembers.domain, set: { membersCount: sql`${institutionMembers.membersCount} + 1` } });
    return true;
  }

  /**
   * At sign-in, the address counts too: an institution's address gives that institution's proof (the academic
   * one comes from the account's identity class). Claimed like a verified address, so it is counted once.
   */
  async function recordSignIn(userId: number, email: string): Promise<void> {
    const { institution } = proofOf(email);
    if (!institution) return;
    const rows = await proofRows(db, userId);
    if (rows.some((row) => row.kind === 'institution' && row.value === institution.domain)) return;
    await db.transaction(async (tx) => {
      if (await claimAddress(tx, email, userId)) await addInstitution(tx, userId, institution.domain, clock());
    });
  }

  /** Step one: mail a code to an address that can prove something; a personal address is refused before any mail. */
  async function sendCode(email: string, ip: string, lang: Lang = 'en'): Promise<void> {
    if (!proofOf(email).academic) throw new VerificationError(VERIFICATION_MESSAGES.personal);
    await otp.send(email, ip, 'verification', lang);
  }

  /**
   * Step two: the code proves the address; its proof is added to the account. `changed` is false when the account
   * already held everything the address proves (the profile is then unchanged).
   */
  async function verifyCode(
    user: { id: number; identityClass: string },
    email: string,
    code: string,
    ip: string,
  ): Promise<{ changed: boolean }> {
    const proof = proofOf(email);
    if (!proof.academic) throw new VerificationError(VERIFICATION_MESSAGES.personal);
    await otp.verify(email, code, 'verification', ip);
    const held = { identityClass: user.identityClass, rows: await proofRows(db, user.id) };
    const adds = proof.institution
      ? !meetsRequirement(held, { kind: 'institution', value: proof.institution.domain })
      : !meetsRequirement(held, { kind: 'academic', value: null });
    if (!adds) return { changed: false };
    const now = clock();
    await db.transaction(async (tx) => {
      if (!(await claimAddress(tx, email, user.id))) throw new VerificationError(VERIFICATION_MESSAGES.claimed);
      if (proof.institution) await addInstitution(tx, user.id, proof.institution.domain, now);
      else await tx.insert(verifications).values({ userId: user.id, kind: 'academic', verifiedAt: now }).onConflictDoNothing();
    });
    return { changed: true };
  }

  /** Throws RequirementNotMetError unless the person meets the circle's requirement (none: always met). */
  async function assertMeets(
    userId: number,
    circle: { name: string; requirement: CircleRequirement | null },
    action: GuardedAction,
  ): Promise<void> {
    const requirement = circle.requirement;
    if (!requirement) return;
    const [user] = await db.select({ identityClass: users.identityClass }).from(users).where(eq(users.id, userId)).limit(1);
    const rows = await proofRows(db, userId);
    if (user && meetsRequirement({ identityClass: user.identityClass, rows }, requirement)) return;
    throw new RequirementNotMetError(requirementMessage(requirement, circle.name, action, institutions), requirement);
  }

  return { proofOf, profileVerifications, recordSignIn, sendCode, verifyCode, assertMeets };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
