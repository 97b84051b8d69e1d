/**
 * The words of moderation shared by the islands and the server (no zod here, so islands stay small): why a member
 * reports, what a moderator or a channel's owner can do, and how long a suspension lasts.
 */
import en from '../locales/en.json' with { type: 'json' };

export const REPORT_REASONS = {
  spam: 'Spam',
  scam: 'Scam or fraud',
  harassment: 'Harassment',
  hate: 'Hate',
  sexual: 'Sexual content',
  misinformation: 'Misinformation',
  other: 'Something else',
} as const;

export type ReportReason = keyof typeof REPORT_REASONS;

export const REPORT_NOTE_MAX = 500;
export const MODERATION_REASON_MAX = 300;

/** What a decision does: dismiss the reports, remove or restore the item, warn or suspend its author. */
export const MODERATION_ACTIONS = {
  dismiss: 'Dismissed reports',
  remove: 'Removed',
  restore: 'Restored',
  warn: 'Warned the author',
  suspend: 'Suspended the author',
} as const;

export type ModerationAction = keyof typeof MODERATION_ACTIONS;

export const SUSPENSION_DURATIONS = {
  '1d': { label: '1 day', days: 1 },
  '7d': { label: '7 days', days: 7 },
  '30d': { label: '30 days', days: 30 },
  permanent: { label: 'Permanent', days: null },
} as const;

export type SuspensionDuration = keyof typeof SUSPENSION_DURATIONS;

/** Where a suspension applies: the item's channel (owners and moderators) or the whole site (moderators only). */
export type SuspensionScope = 'circle' | 'site';

export const REMOVED_PREFIX = 'Removed by moderators: ';
/** In English from the catalog, which words it on screen in every language (`moderation.hiddenPendingReview`). */
export const HIDDEN_PENDING_REVIEW = en.moderation.hiddenPendingReview;

export const removedLabel = (reason: string | null) => `${REMOVED_PREFIX}${reason || 'no reason given'}`;

/** One row of the public moderation log, as the API answers it (never the reporter). */
export type LogEntry = {
  id: number;
  action: ModerationAction;
  action_label: string;
  reason: string;
  excerpt: string;
  post_id: number | null;
  comment_id: number | null;
  circle: { id: number; name: string } | null;
  /** 'Moderator' (staff), 'Owner of b/<channel>', or 'Moderator of b/<channel>' (appointed by its owner). */
  actor: string;
  ends_at: string | null;
  created_at: string;
};

/** A reported post or comment as a review queue shows it. */
export type ModeratedItem = {
  kind: 'post' | 'comment';
  id: number;
  post_id: number;
  title: string;
  excerpt: string;
  author: string;
  circle: { id: number; name: string };
  moderation_status: 'visible' | 'held' | 'removed';
  /** What a reader sees in its place: 'Removed by moderators: <reason>', 'Hidden pending review', or null. */
  moderation_label: string | null;
  created_at: string;
  url: string;
};

/** One open (or closed) case of a review queue: the item, why it was reported, and its author's record. */
export type ReviewCase = {
  id: number;
  status: 'open' | 'closed';
  outcome: string | null;
  opened_at: string;
  closed_at: string | null;
  item: ModeratedItem;
  reports_count: number;
  reasons: { reason: ReportReason; label: string; count: number }[];
  notes: { reason: ReportReason; note: string; created_at: string }[];
  /**
   * Who reported, for staff only (null for a channel's owner): each reporter's handle, and whether the report counted
   * toward hiding the item (an account older than NEW_ACCOUNT_HOURS, the first from its requester network).
   */
  reporters: { username: string; counted: boolean; created_at: string }[] | null;
  /**
   * For staff only (null for a channel's owner): the suspect-registry identifiers that held or flagged the item
   * ("registry:upi refund.help@ybl", "suspected:phone +919876543210"); empty when none did.
   */
  held_by: string[] | null;
  author: {
    username: string;
    recent: {
      kind: 'post' | 'comment';
      id: number;
      post_id: number;
      excerpt: string;
      moderation_status: 'visible' | 'held' | 'removed';
      created_at: string;
    }[];
    warnings: number;
    removals: number;
    suspensions: number;
    suspended_site_wide: boolean;
  };
};
