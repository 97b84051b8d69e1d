import { createDecisions } from './decisions.ts';
import { createModerationItems, type ModerationDeps } from './items.ts';
import { createModLog } from './mod-log.ts';
import { createReports } from './reports.ts';
import { createReviewQueue } from './review-queue.ts';

export * from './items.ts';

/**
 * Moderation, in four parts over one view of an item (items.ts): members' reports (reports.ts), the review queue
 * (review-queue.ts), decisions (decisions.ts) and the public log (mod-log.ts).
 */
export function createModerationService(deps: ModerationDeps) {
  const items = createModerationItems(deps);
  return {
    loadItem: items.loadItem,
    ...createReports(deps, items),
    ...createReviewQueue(deps, items),
    ...createDecisions(deps, items),
    ...createModLog(deps),
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
