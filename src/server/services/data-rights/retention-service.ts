import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { blacklistedTokens, contactMessages, notifications, otpCodes, otpSends } from '../../db/schema/index.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import type { ExportService } from './export-service.ts';

export const PURGE_JOB = 'purge-expired-data';
const HOUR_MS = 3_600_000;

export type PurgeCounts = {
  otpCodes: number;
  otpSends: number;
  blacklistedTokens: number;
  contactMessages: number;
  exports: number;
  notifications: number;
};
/** Notifications are deleted this many at a time (oldest first), so a long backlog never holds one long lock. */
const NOTIFICATION_BATCH = 5000;

/**
 * Storage limitation (DPDP Act 2023, section 8(7)): what has served its purpose is deleted on a schedule
 * (`retention.purgeCron`): expired sign-in codes, code-send records past the hourly limit's hour, blacklist rows of
 * tokens that have expired anyway, contact messages after `retention.contactDays`, data exports after
 * `retention.exportHours`, and notifications after `retention.notificationDays`. The privacy page states the same
 * periods.
 */
export function createRetentionService(deps: {
  db: Db;
  config: Config;
  jobs: JobQueue;
  exports: ExportService;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { db, config, jobs, exports, log, now } = deps;

  /**
   * Notifications older than `before`, a batch at a time from the oldest id (ids grow with time, so the primary key
   * finds the old ones first and the walk stops at the first batch that is not full).
   */
  async function purgeNotifications(before: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await db
        .delete(notifications)
        .where(
          sql`${notifications.id} in (select ${notifications.id} from ${notifications} where ${notifications.createdAt} < ${before} order by ${notifications.id} limit ${NOTIFICATION_BATCH})`,
        )
        .returning({ k: notifications.id });
      total += deleted.length;
      if (deleted.length < NOTIFICATION_BATCH) return total;
    }
  }

  async function purge(): Promise<PurgeCounts> {
    const at = now();
    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    const counts: PurgeCounts = {
      otpCodes: await count(db.delete(otpCodes).where(lt(otpCodes.expiresAt, at)).returning({ k: otpCodes.emailHash })),
      otpSends: await count(
        db
          .delete(otpSends)
          .where(lt(otpSends.sentAt, new Date(at.getTime() - HOUR_MS)))
          .returning({ k: otpSends.id }),
      ),
      blacklistedTokens: await count(
        db.delete(blacklistedTokens).where(lt(blacklistedTokens.expiresAt, at)).returning({ k: blacklistedTokens.jti }),
      ),
      contactMessages: await count(
        db
          .delete(contactMessages)
          .where(lt(contactMessages.createdAt, new Date(at.getTime() - config.retention.contactDays * 24 * HOUR_MS)))
          .returning({ k: contactMessages.id }),
      ),
      exports: await exports.purgeExpired(),
      notifications: await purgeNotifications(new Date(at.getTime() - config.retention.notificationDays * 24 * HOUR_MS)),
    };
    log.info({ job: PURGE_JOB, ...counts }, 'expired data purged');
    return counts;
  }

  jobs.define({ name: PURGE_JOB, run: async () => void (await purge()), cron: config.retention.purgeCron, retryLimit: 1 });

  return { purge };
}
