import { MODERATION_STATUSES, SCAM_VERDICTS } from '../../../lib/statuses.ts';
import { boolean, customType, jsonb, text, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers several tables share. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * What the scam shield and the moderators decided about a piece of writing. `moderation_status`: 'visible' |
 * 'held' (its author and staff only) | 'removed' (shown as "Removed by moderators: <reason>"); `scam_verdict`:
 * 'ok' | 'warn' (readers see a banner) | 'held'; `moderation_reasons` are the shield's reasons, for staff only.
 */
export const moderationColumns = () => ({
  moderationStatus: text('moderation_status', { enum: MODERATION_STATUSES }).notNull().default('visible'),
  scamVerdict: text('scam_verdict', { enum: SCAM_VERDICTS }).notNull().default('ok'),
  moderationReasons: jsonb('moderation_reasons').$type<string[]>().notNull().default([]),
  removedReason: text('removed_reason'),
  /** Held because AUTO_HIDE_REPORTS members reported it (not by the shield): its author sees "Hidden pending review". */
  hiddenByReports: boolean('hidden_by_reports').notNull().default(false),
  /**
   * The words read from the item's images (OCR), kept only when they changed the shield's verdict: what the shield
   * saw, for staff's decisions to teach it and to register a screenshot's identifiers. Null otherwise.
   */
  imageText: text('image_text'),
});
