import type { NotificationParams } from '../../lib/notification-messages.ts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * What the scam shield and the moderators decided about a piece of writing. `moderation_status`: 'visible' |
 * 'held' (its author and staff only) | 'removed' (shown as "Removed by moderators: <reason>"); `scam_verdict`:
 * 'ok' | 'warn' (readers see a banner) | 'held'; `moderation_reasons` are the shield's reasons, for staff only.
 */
const moderationColumns = () => ({
  moderationStatus: text('moderation_status').notNull().default('visible'),
  scamVerdict: text('scam_verdict').notNull().default('ok'),
  moderationReasons: jsonb('moderation_reasons').$type<string[]>().notNull().default([]),
  removedReason: text('removed_reason'),
  /** Held because AUTO_HIDE_REPORTS members reported it (not by the shield): its author sees "Hidden pending review". */
  hiddenByReports: boolean('hidden_by_reports').notNull().default(false),
});

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
  createdAt: createdAt(),
  /** Set when the member asked to delete the account: from then on its tokens are refused while the erasure job runs. */
  erasureRequestedAt: timestamp('erasure_requested_at', { withTimezone: true, mode: 'date' }),
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
  (t) => [index('otp_sends_email_sent_idx').on(t.emailHash, t.sentAt), index('otp_sends_email_requester_sent_idx').on(t.emailHash, t.requester, t.sentAt)],
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

export const circles = pgTable(
  'circles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    channelType: text('channel_type').notNull().default('public'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    themeColors: jsonb('theme_colors').$type<{ primary: string; secondary: string }>().notNull(),
    membersCount: integer('members_count').notNull().default(0),
    /** Kept by a trigger on posts, counting visible posts only, so a feed's total is a sum over circles, not a scan of posts. */
    postsCount: integer('posts_count').notNull().default(0),
    /** The scam shield on the description: 'ok' | 'warn' | 'held' (a held description is shown to its owner and staff only). */
    descriptionVerdict: text('description_verdict').notNull().default('ok'),
    descriptionReasons: jsonb('description_reasons').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    /** What members must have verified to join, post and comment: null, 'academic', 'institution' or 'credential'. */
    requirementKind: text('requirement_kind'),
    /** The institution's mail domain, or the credential kind; null for 'academic'. */
    requirementValue: text('requirement_value'),
    /** Name (A) and description (B) word by word, and Hindi stems (D); every text read through bsq_search_text (drizzle/0020). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', bsq_search_text(coalesce(name, ''))), 'A') || setweight(to_tsvector('simple', bsq_search_text(coalesce(description, ''))), 'B') || setweight(to_tsvector('hindi', bsq_search_text(coalesce(name, '') || ' ' || coalesce(description, ''))), 'D')`,
      ),
    /** The name romanised and folded (bsq_search_skeleton): what a query in the other script is matched on, by trigrams. */
    searchSkeleton: text('search_skeleton').notNull().generatedAlwaysAs(sql`bsq_search_skeleton(coalesce(name, ''))`),
    /**
     * Visible posts of the last 7 days, Explore's "active" order: a new post counts at once (the posts trigger), and
     * the hourly activity job recounts it so posts older than a week drop out.
     */
    recentPosts: integer('recent_posts').notNull().default(0),
    /** The owner's rules, shown beside the channel's posts: up to 10 of {title, body}; empty shows the site's default rules. */
    rules: jsonb('rules').$type<{ title: string; body: string }[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('circles_name_lower_idx').on(sql`lower(${t.name})`),
    // Keyset orders (key desc, id desc): most members first, and most posts this week first.
    index('circles_members_keyset_idx').on(t.membersCount.desc(), t.id.desc()),
    index('circles_active_keyset_idx').on(t.recentPosts.desc(), t.id.desc()),
    index('circles_search_idx').using('gin', t.searchVector),
    index('circles_skeleton_idx').using('gin', sql`${t.searchSkeleton} gin_trgm_ops`),
  ],
);

export const circleMembers = pgTable(
  'circle_members',
  {
    circleId: integer('circle_id').notNull().references(() => circles.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** 'owner' | 'member' */
    role: text('role').notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.circleId, t.userId] }), index('circle_members_user_idx').on(t.userId, t.joinedAt)],
);

export const joinRequests = pgTable(
  'join_requests',
  {
    id: serial('id').primaryKey(),
    circleId: integer('circle_id').notNull().references(() => circles.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** 'pending' | 'approved' | 'rejected' */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('join_requests_circle_user_idx').on(t.circleId, t.userId), index('join_requests_status_idx').on(t.circleId, t.status)],
);

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    circleId: integer('circle_id').notNull().references(() => circles.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    videos: jsonb('videos').$type<string[]>().notNull().default([]),
    /**
     * Each video's poster frame (drawn in the member's browser, stored as an image with its variants), by the video's
     * URL; a video without one is absent. Its files go wherever the video goes (moved, removed, exported, erased).
     */
    videoPosters: jsonb('video_posters').$type<Record<string, string>>().notNull().default({}),
    likeCount: integer('like_count').notNull().default(0),
    dislikeCount: integer('dislike_count').notNull().default(0),
    /** Visible comments only, kept by a trigger on comments. */
    commentCount: integer('comment_count').notNull().default(0),
    ...moderationColumns(),
    createdAt: createdAt(),
    /** When its author last changed title or text; null if never. */
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    /**
     * The Hot order's key, set by a trigger on every write of the votes: log10(1 + |likes - dislikes|) with the
     * score's sign, plus the creation time in units of 45,000 seconds, so Hot is an index scan, never a computed sort.
     */
    hotRank: doublePrecision('hot_rank').notNull().default(0),
    /** Title (A) and text (B) word by word, and Hindi stems (D); every text read through bsq_search_text (drizzle/0020). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', bsq_search_text(coalesce(title, ''))), 'A') || setweight(to_tsvector('simple', bsq_search_text(regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'))), 'B') || setweight(to_tsvector('hindi', bsq_search_text(coalesce(title, '') || ' ' || regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'))), 'D')`,
      ),
    /** The title alone: Relevant search's candidates beyond the newest posts are posts whose title says the word. */
    titleVector: tsvector('title_vector').notNull().generatedAlwaysAs(sql`to_tsvector('simple', bsq_search_text(coalesce(title, '')))`),
    /** Title and the text's first 2,000 characters romanised and folded (bsq_search_skeleton), matched by trigrams. */
    searchSkeleton: text('search_skeleton')
      .notNull()
      .generatedAlwaysAs(sql`bsq_search_skeleton(left(coalesce(title, '') || ' ' || regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'), 2000))`),
  },
  (t) => [
    index('posts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('posts_circle_created_idx').on(t.circleId, t.createdAt.desc(), t.id.desc()),
    index('posts_hot_idx').on(t.hotRank.desc(), t.id.desc()),
    index('posts_circle_hot_idx').on(t.circleId, t.hotRank.desc(), t.id.desc()),
    // Top: the same DESC NULLS LAST as the other keyset orders, so one ORDER BY shape reads every feed index.
    index('posts_top_idx').on(sql`(${t.likeCount} - ${t.dislikeCount}) desc nulls last`, t.id.desc()),
    index('posts_circle_top_idx').on(t.circleId, sql`(${t.likeCount} - ${t.dislikeCount}) desc nulls last`, t.id.desc()),
    index('posts_author_created_idx').on(t.authorId, t.createdAt.desc(), t.id.desc()),
    index('posts_search_idx').using('gin', t.searchVector),
    index('posts_title_search_idx').using('gin', t.titleVector),
    index('posts_skeleton_idx').using('gin', sql`${t.searchSkeleton} gin_trgm_ops`),
  ],
);

export const postReactions = pgTable(
  'post_reactions',
  {
    postId: integer('post_id').notNull().references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** 'like' | 'dislike' */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_reactions_user_idx').on(t.userId)],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id').notNull().references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The comment this one replies to (same post); null for a top-level comment. */
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** Ids from the top-level comment down to this one (set by a trigger on insert): a thread's order and its subtree. */
    path: integer('path').array().notNull().default(sql`'{}'::integer[]`),
    /** 0 for a top-level comment, the parent's depth + 1 for a reply (set by the same trigger). */
    depth: integer('depth').notNull().default(0),
    /** Replies below it at any depth that are neither deleted nor held, kept by a trigger. */
    replyCount: integer('reply_count').notNull().default(0),
    body: text('body').notNull().default(''),
    /** 'image' | 'video' | null */
    mediaKind: text('media_kind'),
    mediaUrl: text('media_url'),
    /** The poster frame of a video comment (an image URL with its variants); null for an image, or a video without one. */
    mediaPoster: text('media_poster'),
    upvoteCount: integer('upvote_count').notNull().default(0),
    /** The Best order's key: log10(1 + upvotes) + creation time / 45,000 s, set by a trigger (the Hot formula). */
    hotRank: doublePrecision('hot_rank').notNull().default(0),
    ...moderationColumns(),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    /** Set when its author deleted it: the text and media are gone; shown as "[deleted]" while it has replies. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** The body word by word (B) and its Hindi stems (D), read through bsq_search_text (drizzle/0020). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple', bsq_search_text(coalesce(body, ''))), 'B') || setweight(to_tsvector('hindi', bsq_search_text(coalesce(body, ''))), 'D')`,
      ),
    /** The body's first 2,000 characters romanised and folded (bsq_search_skeleton), matched by trigrams. */
    searchSkeleton: text('search_skeleton').notNull().generatedAlwaysAs(sql`bsq_search_skeleton(left(coalesce(body, ''), 2000))`),
  },
  (t) => [
    index('comments_post_created_idx').on(t.postId, t.createdAt.desc(), t.id.desc()),
    index('comments_search_idx').using('gin', t.searchVector),
    index('comments_skeleton_idx').using('gin', sql`${t.searchSkeleton} gin_trgm_ops`),
    index('comments_top_best_idx').on(t.postId, t.hotRank.desc(), t.id.desc()).where(sql`${t.parentId} is null`),
    index('comments_top_new_idx').on(t.postId, t.createdAt.desc(), t.id.desc()).where(sql`${t.parentId} is null`),
    index('comments_top_top_idx').on(t.postId, t.upvoteCount.desc(), t.id.desc()).where(sql`${t.parentId} is null`),
    index('comments_parent_idx').on(t.parentId, t.createdAt, t.id),
    index('comments_path_idx').on(t.postId, t.path),
  ],
);

/** One member's upvote of one comment: at most one, so `comments.upvote_count` moves by one per member. */
export const commentUpvotes = pgTable(
  'comment_upvotes',
  {
    commentId: integer('comment_id').notNull().references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_upvotes_user_idx').on(t.userId)],
);

/**
 * Something that happened to a member's writing or channels: kind 'reply' | 'mention' | 'upvote_milestone' |
 * 'join_request' | 'join_decision' | 'report_outcome' | 'moderation_action'. `text` is the line the bell shows.
 * A trigger announces each new row with pg_notify('notifications', user_id) for the live stream.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    circleId: integer('circle_id').references(() => circles.id, { onDelete: 'cascade' }),
    /** The English line, kept for the data export and for API clients that show text as it is; screens word `code`. */
    text: text('text').notNull(),
    /** What it says: a catalog code (src/lib/notification-messages.ts) and its values, worded where it is read. */
    code: text('code'),
    params: jsonb('params').$type<NotificationParams>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // One milestone per item and count, keyed on the code and the count (never on worded text).
    uniqueIndex('notifications_milestone_code_idx')
      .on(t.userId, sql`coalesce(${t.postId}, 0)`, sql`coalesce(${t.commentId}, 0)`, t.code, sql`(${t.params}->>'count')`)
      .where(sql`${t.kind} = 'upvote_milestone'`),
  ],
);

/** A member who no longer sees another's posts and comments, and whose posts that other may not comment on. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId, t.blockerId)],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  /** The sender's reply address, sealed (contact-service `sealAddress`): the database holds no e-mail address. */
  email: text('email').notNull(),
  message: text('message').notNull(),
  mailed: boolean('mailed').notNull().default(false),
  createdAt: createdAt(),
});

/** Staff roles, granted and revoked only from the server's command line (`npm run admin`). */
export const staffRoles = pgTable('staff_roles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 'moderator' | 'admin' */
  role: text('role').notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

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
    status: text('status').notNull().default('pending'),
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
    index('credential_requests_document_idx').on(t.createdAt).where(sql`${t.documentFile} is not null`),
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
    status: text('status').notNull().default('received'),
    /** Set when resolved: 'content_removed' | 'account_suspended' | 'content_restricted' | 'no_action' */
    actionTaken: text('action_taken'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    acknowledgeBy: timestamp('acknowledge_by', { withTimezone: true, mode: 'date' }).notNull(),
    resolveBy: timestamp('resolve_by', { withTimezone: true, mode: 'date' }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    /** The language the complaint was filed in ('en' | 'hi'), so every mail about it is written in it; a language is not identifying. */
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
    grievanceId: integer('grievance_id').notNull().references(() => grievances.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('grievance_events_grievance_idx').on(t.grievanceId, t.createdAt)],
);

/**
 * One reported or held item awaiting review: reports of the same post or comment gather in its open case, so a queue
 * row is the item with its reports counted. A case closes when a moderator or the channel's owner decides.
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id').notNull().references(() => posts.id, { onDelete: 'cascade' }),
    /** Set for a comment's case; the post is then the comment's post. */
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    circleId: integer('circle_id').notNull().references(() => circles.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** 'open' | 'closed' */
    status: text('status').notNull().default('open'),
    /** Distinct members who reported the item while the case was open. */
    reportsCount: integer('reports_count').notNull().default(0),
    /** 'dismissed' | 'removed' | 'restored' once closed. */
    outcome: text('outcome'),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('moderation_cases_queue_idx').on(t.status, t.reportsCount.desc(), t.openedAt, t.id),
    index('moderation_cases_circle_idx').on(t.circleId, t.status, t.reportsCount.desc(), t.openedAt, t.id),
    uniqueIndex('moderation_cases_open_item_idx').on(t.postId, sql`coalesce(${t.commentId}, 0)`).where(sql`${t.status} = 'open'`),
  ],
);

/** A member's report of a post or a comment; one per member and item, ever. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id').notNull().references(() => moderationCases.id, { onDelete: 'cascade' }),
    postId: integer('post_id').notNull().references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** 'spam' | 'scam' | 'harassment' | 'hate' | 'sexual' | 'misinformation' | 'other' */
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    /** 'open' | 'dismissed' | 'upheld': what the reporter is told of the outcome. */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The reporter's requester network, keyed (never an IP): kept only while the case is open, to count one report per network. */
    requester: text('requester'),
    /** Whether the report counts toward AUTO_HIDE_REPORTS: an established account's, and the first from its requester network. */
    weighs: boolean('weighs').notNull().default(true),
  },
  (t) => [
    uniqueIndex('reports_reporter_item_idx').on(t.reporterId, t.postId, sql`coalesce(${t.commentId}, 0)`),
    index('reports_case_idx').on(t.caseId, t.id),
  ],
);

/**
 * The public moderation log: every decision, by whom in role (a moderator, or a channel's owner), never who
 * reported. The excerpt is the item's title (a comment's first words) as it was when the decision was taken.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: serial('id').primaryKey(),
    /** 'dismiss' | 'remove' | 'restore' | 'warn' | 'suspend' */
    action: text('action').notNull(),
    reason: text('reason').notNull().default(''),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'set null' }),
    /** The channel the decision was about; null for a site-wide suspension. */
    circleId: integer('circle_id').references(() => circles.id, { onDelete: 'set null' }),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    excerpt: text('excerpt').notNull().default(''),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'moderator' | 'owner' */
    actorRole: text('actor_role').notNull(),
    /** For a suspension: when it ends (null: permanent). */
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('moderation_actions_circle_idx').on(t.circleId, t.createdAt.desc(), t.id.desc()),
    index('moderation_actions_target_idx').on(t.targetUserId, t.createdAt.desc()),
  ],
);

/** A member kept from writing: everywhere (circle null) or in one channel, until `endsAt` (null: for good). */
export const suspensions = pgTable(
  'suspensions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    circleId: integer('circle_id').references(() => circles.id, { onDelete: 'cascade' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('suspensions_user_idx').on(t.userId, t.circleId)],
);

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

/** A member's "Download my data": prepared by a job, downloadable until `expiresAt`, then its file is purged. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'pending' | 'ready' | 'failed' */
    status: text('status').notNull().default('pending'),
    /** The zip's name in the private exports folder (never under /media/); null until ready and after the purge. */
    fileName: text('file_name'),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('data_exports_one_pending_idx').on(t.userId).where(sql`${t.status} = 'pending'`),
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

/** How many rows the public circles' post total is spread over (a circle adds to the row of its id modulo this). */
export const PUBLIC_POST_TOTAL_SHARDS = 16;

/**
 * The visible posts of all public circles, summed: the public feed's total reads these few rows instead of adding up
 * every public circle's posts_count on each request (at 1,000 circles that sum was two thirds of the page's
 * database time, and it grows with the circles). Kept by a trigger on circles' posts_count and channel_type, and
 * spread over PUBLIC_POST_TOTAL_SHARDS rows so that posts in different circles do not queue on one row.
 */
export const publicPostTotals = pgTable('public_post_totals', {
  shard: smallint('shard').primaryKey(),
  posts: integer('posts').notNull().default(0),
});


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
