import { sql } from 'drizzle-orm';
import { executeRows, type Executor } from './client.ts';

/**
 * The tables partitioned by month (migration 0040): each has a partition per calendar month (UTC) of its key, named
 * `<table>_YYYY_MM`, and a `<table>_default` that catches a row of a month not made yet, so no write fails for want
 * of one. `ensure_month_partition()` (SQL, the same migration) makes a month, moving any rows the default caught.
 */
export const MONTH_PARTITIONED = [
  { table: 'post_reactions', key: 'post_created_at' },
  { table: 'comment_upvotes', key: 'comment_created_at' },
  { table: 'notifications', key: 'created_at' },
] as const;

export type MonthPartitioned = (typeof MONTH_PARTITIONED)[number]['table'];

/** A month's partition: its name and the first instant of that month and of the next (UTC). */
export type MonthPartition = { name: string; from: Date; to: Date };

/** How many months after the current one are kept made ahead. */
export const MONTHS_AHEAD = 2;

const monthStart = (at: Date, plus = 0) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + plus, 1));

/** Makes the partitions of this month and the next `ahead` months of every partitioned table; answers those made now. */
export async function ensureMonthsAhead(db: Executor, now: Date, ahead = MONTHS_AHEAD): Promise<string[]> {
  const made: string[] = [];
  for (const { table, key } of MONTH_PARTITIONED) {
    for (let i = 0; i <= ahead; i++) {
      const month = monthStart(now, i);
      const [{ created }] = await executeRows<{ created: boolean }>(
        db,
        sql`select ensure_month_partition(${table}, ${key}, ${month.toISOString()}::timestamptz) as created`,
      );
      if (created) made.push(monthName(table, month));
    }
  }
  return made;
}

const monthName = (table: string, month: Date) => `${table}_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;

/** A table's month partitions, oldest first (read from the catalog; the default partition is not one of them). */
export async function monthPartitions(db: Executor, table: MonthPartitioned): Promise<MonthPartition[]> {
  const rows = await executeRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = ${table}::regclass and c.relname ~ ${`^${table}_[0-9]{4}_[0-9]{2}$`} order by c.relname`,
  );
  return rows.map(({ name }) => {
    const [year, month] = name
      .slice(table.length + 1)
      .split('_')
      .map(Number);
    const from = new Date(Date.UTC(year, month - 1, 1));
    return { name, from, to: monthStart(from, 1) };
  });
}

/**
 * Drops the month partitions of `table` whose every row is older than `before` (the month ended by then): a
 * catalog change, however many rows, where a DELETE of a month would write and vacuum each. Answers the names.
 */
export async function dropMonthsBefore(db: Executor, table: MonthPartitioned, before: Date): Promise<string[]> {
  const old = (await monthPartitions(db, table)).filter((p) => p.to.getTime() <= before.getTime());
  for (const { name } of old) await db.execute(sql`drop table ${sql.identifier(name)}`);
  return old.map((p) => p.name);
}
