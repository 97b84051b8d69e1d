import type { NotificationKind } from './statuses.ts';

/**
 * Web Push: what a member can ask to be told of on their device while the app is closed, one choice per kind, and
 * which notifications each covers. The rules are zod-free so the settings island imports them too.
 */
export const PUSH_KINDS = ['reply', 'mention', 'join_request', 'moderation'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * The push kind a notification is sent under; null for those only the bell shows (an upvote milestone, a scheduled
 * post's outcome). Join requests cover both sides: a request to the owner's channel and the answer to the member's.
 */
export const PUSH_KIND_OF: Record<NotificationKind, PushKind | null> = {
  reply: 'reply',
  mention: 'mention',
  join_request: 'join_request',
  join_decision: 'join_request',
  report_outcome: 'moderation',
  moderation_action: 'moderation',
  upvote_milestone: null,
  scheduled_post: null,
};

/** Devices (browsers) one member may have push notifications on. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** Quiet hours as the API takes them: "HH:MM" (24-hour) in an IANA time zone; from `start` up to `end`, over midnight when end < start. */
export type QuietHours = { start: string; end: string; time_zone: string };

export const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of an "HH:MM" time; null when it is not one. */
export function minutesOf(time: unknown): number | null {
  const match = typeof time === 'string' ? CLOCK_TIME.exec(time) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * The time zone as kept: the IANA name Intl knows, in its own spelling ("asia/calcutta" → "Asia/Calcutta"); a name
 * it accepts as an alias only ("Asia/Kolkata" on an older ICU) as given. Null when Intl does not know it.
 */
export function canonicalTimeZone(zone: unknown): string | null {
  if (typeof zone !== 'string' || zone.trim() === '' || zone.length > 64) return null;
  const name = zone.trim();
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return null;
  }
  return Intl.supportedValuesOf('timeZone').find((known) => known.toLowerCase() === name.toLowerCase()) ?? name;
}
