import { CREDENTIAL_STATUSES } from '../../../lib/statuses.ts';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/**
 * What an account has proven beyond its sign-in address, never how: no address and no document, only the outcome.
 * kind 'academic' (value null), 'institution' (value: the institution's domain) or 'credential' (value: its kind).
 */
export const verifications = pgTable(
  'verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    value: text('value'),
    /** What the chip says for a credential ("Verified CA"); academic and institution chips are derived. */
    label: text('label'),
    /** The staff role that decided a credential ('moderator' | 'admin'); null for an e-mail proof. */
    decidedByRole: text('decided_by_role'),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('verifications_user_kind_value_idx').on(t.userId, t.kind, sql`coalesce(${t.value}, '')`)],
);

/** Verified members per institution, kept with each new institution verification (the chip's k-anonymity threshold). */
export const institutionMembers = pgTable('institution_members', {
  domain: text('domain').primaryKey(),
  membersCount: integer('members_count').notNull().default(0),
});

/**
 * Keyed hashes of the addresses that have verified an account, so one mailbox verifies one account only. No
 * account id and no time: the table says an address was used, never by whom. `owner_key` is a keyed hash of the
 * claiming account (readable only with the identity key), so the account's erasure frees its addresses.
 */
export const verifiedAddressClaims = pgTable(
  'verified_address_claims',
  {
    addressHash: text('address_hash').primaryKey(),
    ownerKey: text('owner_key'),
  },
  (t) => [index('verified_address_claims_owner_idx').on(t.ownerKey)],
);

/** A professional credential sent for review. The document lives outside the public media folder until decided or 30 days old. */
export const credentialRequests = pgTable(
  'credential_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'ca' | 'cfa' | 'doctor' | 'lawyer' | 'engineer' | 'other' */
    kind: text('kind').notNull(),
    /** The credential's name for kind 'other'. */
    name: text('name'),
    /** 'pending' | 'approved' | 'rejected' | 'expired' */
    status: text('status', { enum: CREDENTIAL_STATUSES }).notNull().default('pending'),
    /** File name in the private documents folder; null once the document is deleted. */
    documentFile: text('document_file'),
    /** 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf' while the document exists. */
    documentType: text('document_type'),
    reason: text('reason'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedByRole: text('decided_by_role'),
  },
  (t) => [
    index('credential_requests_status_idx').on(t.status, t.createdAt, t.id),
    index('credential_requests_user_idx').on(t.userId, t.createdAt),
    index('credential_requests_document_idx')
      .on(t.createdAt)
      .where(sql`${t.documentFile} is not null`),
  ],
);

/** Every staff decision: who (role and handle), when, on what, the outcome and the reason; never a document. */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: serial('id').primaryKey(),
    staffRole: text('staff_role').notNull(),
    staffHandle: text('staff_handle').notNull(),
    /** e.g. 'credential.approve', 'credential.reject' */
    action: text('action').notNull(),
    subjectId: integer('subject_id').notNull(),
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('staff_audit_log_created_idx').on(t.createdAt.desc(), t.id.desc())],
);
