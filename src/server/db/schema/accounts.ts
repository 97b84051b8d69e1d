import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** An account never stores the e-mail address: only its keyed hash and the class of what was verified. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  emailHash: text('email_hash').notNull().unique(),
  /** 'academic' | 'standard' (what the verified address proves, never the address). */
  identityClass: text('identity_class').notNull().default('standard'),
  username: text('username').notNull().unique(),
  color: text('color').notNull(),
  animal: text('animal').notNull(),
  profileImage: text('profile_image'),
  isAadhaarVerified: boolean('is_aadhaar_verified').notNull().default(false),
  profileCreatedAt: timestamp('profile_created_at', { withTimezone: true, mode: 'date' }),
  /** Words whose posts collapse for this member ("Hidden: contains a muted word"), lower case. */
  mutedWords: jsonb('muted_words').$type<string[]>().notNull().default([]),
  /**
   * The languages the member reads ("Show posts in"), as BCP 47 tags of src/lib/post-languages.ts; null until they
   * choose, when their screens' language and English apply. Feeds show posts in these (and undetermined ones).
   */
  readingLanguages: jsonb('reading_languages').$type<string[]>(),
  createdAt: createdAt(),
  /** Set when the member asked to delete the account: from then on its tokens are refused while the erasure job runs. */
  erasureRequestedAt: timestamp('erasure_requested_at', { withTimezone: true, mode: 'date' }),
  /** When the member withdrew consent (DPDP Rule 3): their tokens of before are refused, and the account is erased once
   * WITHDRAWAL_GRACE_HOURS have passed unless they sign in and agree again. */
  consentWithdrawnAt: timestamp('consent_withdrawn_at', { withTimezone: true, mode: 'date' }),
});

/**
 * One live code per address and requesting network (`requester`: a keyed hash of the requester's IPv4 /24 or IPv6
 * /64), so a stranger asking for codes or guessing wrong from elsewhere never blocks or kills the owner's code.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    emailHash: text('email_hash').notNull(),
    requester: text('requester').notNull().default(''),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.emailHash, t.requester] })],
);

/** One row per code sent, for the per-address hourly limit (counted per requesting network). */
export const otpSends = pgTable(
  'otp_sends',
  {
    id: serial('id').primaryKey(),
    emailHash: text('email_hash').notNull(),
    requester: text('requester').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('otp_sends_email_sent_idx').on(t.emailHash, t.sentAt),
    index('otp_sends_email_requester_sent_idx').on(t.emailHash, t.requester, t.sentAt),
  ],
);

export const blacklistedTokens = pgTable('blacklisted_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});

/**
 * Sessions ended by a logout or by the reuse of a rotated refresh token: every token carrying the session id
 * (`sid`) is refused. Kept until any token of the session would have expired anyway.
 */
export const revokedSessions = pgTable('revoked_sessions', {
  sid: text('sid').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});

/** A member who no longer sees another's posts and comments, and whose posts that other may not comment on. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId, t.blockerId)],
);

/** Staff roles, granted and revoked only from the server's command line (`npm run admin`). */
export const staffRoles = pgTable('staff_roles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 'moderator' | 'admin' */
  role: text('role').notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Each time a member agreed to the privacy notice (DPDP Act 2023): which version, that they said they are 18 or older, when. */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    noticeVersion: text('notice_version').notNull(),
    adult: boolean('adult').notNull(),
    agreedAt: timestamp('agreed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('consents_user_idx').on(t.userId, t.noticeVersion)],
);
