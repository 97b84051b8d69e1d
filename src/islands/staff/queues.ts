import type { ComponentType } from 'react';

export type StaffRoleName = 'moderator' | 'admin';

/**
 * The staff area's queues, shown as tabs in this order. A queue is a component that loads and works its own list;
 * `role` is the least role that sees it (an admin sees every queue). Add a queue by adding an entry here, and its
 * words to the catalogs: `staff.queues.<key>.title` and `.summary` (one line under the tab: what the queue holds
 * and what staff decide).
 */
export type StaffQueue = {
  /** The tab's id and the URL hash that opens it (#credentials). */
  key: string;
  role: StaffRoleName;
  load: () => Promise<{ default: ComponentType }>;
};

export const STAFF_QUEUES: StaffQueue[] = [
  {
    key: 'credentials',
    role: 'moderator',
    load: () => import('./CredentialQueue.tsx'),
  },
  {
    key: 'reports',
    role: 'moderator',
    load: () => import('../app/moderation/ReviewQueue.tsx').then((m) => ({ default: m.StaffReviewQueue })),
  },
  {
    key: 'grievances',
    role: 'moderator',
    load: () => import('../app/moderation/GrievanceQueue.tsx'),
  },
  {
    key: 'featured',
    role: 'moderator',
    load: () => import('./FeaturedPosts.tsx'),
  },
];

export const queuesFor = (role: StaffRoleName, queues: readonly StaffQueue[] = STAFF_QUEUES) =>
  queues.filter((queue) => role === 'admin' || queue.role === 'moderator');
