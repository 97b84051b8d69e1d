import { bindTo } from '../../db/bind.ts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consents } from '../../db/schema/index.ts';
import { NOTICE_VERSION } from '../../../lib/privacy-notice.ts';
import { fieldErrors, say } from '../../platform/errors.ts';

export type ConsentStatus = { version: string; required: boolean; consented_version: string | null; agreed_at: string | null };

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

export async function consentStatus(db: Db, userId: number): Promise<ConsentStatus> {
  const [latest] = await db
    .select()
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.agreedAt), desc(consents.id))
    .limit(1);
  const current = latest?.noticeVersion === NOTICE_VERSION && latest.adult;
  return {
    version: NOTICE_VERSION,
    required: !current,
    consented_version: latest?.noticeVersion ?? null,
    agreed_at: latest?.agreedAt.toISOString() ?? null,
  };
}

/**
 * Records that an adult member agreed to the notice `version` (which must be the current one). An answer of under
 * 18 records nothing: the caller erases the account.
 */
export async function recordConsent(db: Db, userId: number, version: string, now: Date): Promise<ConsentStatus> {
  if (version !== NOTICE_VERSION) throw fieldErrors({ version: [STALE_NOTICE] });
  if (!(await hasCurrentConsent(db, userId))) {
    await db.insert(consents).values({ userId, noticeVersion: version, adult: true, agreedAt: now });
  }
  return consentStatus(db, userId);
}

/** Consent to the privacy notice: its status and recording an agreement. */
export const createConsentService = ({ db }: { db: Db }) => bindTo(db, { status: consentStatus, record: recordConsent });
