import { describe, expect, it } from 'vitest';
import { translator } from '../../../lib/i18n.ts';
import { NOTIFICATION_CODES, type NotificationMessage } from '../../../lib/notification-messages.ts';
import { notificationText } from './notification-text.ts';

const VALUES = { actor: 'Asha_Tiger', title: 'Rain in "Udupi" today', channel: 'Campus Connect', count: 10 };
const line = (message: NotificationMessage, text = 'as stored') => ({ code: message.code, params: message.params ?? {}, text });

describe('notificationText', () => {
  it.each(NOTIFICATION_CODES)('words %s in English and in Hindi from the catalog, keeping names, titles and counts', (code) => {
    const english = notificationText(line({ code, params: VALUES }), translator('en'));
    const hindi = notificationText(line({ code, params: VALUES }), translator('hi'));
    expect(english).not.toContain('{{');
    expect(hindi).not.toContain('{{');
    expect(hindi).not.toBe(english);
    const leftover = hindi.replace(/Asha_Tiger|Campus Connect|Rain in "Udupi" today/g, '');
    expect(leftover).not.toMatch(/[A-Za-z]{3,}/);
  });

  it("says the moderator's reason after the line, and the count it reached", () => {
    expect(notificationText(line({ code: 'postRemoved', params: { reason: 'spam' } }), translator('en'))).toBe(
      'Your post was removed by moderators: spam',
    );
    expect(notificationText(line({ code: 'upvotes', params: { count: 100 } }), translator('en'))).toBe('Your comment reached 100 upvotes');
    expect(notificationText(line({ code: 'commented', params: { actor: 'Asha_Tiger', title: 'Exams' } }), translator('hi'))).toBe(
      'Asha_Tiger ने आपकी पोस्ट "Exams" पर टिप्पणी की',
    );
  });

  it('shows a line stored without a code as it was written', () => {
    expect(notificationText({ code: null, params: {}, text: 'Something the server once said' }, translator('hi'))).toBe(
      'Something the server once said',
    );
  });
});
