import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consents, users } from '../../db/schema/index.ts';
import { NOTICE_VERSION } from '../../../lib/privacy-notice.ts';
import { fieldErrors, say } from '../../platform/errors.ts';

/** The member's consent: the notice's version, whether they must agree (again), what they agreed to, and a withdrawal in force. */
export type ConsentStatus = {
  version: string;
  required: boolean;
  consented_version: string | null;
  agreed_at: string | null;
  /** When the member withdrew consent, and when the account is erased unless they agree again (null: no withdrawal). */
  withdrawn_at: string | null;
  erase_after: string | null;
};

export const STALE_NOTICE = say('errors.consent.staleNotice');

/** Whether the member agreed to the current notice (the gate reads the same through findSignedInUser). */
export async function hasCurrentConsent(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.noticeVersion, NOTICE_VERSION), eq(consents.adult, true)))
    .limit(1);
  return Boolean(row);
}

export async function consentStatus(db: Db, userId: number, graceHours = 72): Promise<ConsentStatus> {
  const [user] = await db.select({ withdrawnAt: users.consentWithdrawnAt }).from(users).where(eq(users.id, userId)).limit(1);
  const withdrawnAt = user?.withdrawnAt ?? null;
  const [latest] = await db
    .select()
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.agreedAt), desc(consents.id))
    .limit(1);
  const current = latest?.noticeVersion === NOTICE_VERSION && latest.adult && withdrawnAt === null;
  return {
    version: NOTICE_VERSION,
    required: !current,
    consented_version: withdrawnAt ? null : (latest?.noticeVersion ?? null),
    agreed_at: withdrawnAt ? null : (latest?.agreedAt.toISOString() ?? null),
    withdrawn_at: withdrawnAt?.toISOString() ?? null,
    erase_after: withdrawnAt ? new Date(withdrawnAt.getTime() + graceHours * 3_600_000).toISOString() : null,
  };
}

/**
 * Records that an adult member agreed to the notice `version` (which must be the current one). An answer of under
 * 18 records nothing: the caller erases the account.
 */
export async function recordConsent(db: Db, userId: number, version: string, now: Date, graceHours = 72): Promise<ConsentStatus> {
  if (version !== NOTICE_VERSION) throw fieldErrors({ version: [STALE_NOTICE] });
  const [user] = await db.select({ withdrawnAt: users.consentWithdrawnAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (user?.withdrawnAt || !(await hasCurrentConsent(db, userId))) {
    await db.insert(consents).values({ userId, noticeVersion: version, adult: true, agreedAt: now });
  }
  // Agreeing again within the grace period cancels a withdrawal: the erasure job then finds nothing to do.
  if (user?.withdrawnAt) await db.update(users).set({ consentWithdrawnAt: null }).where(eq(users.id, userId));
  return consentStatus(db, userId, graceHours);
}

/** Consent to the privacy notice: its status and recording an agreement. */
export const createConsentService = ({ db, graceHours }: { db: Db; graceHours: number }) => ({
  status: (userId: number) => consentStatus(db, userId, graceHours),
  record: (userId: number, version: string, now: Date) => recordConsent(db, userId, version, now, graceHours),
});
