/**
 * What Bharat Square stores about people, field by field (DPDP Act 2023, section 5: the notice itemises the personal
 * data). The privacy page renders this list, and src/server/data-rights/stored-data.test.ts compares it with the
 * database schema: a new column that holds personal data fails that test until it is described here.
 *
 * `columns` are SQL column names of `table`; `kept` states the retention, with the defaults of the configuration
 * (README: EXPORT_LINK_HOURS, CONTACT_RETENTION_DAYS, OTP_TTL_SECONDS).
 */
export type StoredField = { table: string; columns: string[]; what: string; why: string; kept: string };

const UNTIL_DELETED = 'Until you delete your account';

export const STORED_FIELDS: StoredField[] = [
  // Your account
  { table: 'users', columns: ['id'], what: 'Your account number', why: 'To link what you write and do to your account', kept: UNTIL_DELETED },
  {
    table: 'users',
    columns: ['email_hash'],
    what: 'A keyed fingerprint (HMAC-SHA256) of your sign-in address, not the address itself',
    why: 'To recognise you when you sign in again',
    kept: `${UNTIL_DELETED}; it is released the moment you confirm deletion`,
  },
  { table: 'users', columns: ['identity_class'], what: 'Whether your sign-in address is academic or standard', why: 'To show the "Verified academic" chip', kept: UNTIL_DELETED },
  { table: 'users', columns: ['username', 'color', 'animal'], what: 'Your anonymous handle, colour and animal, which we generate', why: 'To show you to others without revealing who you are', kept: UNTIL_DELETED },
  { table: 'users', columns: ['profile_image'], what: 'Your profile picture, if you upload one', why: 'To show it beside your handle', kept: 'Until you delete it or your account' },
  { table: 'users', columns: ['is_aadhaar_verified'], what: 'Whether you completed Aadhaar verification (yes or no)', why: 'To show a verified badge', kept: UNTIL_DELETED },
  { table: 'users', columns: ['profile_created_at', 'created_at'], what: 'When your account and profile were created', why: 'New accounts have stricter limits against spam', kept: UNTIL_DELETED },
  { table: 'users', columns: ['muted_words'], what: 'The words you muted', why: 'To collapse posts that contain them, for you only', kept: UNTIL_DELETED },
  { table: 'users', columns: ['erasure_requested_at'], what: 'When you asked to delete your account', why: 'To stop your sign-in at once while the deletion runs', kept: 'A few minutes, until the deletion is done' },
  {
    table: 'consents',
    columns: ['id', 'user_id', 'notice_version', 'adult', 'agreed_at'],
    what: 'Your consent: which version of the privacy notice you agreed to, that you said you are 18 or older, and when',
    why: 'To show that you agreed, and to ask again when the notice changes',
    kept: UNTIL_DELETED,
  },
  // What you write and do
  {
    table: 'posts',
    columns: ['id', 'circle_id', 'author_id', 'title', 'description', 'images', 'videos', 'like_count', 'dislike_count', 'comment_count', 'created_at', 'search_vector', 'edited_at', 'hot_rank'],
    what: 'Your posts: title, text, photos and videos (their EXIF and GPS metadata removed), counts, time, when you edited them, their rank in the Hot order, and a search index of the words',
    why: 'To publish them in the channels you choose',
    kept: 'Until you delete your account; then deleted, or shown under "[deleted account]" if you choose to leave them',
  },
  {
    table: 'posts',
    columns: ['moderation_status', 'scam_verdict', 'moderation_reasons', 'removed_reason', 'hidden_by_reports'],
    what: 'The moderation state of each post (visible, held or removed) and why',
    why: 'To keep scams and abuse off the site',
    kept: 'As long as the post',
  },
  {
    table: 'comments',
    columns: ['id', 'post_id', 'author_id', 'body', 'media_kind', 'media_url', 'upvote_count', 'created_at', 'search_vector', 'parent_id', 'path', 'depth', 'reply_count', 'hot_rank', 'edited_at', 'deleted_at'],
    what: 'Your comments with their photo or video, counts and time, the comment they reply to and their place in the thread, when you edited or deleted them',
    why: 'To show them under the post',
    kept: 'Until you delete your account; then deleted, or shown under "[deleted account]" if you choose to leave them',
  },
  {
    table: 'comments',
    columns: ['moderation_status', 'scam_verdict', 'moderation_reasons', 'removed_reason', 'hidden_by_reports'],
    what: 'The moderation state of each comment and why',
    why: 'To keep scams and abuse off the site',
    kept: 'As long as the comment',
  },
  { table: 'post_reactions', columns: ['post_id', 'user_id', 'kind', 'created_at'], what: 'Your likes and dislikes', why: 'To count them and show you what you liked', kept: UNTIL_DELETED },
  { table: 'circle_members', columns: ['circle_id', 'user_id', 'role', 'joined_at'], what: 'The channels you belong to, as member or owner, and since when', why: 'To show your channels and their posts', kept: UNTIL_DELETED },
  { table: 'join_requests', columns: ['id', 'circle_id', 'user_id', 'status', 'created_at', 'decided_at'], what: 'Your requests to join private channels and their answers', why: 'So the owner can let you in', kept: UNTIL_DELETED },
  {
    table: 'circles',
    columns: [
      'id', 'name', 'description', 'channel_type', 'owner_id', 'theme_colors', 'members_count', 'posts_count', 'description_verdict',
      'description_reasons', 'created_at', 'requirement_kind', 'requirement_value', 'search_vector',
    ],
    what: 'The channels you create: name, description, type, colours, requirements, counts and who owns them',
    why: 'To run the channel',
    kept: 'As long as the channel; when you delete your account it stays for its members, without an owner',
  },
  { table: 'user_blocks', columns: ['blocker_id', 'blocked_id', 'created_at'], what: 'The members you block (and who blocks you, which only they see)', why: 'To hide their posts and comments from you', kept: UNTIL_DELETED },
  {
    table: 'reports',
    columns: ['id', 'case_id', 'post_id', 'comment_id', 'reporter_id', 'reason', 'note', 'status', 'created_at'],
    what: 'The reports you make and what came of them',
    why: 'To review reported posts and tell you the outcome; the author is never told who reported',
    kept: UNTIL_DELETED,
  },
  // Verification and moderation
  {
    table: 'verifications',
    columns: ['id', 'user_id', 'kind', 'value', 'label', 'decided_by_role', 'verified_at'],
    what: 'The outcomes of your verifications (academic, an institution’s domain, a credential), never the address or document',
    why: 'To show your identity chips and admit you to verified channels',
    kept: UNTIL_DELETED,
  },
  {
    table: 'credential_requests',
    columns: ['id', 'user_id', 'kind', 'name', 'status', 'reason', 'created_at', 'decided_at', 'decided_by_role'],
    what: 'Your credential reviews: the kind, the status, the reason and the dates',
    why: 'To review your credential and tell you the result',
    kept: UNTIL_DELETED,
  },
  {
    table: 'credential_requests',
    columns: ['document_file', 'document_type'],
    what: 'The document you sent for a credential review, in a private folder',
    why: 'For a moderator to check it',
    kept: 'Until it is decided, and at most 30 days',
  },
  { table: 'staff_roles', columns: ['user_id', 'role', 'granted_at'], what: 'Whether you are a moderator or admin', why: 'To let staff review reports and credentials', kept: UNTIL_DELETED },
  { table: 'suspensions', columns: ['id', 'user_id', 'circle_id', 'ends_at', 'reason', 'created_at'], what: 'Suspensions from writing, with their reason and end', why: 'To enforce moderators’ decisions', kept: UNTIL_DELETED },
  {
    table: 'moderation_cases',
    columns: ['id', 'post_id', 'comment_id', 'circle_id', 'author_id', 'status', 'reports_count', 'outcome', 'opened_at', 'closed_at'],
    what: 'Review cases about your posts and comments',
    why: 'So moderators review reported and held items',
    kept: 'As long as the post or comment',
  },
  {
    table: 'moderation_actions',
    columns: ['id', 'action', 'reason', 'post_id', 'comment_id', 'circle_id', 'target_user_id', 'excerpt', 'actor_id', 'actor_role', 'ends_at', 'created_at'],
    what: 'The public moderation log: decisions about your posts or account, and decisions you take as a channel owner',
    why: 'Transparency about moderation',
    kept: 'Kept; the link to your account is removed when you delete it',
  },
  {
    table: 'staff_audit_log',
    columns: ['id', 'staff_role', 'staff_handle', 'action', 'subject_id', 'outcome', 'reason', 'created_at'],
    what: 'Staff decisions on credentials, with the deciding staff member’s handle',
    why: 'Accountability of staff',
    kept: 'Kept; a deleted staff account’s handle is replaced by "[deleted account]"',
  },
  {
    table: 'verified_address_claims',
    columns: ['address_hash'],
    what: 'Keyed fingerprints of addresses used to verify an account, with no link to which account',
    why: 'So one mailbox verifies one account only',
    kept: 'Kept; it names no account',
  },
  // Your data rights
  {
    table: 'data_exports',
    columns: ['id', 'user_id', 'status', 'file_name', 'created_at', 'ready_at', 'expires_at'],
    what: 'Your "Download my data" requests and the zip prepared for you, in a private folder',
    why: 'To deliver your data to you',
    kept: '24 hours after it is ready (EXPORT_LINK_HOURS), then purged',
  },
  {
    table: 'account_erasures',
    columns: ['user_id', 'erase_content', 'files', 'step', 'requested_at'],
    what: 'Your deletion request: whether to erase your posts, the files to delete, and how far the deletion got',
    why: 'To finish the deletion even if our server restarts',
    kept: 'A few minutes: it goes with your account',
  },
  {
    table: 'comment_upvotes',
    columns: ['comment_id', 'user_id', 'created_at'],
    what: 'The comments you upvoted, and when',
    why: 'To count each member’s upvote once and show you yours',
    kept: 'Until you take it back or delete your account',
  },
  {
    table: 'notifications',
    columns: ['id', 'user_id', 'kind', 'actor_user_id', 'post_id', 'comment_id', 'circle_id', 'text', 'read_at', 'created_at'],
    what: 'Your notifications: replies, mentions, upvote milestones, join requests and decisions, moderation outcomes; who caused them (their account, shown by handle), a short text, and whether you read them',
    why: 'To tell you what happened to your posts, comments and channels',
    kept: 'Until you delete your account (notifications you caused others go with your account too)',
  },
  // Sign-in, messages and complaints
  {
    table: 'otp_codes',
    columns: ['email_hash', 'code_hash', 'expires_at', 'attempts', 'sent_at', 'requester'],
    what: 'A hash of your sign-in (or deletion) code, under the fingerprint of your address, the wrong tries, and a keyed fingerprint of the network it was asked from (an IPv4 /24 or IPv6 /64, never the IP address itself)',
    why: 'To check the code you type',
    kept: '5 minutes (OTP_TTL_SECONDS), then purged',
  },
  {
    table: 'otp_sends',
    columns: ['id', 'email_hash', 'sent_at', 'requester'],
    what: 'When codes were sent, under the fingerprint of your address and of the network that asked',
    why: 'To limit codes per address and network per hour, so nobody can lock you out from elsewhere',
    kept: '1 hour, then purged',
  },
  { table: 'revoked_sessions', columns: ['sid', 'expires_at'], what: 'The ids of sign-in sessions you logged out of', why: 'So no token of a logged-out session can be used', kept: 'Until its tokens would have expired, then purged' },
  { table: 'blacklisted_tokens', columns: ['jti', 'expires_at', 'created_at'], what: 'The ids of sign-in tokens you logged out', why: 'So a logged-out token cannot be used', kept: 'Until the token would have expired, then purged' },
  {
    table: 'contact_messages',
    columns: ['id', 'email', 'message', 'mailed', 'created_at'],
    what: 'Messages you send through the contact form, with your reply address sealed (encrypted)',
    why: 'To answer you',
    kept: '180 days (CONTACT_RETENTION_DAYS), then purged',
  },
  {
    table: 'grievances',
    columns: [
      'id', 'ticket', 'key_hash', 'category', 'content_link', 'description', 'reply_address', 'status', 'action_taken',
      'created_at', 'acknowledge_by', 'resolve_by', 'acknowledged_at', 'resolved_at', 'due_at',
    ],
    what: 'Complaints to the Grievance Officer: the complaint, your reply address sealed (encrypted), a hash of your tracking key, deadlines and the outcome',
    why: 'To handle your complaint within the law’s deadlines',
    kept: 'As the IT Rules 2021 require; not linked to any account',
  },
  { table: 'grievance_events', columns: ['id', 'grievance_id', 'status', 'note', 'created_at'], what: 'Each step in handling a complaint', why: 'To show you its history', kept: 'As long as the complaint' },
];
