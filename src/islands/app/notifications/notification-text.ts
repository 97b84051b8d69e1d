import type { Notification, NotificationKind } from '../../../lib/api-types.ts';
import type { Translate } from '../../../lib/i18n.ts';

/**
 * A notification's line in the reader's language. The server stores each notification's English line (the same
 * words as the catalog's `notifications.text.*`); this reads the names, titles and counts back out of it by the
 * notification's kind and words it from the catalog. A line of another shape is shown as the server wrote it.
 */
type Shape = { pattern: RegExp; key: (match: RegExpExecArray) => string; values: (match: RegExpExecArray) => Record<string, string | number> };

const REASON = '(?:: (?<reason>[\\s\\S]*))?';
const none = () => ({});
const named = (match: RegExpExecArray) => ({ ...match.groups });

const SHAPES: Record<NotificationKind, Shape[]> = {
  reply: [
    { pattern: /^(?<actor>.+) replied to your comment$/, key: () => 'replied', values: named },
    { pattern: /^(?<actor>.+?) commented on your post "(?<title>[\s\S]*)"$/, key: () => 'commented', values: named },
  ],
  mention: [
    { pattern: /^(?<actor>.+?) mentioned you in a comment$/, key: () => 'mentionedInComment', values: named },
    { pattern: /^(?<actor>.+?) mentioned you in the post "(?<title>[\s\S]*)"$/, key: () => 'mentionedInPost', values: named },
  ],
  upvote_milestone: [
    { pattern: /^Your comment got its first upvote$/, key: () => 'firstUpvote', values: none },
    { pattern: /^Your comment reached (\d+) upvotes$/, key: () => 'upvotes', values: (match) => ({ count: Number(match[1]) }) },
  ],
  join_request: [{ pattern: /^(?<actor>.+?) asked to join b\/(?<channel>.+)$/, key: () => 'joinRequest', values: named }],
  join_decision: [
    {
      pattern: /^Your request to join b\/(?<channel>.+) was (approved|declined)$/,
      key: (match) => (match[2] === 'approved' ? 'joinApproved' : 'joinDeclined'),
      values: named,
    },
  ],
  report_outcome: [
    {
      pattern: /^The (post|comment) you reported was (removed|reviewed and kept)$/,
      key: (match) => `reported${match[1] === 'post' ? 'Post' : 'Comment'}${match[2] === 'removed' ? 'Removed' : 'Kept'}`,
      values: none,
    },
  ],
  moderation_action: [
    { pattern: new RegExp(`^Your (post|comment) was removed by moderators${REASON}$`), key: (match) => `${match[1]}Removed`, values: none },
    { pattern: /^Your (post|comment) was restored by moderators$/, key: (match) => `${match[1]}Restored`, values: none },
    { pattern: new RegExp(`^You were warned about your (post|comment)${REASON}$`), key: (match) => (match[1] === 'post' ? 'warnedPost' : 'warnedComment'), values: none },
    { pattern: new RegExp(`^You were suspended from writing${REASON}$`), key: () => 'suspended', values: none },
  ],
};

export function notificationText(notification: Pick<Notification, 'kind' | 'text'>, t: Translate): string {
  for (const shape of SHAPES[notification.kind] ?? []) {
    const match = shape.pattern.exec(notification.text);
    if (!match) continue;
    const text = t(`notifications.text.${shape.key(match)}`, shape.values(match));
    const reason = match.groups?.reason;
    return reason ? t('notifications.text.withReason', { text, reason }) : text;
  }
  return notification.text;
}
