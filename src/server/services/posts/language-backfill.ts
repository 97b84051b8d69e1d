import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments, languageBackfill, posts } from '../../db/schema/index.ts';
import { detectLanguage, postLanguage } from '../../../lib/language-detection.ts';
import { UNDETERMINED } from '../../../lib/post-languages.ts';

/**
 * The language of posts and comments written before languages were told apart. The migration that added `language`
 * gave every existing row 'und' at no cost (a column default) and marked where each table's rows end
 * (`language_backfill`); this job reads them newest first, a batch at a time, and stores what it detects. Rows
 * written or edited since carry their own language and are left alone. Once a table is done its mark goes, and a
 * run is one lookup. 'und' rows show in every feed meanwhile, so nothing is hidden before it is read.
 */
export const LANGUAGE_BACKFILL_JOB = 'language-backfill';

const BATCH = 200;

type Table = 'posts' | 'comments';

/** One batch of a table below `belowId`: each row's id and the language its words are in. */
async function readBatch(db: Db, table: Table, belowId: number, size: number): Promise<{ id: number; language: string }[]> {
  if (table === 'posts') {
    const rows = await db
      .select({ id: posts.id, title: posts.title, description: posts.description })
      .from(posts)
      .where(lt(posts.id, belowId))
      .orderBy(desc(posts.id))
      .limit(size);
    return rows.map((row) => ({ id: row.id, language: postLanguage(row.title, row.description) }));
  }
  const rows = await db
    .select({ id: comments.id, body: comments.body })
    .from(comments)
    .where(lt(comments.id, belowId))
    .orderBy(desc(comments.id))
    .limit(size);
  return rows.map((row) => ({ id: row.id, language: detectLanguage(row.body) }));
}

/** Stores the languages found (only where one was found and the row still says 'und'), and moves the mark below the batch. */
async function writeBatch(db: Db, table: Table, found: { id: number; language: string }[], nextBelow: number): Promise<void> {
  const told = found.filter((row) => row.language !== UNDETERMINED);
  const target = table === 'posts' ? posts : comments;
  await db.transaction(async (tx) => {
    if (told.length) {
      const values = sql.join(
        told.map((row) => sql`(${row.id}::int, ${row.language}::text)`),
        sql`, `,
      );
      await tx.execute(
        sql`update ${target} set language = found.language from (values ${values}) as found(id, language)
          where ${target.id} = found.id and ${target.language} = ${UNDETERMINED}`,
      );
    }
    await tx.update(languageBackfill).set({ belowId: nextBelow }).where(eq(languageBackfill.tableName, table));
  });
}

/**
 * Detects the language of the rows still to be read, in batches of `batchSize`, until `deadline` (ms since the epoch):
 * a run leaves the database to the site's own work between batches. Answers how many rows it read per table.
 */
export async function backfillLanguages(
  db: Db,
  { batchSize = BATCH, deadline = Date.now() + 10_000 }: { batchSize?: number; deadline?: number } = {},
): Promise<Record<Table, number>> {
  const read: Record<Table, number> = { posts: 0, comments: 0 };
  for (const table of ['posts', 'comments'] as const) {
    while (Date.now() < deadline) {
      const [mark] = await db
        .select({ belowId: languageBackfill.belowId })
        .from(languageBackfill)
        .where(eq(languageBackfill.tableName, table))
        .limit(1);
      if (!mark) break;
      const found = await readBatch(db, table, mark.belowId, batchSize);
      if (found.length === 0) {
        // Every row of the table is read: its mark goes.
        await db.delete(languageBackfill).where(and(eq(languageBackfill.tableName, table), eq(languageBackfill.belowId, mark.belowId)));
        break;
      }
      await writeBatch(db, table, found, Math.min(...found.map((row) => row.id)));
      read[table] += found.length;
    }
  }
  return read;
}
