import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/client.ts';

/** Reports waiting for a moderator (the metrics gauge moderation_open_cases), one indexed count. */
export async function countOpenCases(db: Db): Promise<number> {
  const [row] = await executeRows<{ n: string | number }>(db, sql`select count(*) as n from moderation_cases where status = 'open'`);
  return Number(row.n);
}
