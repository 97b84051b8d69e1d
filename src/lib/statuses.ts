/**
 * The values each status and kind column may hold, once: the tables type their columns from these
 * (`text(..., { enum })`, db/schema/), the API's types are derived from them, and nothing casts a read.
 */
export const CHANNEL_TYPES = ['public', 'private'] as const;
export const MODERATION_STATUSES = ['visible', 'held', 'removed'] as const;
export const SCAM_VERDICTS = ['ok', 'warn', 'held'] as const;
export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const CREDENTIAL_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export const EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;
export const CASE_STATUSES = ['open', 'closed'] as const;
export const REPORT_STATUSES = ['open', 'upheld', 'dismissed'] as const;
export const REACTION_KINDS = ['like', 'dislike'] as const;
export const COMMENT_MEDIA_KINDS = ['image', 'video'] as const;
export const NOTIFICATION_KINDS = [
  'reply',
  'mention',
  'upvote_milestone',
  'join_request',
  'join_decision',
  'report_outcome',
  'moderation_action',
  'scheduled_post',
] as const;
/** Who decided, in the moderation log: staff ('moderator', anywhere), the channel's owner, or a moderator the owner appointed. */
export const ACTOR_ROLES = ['moderator', 'owner', 'channel_moderator'] as const;
/** A member's place in a channel. */
export const CIRCLE_ROLES = ['owner', 'moderator', 'member'] as const;
export const GRIEVANCE_STATUS_VALUES = ['received', 'acknowledged', 'resolved', 'rejected'] as const;

export type ChannelType = (typeof CHANNEL_TYPES)[number];
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];
export type ScamVerdict = (typeof SCAM_VERDICTS)[number];
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type CircleRole = (typeof CIRCLE_ROLES)[number];
export type ActorRole = (typeof ACTOR_ROLES)[number];
