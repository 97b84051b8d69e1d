import type { ComponentType } from 'react';

export type StaffRoleName = 'moderator' | 'admin';

/**
 * The staff area's queues, shown as tabs in this order. A queue is a component that loads and works its own list;
 * `role` is the least role that sees it (an admin sees every queue). Add a queue by adding an entry here.
 */
export type StaffQueue = {
  /** The tab's id and the URL hash that opens it (#credentials). */
  key: string;
  title: string;
  /** One line under the tab's heading: what the queue holds and what staff decide. */
  summary: string;
  role: StaffRoleName;
  load: () => Promise<{ default: ComponentType }>;
};

export const STAFF_QUEUES: StaffQueue[] = [
  {
    key: 'credentials',
    title: 'Credential requests',
    summary: 'Professional credentials waiting for review, oldest first. Approve or reject with a reason; the document is deleted at once.',
    role: 'moderator',
    load: () => import('./CredentialQueue.tsx'),
  },
  {
    key: 'reports',
    title: 'Reports',
    summary: 'Reported posts and comments, and what the scam shield held: dismiss, remove with a reason, restore, warn or suspend the author.',
    role: 'moderator',
    load: () => import('../app/moderation/ReviewQueue.tsx').then((m) => ({ default: m.StaffReviewQueue })),
  },
  {
    key: 'grievances',
    title: 'Grievances',
    summary: 'Complaints to the grievance officer, the overdue first: acknowledge within 24 hours, resolve within 15 days (intimate images within 24 hours).',
    role: 'moderator',
    load: () => import('../app/moderation/GrievanceQueue.tsx'),
  },
];

export const queuesFor = (role: StaffRoleName, queues: readonly StaffQueue[] = STAFF_QUEUES) =>
  queues.filter((queue) => role === 'admin' || queue.role === 'moderator');
