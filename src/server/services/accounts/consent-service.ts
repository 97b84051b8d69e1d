import { and, desc, eq } from 'drizzle-orm';
import type { ConsentStatus } from '../../../lib/api-types.ts';
import type { Db } from '../../db/client.ts';
import { consents, users } from '../../db/schema/index.ts';
import { noticeChangesSince, type PolicyNotice } from '../../../content/page-files.ts';
import { fieldErrors, say } from '../../platform/errors.ts';

/** The member's consent (the API's ConsentStatus): derived version, whether to agree (again), the changes since, a withdrawal. */
export type { ConsentStatus };

export const STALE_NOTICE = say('errors.consent.staleNotice');

/** A stored notice version as a number (versions before the notice was derived from the privacy page read as none). */
const versionOf = (stored: string | null | undefined) => (stored && /^\d+$/.test(stored) ? Number(stored) : null);

type ConsentDeps = { db: Db; graceHours: number; notice: PolicyNotice };

/** Whether the member agreed to the current notice (the gate reads the same through findSignedInUser). */
async function hasCurrentConsent({ db, notice }: ConsentDeps, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.noticeVersion, String(notice.version)), eq(consents.adult, true)))
    .limit(1);
  return Boolean(row);
}

async function consentStatus({ db, graceHours, notice }: ConsentDeps, userId: number, lang: string): Promise<ConsentStatus> {
  const [user] = await db.select({ withdrawnAt: users.consentWithdrawnAt }).from(users).where(eq(users.id, userId)).limit(1);
  const withdrawnAt = user?.withdrawnAt ?? null;
  const [latest] = await db
    .select()
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.adult, true)))
    .orderBy(desc(consents.agreedAt), desc(consents.id))
    .limit(1);
  const consented = withdrawnAt ? null : versionOf(latest?.noticeVersion);
  return {
    version: notice.version,
    required: consented !== notice.version,
    consented_version: consented,
    agreed_at: withdrawnAt ? null : (latest?.agreedAt.toISOString() ?? null),
    changes: consented === notice.version ? [] : noticeChangesSince(notice, consented, lang),
    withdrawn_at: withdrawnAt?.toISOString() ?? null,
    erase_after: withdrawnAt ? new Date(withdrawnAt.getTime() + graceHours * 3_600_000).toISOString() : null,
  };
}

/**
 * Records that an adult member agreed to the notice `version` (which must be the current one). An answer of under
 * 18 records nothing: the caller erases the account.
 */
async function recordConsent(deps: ConsentDeps, userId: number, version: number, now: Date, lang: string): Promise<ConsentStatus> {
  const { db } = deps;
  if (version !== deps.notice.version) throw fieldErrors({ version: [STALE_NOTICE] });
  const [user] = await db.select({ withdrawnAt: users.consentWithdrawnAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (user?.withdrawnAt || !(await hasCurrentConsent(deps, userId))) {
    await db.insert(consents).values({ userId, noticeVersion: String(version), adult: true, agreedAt: now });
  }
  // Agreeing again within the grace period cancels a withdrawal: the erasure job then finds nothing to do.
  if (user?.withdrawnAt) await db.update(users).set({ consentWithdrawnAt: null }).where(eq(users.id, userId));
  return consentStatus(deps, userId, lang);
}

/** Consent to the privacy notice: its status and recording an agreement. */
export const createConsentService = (deps: ConsentDeps) => ({
  /** The notice members agree to now. */
  notice: deps.notice,
  status: (userId: number, lang = 'en') => consentStatus(deps, userId, lang),
  record: (userId: number, version: number, now: Date, lang = 'en') => recordConsent(deps, userId, version, now, lang),
});
