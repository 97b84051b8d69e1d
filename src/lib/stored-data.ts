/**
 * What Bharat Square stores about people, field by field (DPDP Act 2023, section 5: the notice itemises the personal
 * data). The privacy page renders this list, and src/server/services/data-rights/stored-data.test.ts compares it with the
 * database schema: a new column that holds personal data fails that test until it is described here.
 *
 * `columns` are SQL column names of `table`; `key` names the field's words in the message catalogs
 * (`storedData.fields.<key>`: `what`, `why`, and `kept`, the retention with the defaults of the configuration;
 * README: EXPORT_LINK_HOURS, CONTACT_RETENTION_DAYS, OTP_TTL_SECONDS).
 */
export type StoredField = { table: string; columns: string[]; key: string };

export const STORED_FIELDS: StoredField[] = [
  // Your account
  { table: 'users', columns: ['id'], key: 'usersId' },
  { table: 'users', columns: ['email_hash'], key: 'usersEmailHash' },
  { table: 'users', columns: ['identity_class'], key: 'usersIdentityClass' },
  { table: 'users', columns: ['username', 'color', 'animal'], key: 'usersUsername' },
  { table: 'users', columns: ['profile_image'], key: 'usersProfileImage' },
  { table: 'users', columns: ['is_aadhaar_verified'], key: 'usersIsAadhaarVerified' },
  { table: 'users', columns: ['profile_created_at', 'created_at'], key: 'usersProfileCreatedAt' },
  { table: 'users', columns: ['muted_words'], key: 'usersMutedWords' },
  { table: 'users', columns: ['erasure_requested_at'], key: 'usersErasureRequestedAt' },
  { table: 'users', columns: ['consent_withdrawn_at'], key: 'usersConsentWithdrawnAt' },
  { table: 'scam_decisions', columns: ['id', 'label', 'text', 'author_id', 'post_id', 'comment_id', 'created_at'], key: 'scamDecisions' },
  { table: 'consents', columns: ['id', 'user_id', 'notice_version', 'adult', 'agreed_at'], key: 'consentsId' },
  // What you write and do
  {
    table: 'posts',
    columns: [
      'id', 'circle_id', 'author_id', 'title', 'description', 'images', 'videos', 'video_posters', 'media_alts', 'like_count', 'dislike_count', 'comment_count',
      'created_at', 'search_vector', 'edited_at', 'hot_rank', 'title_vector', 'search_skeleton',
    ],
    key: 'postsId',
  },
  {
    table: 'posts',
    columns: [
      'moderation_status', 'scam_verdict', 'moderation_reasons', 'removed_reason', 'hidden_by_reports', 'featured_at',
    ],
    key: 'postsModerationStatus',
  },
  {
    table: 'comments',
    columns: [
      'id', 'post_id', 'author_id', 'body', 'media_kind', 'media_url', 'media_poster', 'media_alt', 'upvote_count', 'created_at', 'search_vector', 'search_skeleton',
      'parent_id', 'path', 'depth', 'reply_count', 'hot_rank', 'edited_at', 'deleted_at',
    ],
    key: 'commentsId',
  },
  {
    table: 'comments',
    columns: [
      'moderation_status', 'scam_verdict', 'moderation_reasons', 'removed_reason', 'hidden_by_reports',
    ],
    key: 'commentsModerationStatus',
  },
  { table: 'post_reactions', columns: ['post_id', 'user_id', 'kind', 'created_at'], key: 'postReactionsPostId' },
  { table: 'saved_posts', columns: ['user_id', 'post_id', 'created_at'], key: 'savedPostsUserId' },
  { table: 'circle_members', columns: ['circle_id', 'user_id', 'role', 'joined_at'], key: 'circleMembersCircleId' },
  { table: 'join_requests', columns: ['id', 'circle_id', 'user_id', 'status', 'created_at', 'decided_at'], key: 'joinRequestsId' },
  {
    table: 'circles',
    columns: [
      'id', 'name', 'description', 'channel_type', 'owner_id', 'theme_colors', 'members_count', 'posts_count',
      'description_verdict', 'description_reasons', 'created_at', 'requirement_kind', 'requirement_value', 'search_vector', 'search_skeleton', 'recent_posts', 'rules', 'alt_text_required',
    ],
    key: 'circlesId',
  },
  { table: 'user_blocks', columns: ['blocker_id', 'blocked_id', 'created_at'], key: 'userBlocksBlockerId' },
  {
    table: 'reports',
    columns: [
      'id', 'case_id', 'post_id', 'comment_id', 'reporter_id', 'reason', 'note', 'status', 'created_at', 'requester', 'weighs',
    ],
    key: 'reportsId',
  },
  // Verification and moderation
  { table: 'verifications', columns: ['id', 'user_id', 'kind', 'value', 'label', 'decided_by_role', 'verified_at'], key: 'verificationsId' },
  {
    table: 'credential_requests',
    columns: [
      'id', 'user_id', 'kind', 'name', 'status', 'reason', 'created_at', 'decided_at', 'decided_by_role',
    ],
    key: 'credentialRequestsId',
  },
  { table: 'credential_requests', columns: ['document_file', 'document_type'], key: 'credentialRequestsDocumentFile' },
  { table: 'staff_roles', columns: ['user_id', 'role', 'granted_at'], key: 'staffRolesUserId' },
  { table: 'suspensions', columns: ['id', 'user_id', 'circle_id', 'ends_at', 'reason', 'created_at'], key: 'suspensionsId' },
  {
    table: 'moderation_cases',
    columns: [
      'id', 'post_id', 'comment_id', 'circle_id', 'author_id', 'status', 'reports_count', 'outcome', 'opened_at', 'closed_at',
    ],
    key: 'moderationCasesId',
  },
  {
    table: 'moderation_actions',
    columns: [
      'id', 'action', 'reason', 'post_id', 'comment_id', 'circle_id', 'target_user_id', 'excerpt', 'actor_id', 'actor_role',
      'ends_at', 'created_at',
    ],
    key: 'moderationActionsId',
  },
  {
    table: 'staff_audit_log',
    columns: [
      'id', 'staff_role', 'staff_handle', 'action', 'subject_id', 'outcome', 'reason', 'created_at',
    ],
    key: 'staffAuditLogId',
  },
  { table: 'verified_address_claims', columns: ['address_hash', 'owner_key'], key: 'verifiedAddressClaimsAddressHash' },
  // Your data rights
  { table: 'data_exports', columns: ['id', 'user_id', 'status', 'file_name', 'created_at', 'ready_at', 'expires_at'], key: 'dataExportsId' },
  { table: 'account_erasures', columns: ['user_id', 'erase_content', 'files', 'step', 'requested_at'], key: 'accountErasuresUserId' },
  { table: 'comment_upvotes', columns: ['comment_id', 'user_id', 'created_at'], key: 'commentUpvotesCommentId' },
  {
    table: 'notifications',
    columns: [
      'id', 'user_id', 'kind', 'actor_user_id', 'post_id', 'comment_id', 'circle_id', 'text', 'code', 'params', 'read_at', 'created_at',
    ],
    key: 'notificationsId',
  },
  // Sign-in, messages and complaints
  { table: 'otp_codes', columns: ['email_hash', 'code_hash', 'expires_at', 'attempts', 'sent_at', 'requester'], key: 'otpCodesEmailHash' },
  { table: 'otp_sends', columns: ['id', 'email_hash', 'sent_at', 'requester'], key: 'otpSendsId' },
  { table: 'revoked_sessions', columns: ['sid', 'expires_at'], key: 'revokedSessionsSid' },
  { table: 'blacklisted_tokens', columns: ['jti', 'expires_at', 'created_at'], key: 'blacklistedTokensJti' },
  { table: 'contact_messages', columns: ['id', 'email', 'message', 'mailed', 'created_at'], key: 'contactMessagesId' },
  {
    table: 'grievances',
    columns: [
      'id', 'ticket', 'key_hash', 'category', 'content_link', 'description', 'reply_address', 'status', 'action_taken',
      'created_at', 'acknowledge_by', 'resolve_by', 'acknowledged_at', 'resolved_at', 'due_at', 'lang',
    ],
    key: 'grievancesId',
  },
  { table: 'grievance_events', columns: ['id', 'grievance_id', 'status', 'note', 'created_at'], key: 'grievanceEventsId' },
];
