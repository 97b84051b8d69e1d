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

export const STAFF_QUEUES: StaffQueue[] = [];

export const queuesFor = (role: StaffRoleName, queues: readonly StaffQueue[] = STAFF_QUEUES) =>
  queues.filter((queue) => role === 'admin' || queue.role === 'moderator');
