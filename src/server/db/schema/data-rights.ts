import { EXPORT_STATUSES } from '../../../lib/statuses.ts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/** A member's "Download my data": prepared by a job, downloadable until `expiresAt`, then its file is purged. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'pending' | 'ready' | 'failed' */
    status: text('status', { enum: EXPORT_STATUSES }).notNull().default('pending'),
    /** The zip's name in the private exports folder (never under /media/); null until ready and after the purge. */
    fileName: text('file_name'),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('data_exports_one_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * An account being erased: what the member chose and how far the erasure job got, so a job stopped halfway resumes
 * where it was. The row goes with the account (the last step deletes the user, and this row with it).
 */
export const accountErasures = pgTable('account_erasures', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  eraseContent: boolean('erase_content').notNull(),
  /** Media files (names under the media folder) to delete, collected before any row that names them goes. */
  files: jsonb('files').$type<string[]>(),
  /** The last step done: null | 'collected' | 'content' | 'files'. */
  step: text('step'),
  requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
