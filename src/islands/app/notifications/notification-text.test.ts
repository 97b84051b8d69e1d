import { describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../../lib/api-types.ts';
import { translator } from '../../../lib/i18n.ts';
import { notificationText } from './notification-text.ts';

/** Every line the server writes today, by kind (the services' own words). */
const SERVER_LINES: [NotificationKind, string][] = [
  ['reply', 'Asha_Tiger replied to your comment'],
  ['reply', 'Asha_Tiger commented on your post "Rain in "Udupi" today"'],
  ['mention', 'Asha_Tiger mentioned you in a comment'],
  ['mention', 'Asha_Tiger mentioned you in the post "Exams"'],
  ['upvote_milestone', 'Your comment got its first upvote'],
  ['upvote_milestone', 'Your comment reached 10 upvotes'],
  ['join_request', 'Asha_Tiger asked to join b/Campus Connect'],
  ['join_decision', 'Your request to join b/Campus Connect was approved'],
  ['join_decision', 'Your request to join b/Campus Connect was declined'],
  ['report_outcome', 'The post you reported was removed'],
  ['report_outcome', 'The comment you reported was reviewed and kept'],
  ['moderation_action', 'Your post was removed by moderators: spam'],
  ['moderation_action', 'Your comment was removed by moderators'],
  ['moderation_action', 'Your comment was restored by moderators'],
  ['moderation_action', 'You were warned about your post: be kind'],
  ['moderation_action', 'You were suspended from writing'],
];

describe('notificationText', () => {
  it.each(SERVER_LINES)('words a %s line in English exactly as the server did: %s', (kind, text) => {
    expect(notificationText({ kind, text }, translator('en'))).toBe(text);
  });

  it.each(SERVER_LINES)('words a %s line in Hindi, with no English words but names: %s', (kind, text) => {
    const hindi = notificationText({ kind, text }, translator('hi'));
    expect(hindi).not.toBe(text);
    const leftover = hindi.replace(/Asha_Tiger|Campus Connect|Rain in "Udupi" today|Exams|spam|be kind/g, '');
    expect(leftover).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('keeps the names, titles, counts and reasons', () => {
    const t = translator('hi');
    expect(notificationText({ kind: 'reply', text: 'Asha_Tiger commented on your post "Exams"' }, t)).toBe('Asha_Tiger ने आपकी पोस्ट "Exams" पर टिप्पणी की');
    expect(notificationText({ kind: 'upvote_milestone', text: 'Your comment reached 25 upvotes' }, t)).toBe('आपकी टिप्पणी के 25 अपवोट हो गए');
    expect(notificationText({ kind: 'moderation_action', text: 'Your post was removed by moderators: spam' }, t)).toBe('मॉडरेटरों ने आपकी पोस्ट हटा दी: spam');
  });

  it('shows a line of an unknown shape as the server wrote it', () => {
    expect(notificationText({ kind: 'reply', text: 'Something new happened' }, translator('hi'))).toBe('Something new happened');
  });
});
