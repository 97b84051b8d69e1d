import type { CredentialStatus } from '../../../lib/statuses.ts';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CredentialKind, CredentialRequest, StaffCredentialRequest } from '../../../lib/api-types.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import { credentialRequests, staffAuditLog, verifications } from '../../db/schema/index.ts';
import { detail, fieldErrors, notFound, say, wordMessage } from '../../platform/errors.ts';
import { InvalidMediaError, reencodeImage, detectMedia, recognise, SNIFF_BYTES } from '../media/index.ts';
import { cleanPdf, InvalidPdfError, UncleanablePdfError } from './pdf-metadata.ts';
import type { StaffRole } from '../accounts/index.ts';
import { credentialLabel, credentialName } from './verification-rules.ts';

/**
 * Professional credentials. A person sends a certificate or ID card (an image, re-encoded without its metadata, or
 * a PDF rebuilt from what its pages show); it waits outside the public media folder until staff decide, and is deleted at
 * the decision, or in any case DOCUMENT_LIFETIME_DAYS after upload. Only the outcome stays: "Verified CA", the date
 * and the deciding staff role. Staff never see the sender's handle beside a document, so a name on a certificate
 * is never tied to an account.
 */

export const DOCUMENT_LIFETIME_DAYS = 30;
const DAY_MS = 86_400_000;

export const CREDENTIAL_MESSAGES = {
  invalidDocument: say('errors.credentials.invalidDocument'),
  pdfNotCleanable: say('api.pdfNotCleanable'),
  pending: say('errors.credentials.pending'),
  held: say('errors.credentials.held'),
  notFound: say('api.notFound'),
  decided: say('errors.credentials.decided'),
  expired: say('errors.credentials.expired', { days: DOCUMENT_LIFETIME_DAYS }),
} as const;

const IMAGE_TYPES = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

type RequestRow = typeof credentialRequests.$inferSelect;

const toRequest = (row: RequestRow): CredentialRequest => ({
  id: row.id,
  kind: row.kind as CredentialKind,
  name: row.name,
  status: row.status,
  reason: row.reason,
  created_at: row.createdAt.toISOString(),
  decided_at: row.decidedAt?.toISOString() ?? null,
});

const toStaffRequest = (row: RequestRow): StaffCredentialRequest => ({
  ...toRequest(row),
  document_type: row.documentType,
  document_url: row.documentFile ? `/api/staff/verifications/${row.id}/document/` : null,
});

/** The hourly job that deletes documents past their lifetime (also run once at start, app.ts). */
export const DOCUMENT_PURGE_JOB = 'credential-document-purge';

export type CredentialDeps = {
  db: Db;
  jobs: JobQueue;
  config: { documentsDir: string };
  clock: () => Date;
  log: FastifyBaseLogger;
};

export function createCredentialService({ db, jobs, config, clock, log }: CredentialDeps) {
  const fileOf = (name: string) => path.join(config.documentsDir, path.basename(name));

  async function deleteDocument(name: string | null) {
    if (!name) return;
    await rm(fileOf(name), { force: true }).catch((error) => log.error({ err: error }, 'credential document could not be deleted'));
  }

  /** Content-checks a document and returns it without metadata, with its type and file extension. */
  async function cleanDocument(bytes: Buffer): Promise<{ data: Uint8Array; type: string; extension: string }> {
    try {
      if ((await recognise(bytes.subarray(0, SNIFF_BYTES))) === 'pdf')
        return { data: await cleanPdf(bytes), type: 'application/pdf', extension: 'pdf' };
      const media = await detectMedia(bytes.subarray(0, SNIFF_BYTES));
      if (media && (media.format === 'png' || media.format === 'jpeg' || media.format === 'webp')) {
        return { data: await reencodeImage(bytes, media.format), type: IMAGE_TYPES[media.format], extension: media.extension };
      }
    } catch (error) {
      if (error instanceof InvalidMediaError && error.userMessage) throw fieldErrors({ document: [error.userMessage] });
      if (error instanceof UncleanablePdfError) throw fieldErrors({ document: [CREDENTIAL_MESSAGES.pdfNotCleanable] });
      if (!(error instanceof InvalidMediaError || error instanceof InvalidPdfError)) throw error;
    }
    throw fieldErrors({ document: [CREDENTIAL_MESSAGES.invalidDocument] });
  }

  async function submit(
    userId: number,
    input: { kind: CredentialKind; name: string | null },
    document: Buffer,
  ): Promise<{ id: number; status: 'pending' }> {
    const value = input.kind;
    const [held] = await db
      .select({ label: verifications.label })
      .from(verifications)
      .where(and(eq(verifications.userId, userId), eq(verifications.kind, 'credential'), eq(verifications.value, value)))
      .limit(1);
    if (held && (input.kind !== 'other' || held.label === credentialLabel('other', input.name)))
      throw detail(400, CREDENTIAL_MESSAGES.held);
    const [pending] = await db
      .select({ id: credentialRequests.id })
      .from(credentialRequests)
      .where(and(eq(credentialRequests.userId, userId), eq(credentialRequests.kind, input.kind), eq(credentialRequests.status, 'pending')))
      .limit(1);
    if (pending) throw detail(400, CREDENTIAL_MESSAGES.pending);

    const clean = await cleanDocument(document);
    const file = `${randomUUID()}.${clean.extension}`;
    await mkdir(config.documentsDir, { recursive: true, mode: 0o700 });
    await writeFile(fileOf(file), clean.data, { mode: 0o600 });
    try {
      const [row] = await db
        .insert(credentialRequests)
        .values({ userId, kind: input.kind, name: input.name, documentFile: file, documentType: clean.type, createdAt: clock() })
        .returning({ id: credentialRequests.id });
      return { id: row.id, status: 'pending' };
    } catch (error) {
      await deleteDocument(file);
      throw error;
    }
  }

  /** One page of credential requests in an order. */
  const requestRows = (where: SQL, order: SQL[], limit: number, offset: number) =>
    db
      .select()
      .from(credentialRequests)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  const ofUser = (userId: number) => eq(credentialRequests.userId, userId);
  const ofStatus = (status: CredentialStatus) => eq(credentialRequests.status, status);

  /** A person's own requests, newest first. */
  const mine = {
    count: (userId: number) => db.$count(credentialRequests, ofUser(userId)),
    load: async (userId: number, limit: number, offset: number) =>
      (await requestRows(ofUser(userId), [desc(credentialRequests.createdAt), desc(credentialRequests.id)], limit, offset)).map(toRequest),
  };

  /** The staff queue of one status, oldest first (pending requests are worked in the order they came). */
  const queue = {
    count: (status: CredentialStatus) => db.$count(credentialRequests, ofStatus(status)),
    load: async (status: CredentialStatus, limit: number, offset: number) =>
      (await requestRows(ofStatus(status), [asc(credentialRequests.createdAt), asc(credentialRequests.id)], limit, offset)).map(
        toStaffRequest,
      ),
  };

  /** The file and type of a document still waiting for review, for staff to view. */
  async function document(id: number): Promise<{ file: string; type: string } | null> {
    const [row] = await db
      .select({ file: credentialRequests.documentFile, type: credentialRequests.documentType })
      .from(credentialRequests)
      .where(eq(credentialRequests.id, id))
      .limit(1);
    return row?.file && row.type ? { file: fileOf(row.file), type: row.type } : null;
  }

  /**
   * Approves or rejects a pending request: the outcome is recorded (approved: the credential's verification),
   * the decision is written to the audit log, and the document is deleted at once. One decision wins a race.
   */
  async function decide(
    id: number,
    staff: { role: StaffRole; handle: string },
    decision: 'approve' | 'reject',
    reason: string,
  ): Promise<StaffCredentialRequest> {
    const now = clock();
    const { row, file } = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(credentialRequests).where(eq(credentialRequests.id, id)).for('update').limit(1);
      if (!before) throw notFound(CREDENTIAL_MESSAGES.notFound);
      if (before.status !== 'pending') throw detail(409, CREDENTIAL_MESSAGES.decided);
      const [after] = await tx
        .update(credentialRequests)
        .set({
          status: decision === 'approve' ? 'approved' : 'rejected',
          reason: reason || null,
          decidedAt: now,
          decidedByRole: staff.role,
          documentFile: null,
          documentType: null,
        })
        .where(and(eq(credentialRequests.id, id), eq(credentialRequests.status, 'pending')))
        .returning();
      if (decision === 'approve') {
        const kind = before.kind as CredentialKind;
        const proof = { label: credentialLabel(kind, before.name), decidedByRole: staff.role, verifiedAt: now };
        // One credential proof per kind: a new approval (another 'other' name, say) replaces the earlier one.
        const held = and(eq(verifications.userId, before.userId), eq(verifications.kind, 'credential'), eq(verifications.value, kind));
        const replaced = await tx.update(verifications).set(proof).where(held).returning({ id: verifications.id });
        if (!replaced.length) await tx.insert(verifications).values({ userId: before.userId, kind: 'credential', value: kind, ...proof });
      }
      await tx.insert(staffAuditLog).values({
        staffRole: staff.role,
        staffHandle: staff.handle,
        action: `credential.${decision}`,
        subjectId: id,
        outcome: `${decision === 'approve' ? 'approved' : 'rejected'}: ${credentialName(before.kind as CredentialKind, before.name)}`,
        reason,
        createdAt: now,
      });
      return { row: after, file: before.documentFile };
    });
    await deleteDocument(file);
    return toStaffRequest(row);
  }

  /** Deletes every document older than DOCUMENT_LIFETIME_DAYS; an undecided request becomes 'expired'. Returns how many. */
  async function purgeExpiredDocuments(now = clock()): Promise<number> {
    const cutoff = new Date(now.getTime() - DOCUMENT_LIFETIME_DAYS * DAY_MS);
    const expired = await db
      .select({ id: credentialRequests.id, file: credentialRequests.documentFile, status: credentialRequests.status })
      .from(credentialRequests)
      .where(and(isNotNull(credentialRequests.documentFile), lt(credentialRequests.createdAt, cutoff)))
      .limit(1000);
    for (const row of expired) {
      const pending = row.status === 'pending';
      await db
        .update(credentialRequests)
        .set({
          documentFile: null,
          documentType: null,
          ...(pending ? { status: 'expired', reason: wordMessage(CREDENTIAL_MESSAGES.expired, 'en'), decidedAt: now } : {}),
        })
        .where(eq(credentialRequests.id, row.id));
      await deleteDocument(row.file);
    }
    return expired.length;
  }

  /** The audit log, newest first. */
  const auditLog = {
    count: () => db.$count(staffAuditLog),
    load: async (limit: number, offset: number) =>
      (
        await db.select().from(staffAuditLog).orderBy(desc(staffAuditLog.createdAt), desc(staffAuditLog.id)).limit(limit).offset(offset)
      ).map((row) => ({
        id: row.id,
        staff_role: row.staffRole,
        staff_handle: row.staffHandle,
        action: row.action,
        subject_id: row.subjectId,
        outcome: row.outcome,
        reason: row.reason,
        created_at: row.createdAt.toISOString(),
      })),
  };

  jobs.define({ name: DOCUMENT_PURGE_JOB, run: async () => void (await purgeExpiredDocuments()), cron: '0 * * * *', retryLimit: 1 });

  return { submit, mine, queue, document, decide, purgeExpiredDocuments, auditLog };
}

export type CredentialService = ReturnType<typeof createCredentialService>;
