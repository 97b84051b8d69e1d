import type { Notification } from '../../../lib/api-types.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { wordNotification } from '../../../lib/notification-messages.ts';

/**
 * A notification's line in the reader's language, worded from its code and values by the catalog. A notification
 * without a code (a line of a shape no code covers) is shown as the server wrote it.
 */
export function notificationText(notification: Pick<Notification, 'code' | 'params' | 'text'>, t: Translate): string {
  return notification.code ? wordNotification({ code: notification.code, params: notification.params }, t) : notification.text;
}
