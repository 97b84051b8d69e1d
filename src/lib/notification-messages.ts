/**
 * What a notification says, as a code and its parameters: stored so, and worded from the catalog
 * (`notifications.text.<code>`) wherever it is read, in the reader's language. Nothing is parsed back out of a
 * sentence. `reason` (a moderator's words) is shown after the line when given.
 */
export const NOTIFICATION_CODES = [
  'replied',
  'commented',
  'mentionedInComment',
  'mentionedInPost',
  'firstUpvote',
  'upvotes',
  'joinRequest',
  'joinApproved',
  'joinDeclined',
  'reportedPostRemoved',
  'reportedCommentRemoved',
  'reportedPostKept',
  'reportedCommentKept',
  'postRemoved',
  'commentRemoved',
  'postRestored',
  'commentRestored',
  'warnedPost',
  'warnedComment',
  'suspended',
  'postHeldForImage',
  'commentHeldForImage',
  'postWarnedForImage',
  'commentWarnedForImage',
  'scheduledPostRefused',
  'scheduledPostHeld',
  'appointedModerator',
  'dismissedModerator',
  'postHeldForLink',
  'postWarnedForLink',
] as const;

export type NotificationCode = (typeof NOTIFICATION_CODES)[number];
export type NotificationParams = { actor?: string; title?: string; channel?: string; count?: number; reason?: string };
export type NotificationMessage = { code: NotificationCode; params?: NotificationParams };

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The line in the language `t` speaks. */
export function wordNotification({ code, params = {} }: NotificationMessage, t: Translate): string {
  const { reason, ...values } = params;
  const text = t(`notifications.text.${code}`, values);
  return reason ? t('notifications.text.withReason', { text, reason }) : text;
}
