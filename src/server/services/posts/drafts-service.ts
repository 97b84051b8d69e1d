import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Draft } from '../../../lib/api-types.ts';
import { MAX_DRAFTS } from '../../../lib/validation-rules.ts';
import type { Db } from '../../db/client.ts';
import type { OffsetPageSource } from '../../db/keyset.ts';
import { circles, drafts } from '../../db/schema/index.ts';
import { fieldErrors, notFound, say } from '../../platform/errors.ts';
import { circleVisibleTo } from '../circles/index.ts';
import { sanitizeRichText } from '../writing/index.ts';

/**
 * Drafts: what a member is writing in the create-post screen, saved as they type. Private: another member's draft
 * is simply not found. A draft names its channel only while the member can see it.
 */

/** `circle`: an id or a name (as the create-post screen's picker holds it), or null for none yet. */
export type DraftInput = { circle?: number | string | null; title?: string; description?: string };

const columns = {
  id: drafts.id,
  title: drafts.title,
  description: drafts.description,
  updatedAt: drafts.updatedAt,
  circleId: circles.id,
  circleName: circles.name,
};

type DraftRow = { id: number; title: string; description: string; updatedAt: Date; circleId: number | null; circleName: string | null };

const toDraft = (row: DraftRow): Draft => ({
  id: row.id,
  circle: row.circleId === null ? null : { id: row.circleId, name: row.circleName! },
  title: row.title,
  description: row.description,
  updated_at: row.updatedAt.toISOString(),
});

/** The member's drafts (`id`: one of them), each with its channel while the member can see it. */
function select(db: Db, authorId: number, id?: number) {
  return db
    .select(columns)
    .from(drafts)
    .leftJoin(circles, and(eq(circles.id, drafts.circleId), circleVisibleTo(authorId)))
    .where(id === undefined ? eq(drafts.authorId, authorId) : and(eq(drafts.authorId, authorId), eq(drafts.id, id)));
}

async function readDraft(db: Db, authorId: number, id: number): Promise<Draft> {
  const [row] = await select(db, authorId, id);
  if (!row) throw notFound(say('errors.drafts.notFound'));
  return toDraft(row);
}

/** The channel a draft may name: one the member can see (400 on the field otherwise). */
async function checkedCircle(db: Db, authorId: number, circle: number | string | null | undefined): Promise<number | null | undefined> {
  if (circle === undefined || circle === null) return circle;
  const named = typeof circle === 'number' ? eq(circles.id, circle) : sql`lower(${circles.name}) = lower(${circle.trim()})`;
  const [row] = await db
    .select({ id: circles.id })
    .from(circles)
    .where(and(named, circleVisibleTo(authorId)));
  if (!row) throw fieldErrors({ circle: [say('errors.circles.notFound')] });
  return row.id;
}

/** Images pasted into a draft's text are not kept (they are re-encoded when the post is made). */
const dropImages = async () => null;

async function values(db: Db, authorId: number, input: DraftInput) {
  return {
    ...(input.title === undefined ? {} : { title: input.title }),
    ...(input.description === undefined ? {} : { description: await sanitizeRichText(input.description, dropImages) }),
    ...(input.circle === undefined ? {} : { circleId: await checkedCircle(db, authorId, input.circle) }),
  };
}

export const createDraftsService = ({ db, now }: { db: Db; now: () => Date }) => ({
  /** The member's drafts, most recently changed first (at most MAX_DRAFTS, so paged by number). */
  async list(authorId: number): Promise<OffsetPageSource<Draft>> {
    const [{ total }] = await db.select({ total: count() }).from(drafts).where(eq(drafts.authorId, authorId));
    return {
      count: total,
      load: async (limit, offset) =>
        (await select(db, authorId).orderBy(desc(drafts.updatedAt), desc(drafts.id)).limit(limit).offset(offset)).map(toDraft),
    };
  },

  get: (authorId: number, id: number) => readDraft(db, authorId, id),

  /** A new draft; a member keeps at most MAX_DRAFTS (400 past that). */
  async create(authorId: number, input: DraftInput): Promise<Draft> {
    const [{ total }] = await db.select({ total: count() }).from(drafts).where(eq(drafts.authorId, authorId));
    if (total >= MAX_DRAFTS) throw fieldErrors({ non_field_errors: [say('errors.drafts.tooMany', { max: MAX_DRAFTS })] });
    const [row] = await db
      .insert(drafts)
      .values({ authorId, ...(await values(db, authorId, input)), createdAt: now(), updatedAt: now() })
      .returning({ id: drafts.id });
    return readDraft(db, authorId, row.id);
  },

  /** Changes the fields given; 404 for a draft that is not the member's. */
  async update(authorId: number, id: number, input: DraftInput): Promise<Draft> {
    const changed = await db
      .update(drafts)
      .set({ ...(await values(db, authorId, input)), updatedAt: now() })
      .where(and(eq(drafts.id, id), eq(drafts.authorId, authorId)))
      .returning({ id: drafts.id });
    if (changed.length === 0) throw notFound(say('errors.drafts.notFound'));
    return readDraft(db, authorId, id);
  },

  /** Deletes a draft of the member's (404 otherwise). */
  async remove(authorId: number, id: number): Promise<void> {
    const gone = await db
      .delete(drafts)
      .where(and(eq(drafts.id, id), eq(drafts.authorId, authorId)))
      .returning({ id: drafts.id });
    if (gone.length === 0) throw notFound(say('errors.drafts.notFound'));
  },
});

export type DraftsService = ReturnType<typeof createDraftsService>;
