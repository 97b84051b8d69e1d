import { GRIEVANCE_STATUS_VALUES } from '../../../lib/statuses.ts';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  /** The sender's reply address, sealed (contact-service `sealAddress`): the database holds no e-mail address. */
  email: text('email').notNull(),
  message: text('message').notNull(),
  mailed: boolean('mailed').notNull().default(false),
  createdAt: createdAt(),
});

/**
 * A complaint to the grievance officer (IT Rules 2021, rule 3(2)): anyone may file one, signed in or not.
 * The complainant's reply address is sealed like a contact message's; the tracking key is kept only as a hash.
 * `dueAt` is the next deadline while the ticket is open (null once closed), so the staff list is one indexed scan.
 */
export const grievances = pgTable(
  'grievances',
  {
    id: serial('id').primaryKey(),
    ticket: text('ticket').notNull().unique(),
    keyHash: text('key_hash').notNull(),
    category: text('category').notNull(),
    contentLink: text('content_link').notNull(),
    description: text('description').notNull(),
    /** Sealed with contact-service `sealAddress`: the database holds no e-mail address. */
    replyAddress: text('reply_address').notNull(),
    /** 'received' | 'acknowledged' | 'resolved' | 'rejected' */
    status: text('status', { enum: GRIEVANCE_STATUS_VALUES }).notNull().default('received'),
    /** Set when resolved: 'content_removed' | 'account_suspended' | 'content_restricted' | 'no_action' */
    actionTaken: text('action_taken'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    acknowledgeBy: timestamp('acknowledge_by', { withTimezone: true, mode: 'date' }).notNull(),
    resolveBy: timestamp('resolve_by', { withTimezone: true, mode: 'date' }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    /** The language the complaint was filed in (a code of LANGUAGE_LIST), so every mail about it is written in it; a language is not identifying. */
    lang: text('lang').notNull().default('en'),
  },
  (t) => [
    index('grievances_due_idx').on(t.dueAt, t.id),
    index('grievances_created_idx').on(t.createdAt, t.id),
    index('grievances_resolved_idx').on(t.resolvedAt),
  ],
);

/** Each status change of a grievance, shown to the complainant as its history. */
export const grievanceEvents = pgTable(
  'grievance_events',
  {
    id: serial('id').primaryKey(),
    grievanceId: integer('grievance_id')
      .notNull()
      .references(() => grievances.id, { onDelete: 'cascade' }),
    status: text('status', { enum: GRIEVANCE_STATUS_VALUES }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('grievance_events_grievance_idx').on(t.grievanceId, t.createdAt)],
);
