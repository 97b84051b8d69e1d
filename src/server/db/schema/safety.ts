import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { comments } from './comments.ts';
import { posts } from './posts.ts';

/**
 * The scam shield's suspect registry: identifiers (UPI IDs, phone numbers, links, domains, Telegram and WhatsApp
 * handles) taken from items staff removed as scams (`registered`: any later item carrying one is held), or from items
 * enough distinct members reported as scams (`suspected`: later items are warned about). One row per identifier.
 */
export const scamIdentifiers = pgTable(
  'scam_identifiers',
  {
    id: serial('id').primaryKey(),
    /** 'upi' | 'phone' | 'url' | 'domain' | 'telegram' | 'whatsapp' */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    /** 'registered' | 'suspected' */
    status: text('status').notNull(),
    sourcePostId: integer('source_post_id').references(() => posts.id, { onDelete: 'set null' }),
    sourceCommentId: integer('source_comment_id').references(() => comments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('scam_identifiers_kind_value_idx').on(t.kind, t.value), index('scam_identifiers_created_idx').on(t.createdAt, t.id)],
);

/**
 * Who reported an identifier as a scam (a member's `scam` report, or a channel owner's removal as `scam`), to count
 * each member once: the member is kept only as a keyed hash of their id under the identity key (`witness_key`), never
 * linked to the account, so the registry holds nothing about the person.
 */
export const scamIdentifierReports = pgTable(
  'scam_identifier_reports',
  {
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    witnessKey: text('witness_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value, t.witnessKey] })],
);

/**
 * A staff decision on an item the shield flagged or members reported, kept as a labelled example for retraining:
 * removed as a scam ('scam'), or restored / dismissed as not one ('legit'), with the text the shield read. Goes with
 * its author's account (erasure).
 */
export const scamDecisions = pgTable(
  'scam_decisions',
  {
    id: serial('id').primaryKey(),
    label: text('label', { enum: ['scam', 'legit'] }).notNull(),
    text: text('text').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id'),
    commentId: integer('comment_id'),
    createdAt: createdAt(),
  },
  (t) => [index('scam_decisions_author_idx').on(t.authorId), index('scam_decisions_item_idx').on(t.postId, t.commentId)],
);

/**
 * The scam model's versions: each retraining's candidate with its figures on the frozen split and the decisions it
 * learnt from; one is active (every instance scores with it). `status`: active, kept (promoted once, not in use now),
 * refused (worse than the active one on the frozen split; `outcome` says how).
 */
export const shieldModels = pgTable(
  'shield_models',
  {
    id: serial('id').primaryKey(),
    model: jsonb('model').notNull(),
    precision: doublePrecision('precision').notNull(),
    recall: doublePrecision('recall').notNull(),
    decisions: integer('decisions').notNull().default(0),
    status: text('status', { enum: ['active', 'kept', 'refused'] }).notNull(),
    outcome: text('outcome').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('shield_models_created_idx').on(t.createdAt.desc(), t.id.desc())],
);
