import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PUSH_KINDS } from '../../../lib/push-rules.ts';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/**
 * Web Push subscriptions: one row per browser a member turned push notifications on in, as its push service gave it
 * (the endpoint URL and the keys the payload is encrypted to). An endpoint belongs to one member: subscribing it again
 * (the same browser, perhaps another account signed in on it) updates the row. Quiet hours are minutes after midnight
 * in `time_zone`, all three set or none. `lang` is the language the browser asked in, so pushes read as the app does.
 * Removed when the member turns push off, when the push service says the subscription is gone (404/410), or with
 * the account.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and its 16-byte auth secret (RFC 8291), base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    kinds: text('kinds', { enum: PUSH_KINDS }).array().notNull(),
    quietStart: smallint('quiet_start'),
    quietEnd: smallint('quiet_end'),
    timeZone: text('time_zone'),
    lang: text('lang').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    check(
      'push_subscriptions_quiet_hours',
      sql`(${t.quietStart} is null and ${t.quietEnd} is null and ${t.timeZone} is null) or (${t.quietStart} between 0 and 1439 and ${t.quietEnd} between 0 and 1439 and ${t.timeZone} is not null)`,
    ),
  ],
);
