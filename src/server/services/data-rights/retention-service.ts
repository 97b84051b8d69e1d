import { lt, sql } from 'drizzle-orm';
import { executeRows } from '../../db/client.ts';
import { dropMonthsBefore, ensureMonthsAhead } from '../../db/partitions.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { blacklistedTokens, contactMessages, otpCodes, otpSends } from '../../db/schema/index.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import type { ExportService } from './export-service.ts';

export const PURGE_JOB = 'purge-expired-data';
export const PARTITIONS_JOB = 'make-month-partitions';
const HOUR_MS = 3_600_000;

export type PurgeCounts = {
  otpCodes: number;
  otpSends: number;
  blacklistedTokens: number;
  contactMessages: number;
  exports: number;
  /** Rows deleted one by one (those the default partition caught). */
  notifications: number;
  /** Whole months of notifications dropped, by partition name. */
  notificationMonths: string[];
};
/** Notifications the default partition caught are deleted this many at a time, so a backlog never holds one long lock. */
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
   * Notifications older than `before`: every month partition whose whole month is (a catalog change, however many
   * rows; so a notification is kept between `notificationDays` and a month more), and any such rows the default
   * partition caught, a batch at a time from the oldest id. Answers the rows deleted and the months dropped.
   */
  async function purgeNotifications(before: Date): Promise<{ rows: number; months: string[] }> {
    const months = await dropMonthsBefore(db, 'notifications', before);
    let rows = 0;
    for (;;) {
      const deleted = await executeRows<{ id: number }>(
        db,
        sql`delete from notifications_default where id in (select id from notifications_default where created_at < ${before} order by id limit ${NOTIFICATION_BATCH}) returning id`,
      );
      rows += deleted.length;
      if (deleted.length < NOTIFICATION_BATCH) return { rows, months };
    }
  }

  /** Makes the month partitions of the next months ahead of the rows that will need them (`partitionsCron`). */
  async function makePartitions(): Promise<string[]> {
    const made = await ensureMonthsAhead(db, now());
    if (made.length > 0) log.info({ job: PARTITIONS_JOB, made }, 'month partitions made');
    return made;
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
      notifications: 0,
      notificationMonths: [],
    };
    const notices = await purgeNotifications(new Date(at.getTime() - config.retention.notificationDays * 24 * HOUR_MS));
    counts.notifications = notices.rows;
    counts.notificationMonths = notices.months;
    log.info({ job: PURGE_JOB, ...counts }, 'expired data purged');
    return counts;
  }

  jobs.define({ name: PURGE_JOB, run: async () => void (await purge()), cron: config.retention.purgeCron, retryLimit: 1 });
  jobs.define({
    name: PARTITIONS_JOB,
    run: async () => void (await makePartitions()),
    cron: config.retention.partitionsCron,
    retryLimit: 3,
  });

  return { purge, makePartitions };
}
