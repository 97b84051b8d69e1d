import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { OffsetPageSource } from '../../db/keyset.ts';
import { scamDecisions, shieldModels } from '../../db/schema/index.ts';
import { evaluateCorpus, type CorpusExample } from './evaluate.ts';
import { committedModel, currentModel, decodeModel, useModel, type StoredModel } from './model.ts';
import { train } from './training/train.ts';
import type { LabelledItem } from './training/templating.ts';

/**
 * Moderators' decisions as the shield's teacher. Every staff decision on a flagged or reported item is kept as a
 * labelled example; a scheduled job (and `npm run admin -- safety retrain`) trains a candidate on the corpus plus
 * those decisions, measures it on the frozen split (never trained on), and promotes it only when its precision and
 * its recall are both no worse than the active model's; otherwise it is kept as refused, with the reason. Staff list
 * the versions and may activate any earlier one (rollback); every instance switches when told (LISTEN).
 */

export const RETRAIN_JOB = 'scam-shield-retrain';
/** The channel on which an instance hears that another model is active. */
export const SHIELD_MODEL_CHANNEL = 'shield_model';

/** Resolved from the working directory, like the migrations: import.meta.url breaks once the server is bundled. */
const TRAIN_FILE = path.resolve(process.env.SAFETY_TRAIN_FILE ?? 'tests/fixtures/safety/train.json');
const FROZEN_FILE = path.resolve(process.env.SAFETY_FROZEN_FILE ?? 'tests/fixtures/safety/frozen.json');

export type ModelVersion = {
  id: number;
  status: 'active' | 'kept' | 'refused';
  precision: number;
  recall: number;
  decisions: number;
  note: string;
  created_at: string;
};

export type Decision = { label: 'scam' | 'legit'; text: string; authorId: number | null; postId: number; commentId: number | null };

const round = (value: number) => Math.round(value * 1000) / 1000;

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

const toVersion = (row: typeof shieldModels.$inferSelect): ModelVersion => ({
  id: row.id,
  status: row.status,
  precision: row.precision,
  recall: row.recall,
  decisions: row.decisions,
  note: row.outcome,
  created_at: row.createdAt.toISOString(),
});

export function createShieldTeacher({ db, notify }: { db: Db; notify: (channel: string, payload: string) => Promise<void> }) {
  /** The frozen split's figures for a model (precision and recall over warn-or-held verdicts). */
  function measure(stored: StoredModel | null): { precision: number; recall: number } {
    const report = evaluateCorpus(readJson<CorpusExample[]>(FROZEN_FILE), 1, stored ? decodeModel(stored) : currentModel());
    return { precision: round(report.precision), recall: round(report.recall) };
  }

  /** The active version, or the committed model recorded as the first one. */
  async function activeVersion(): Promise<typeof shieldModels.$inferSelect> {
    const [active] = await db.select().from(shieldModels).where(eq(shieldModels.status, 'active')).limit(1);
    if (active) return active;
    const committed = JSON.parse(readFileSync(new URL('./model/shield-model.json', import.meta.url), 'utf8')) as StoredModel;
    const figures = measure(committed);
    const [row] = await db
      .insert(shieldModels)
      .values({ model: committed, ...figures, decisions: 0, status: 'active', outcome: 'the committed model (npm run safety:train)' })
      .returning();
    return row;
  }

  /** Keeps a staff decision as a labelled example (once per item and label). */
  async function learnFrom(decision: Decision): Promise<void> {
    const text = decision.text.trim();
    if (!text) return;
    const [seen] = await db
      .select({ id: scamDecisions.id })
      .from(scamDecisions)
      .where(
        and(
          eq(scamDecisions.postId, decision.postId),
          decision.commentId === null ? sql`${scamDecisions.commentId} is null` : eq(scamDecisions.commentId, decision.commentId),
          eq(scamDecisions.label, decision.label),
        ),
      )
      .limit(1);
    if (!seen) await db.insert(scamDecisions).values({ ...decision, text });
  }

  /** Retrains on the corpus and every decision, and promotes the candidate only if it is no worse on the frozen split. */
  async function retrain(): Promise<ModelVersion> {
    const active = await activeVersion();
    const decisions = await db.select().from(scamDecisions).orderBy(scamDecisions.id);
    const corpus = readJson<LabelledItem[]>(TRAIN_FILE);
    const learnt: LabelledItem[] = decisions.map((d, i) => ({
      id: 10_000_000 + i,
      label: d.label,
      pattern: d.label === 'scam' ? 'staff-decision' : 'staff-restored',
      lang: 'en',
      source: 'real',
      text: d.text,
    }));
    const { model } = train([...corpus, ...learnt]);
    const figures = measure(model);
    const better = figures.precision >= active.precision && figures.recall >= active.recall;
    const note = better
      ? `promoted: precision ${figures.precision} (was ${active.precision}), recall ${figures.recall} (was ${active.recall}) on the frozen split`
      : `refused: precision ${figures.precision} (active ${active.precision}), recall ${figures.recall} (active ${active.recall}) on the frozen split; both must be no worse`;
    const row = await db.transaction(async (tx) => {
      if (better) await tx.update(shieldModels).set({ status: 'kept' }).where(eq(shieldModels.status, 'active'));
      const [inserted] = await tx
        .insert(shieldModels)
        .values({ model, ...figures, decisions: decisions.length, status: better ? 'active' : 'refused', outcome: note })
        .returning();
      return inserted;
    });
    if (better) await announce(row.id);
    return toVersion(row);
  }

  /** Makes an earlier version the active one (rollback, or a refused one staff choose after all); null when unknown. */
  async function activate(id: number): Promise<ModelVersion | null> {
    await activeVersion();
    const row = await db.transaction(async (tx) => {
      const [target] = await tx.select({ id: shieldModels.id }).from(shieldModels).where(eq(shieldModels.id, id)).limit(1);
      if (!target) return null;
      await tx.update(shieldModels).set({ status: 'kept' }).where(eq(shieldModels.status, 'active'));
      const [updated] = await tx.update(shieldModels).set({ status: 'active' }).where(eq(shieldModels.id, id)).returning();
      return updated;
    });
    if (!row) return null;
    await announce(row.id);
    return toVersion(row);
  }

  async function announce(id: number): Promise<void> {
    await useActive();
    await notify(SHIELD_MODEL_CHANNEL, String(id));
  }

  /** Scores with the active version from now on in this process (at start, and when another instance announces one). */
  async function useActive(): Promise<void> {
    const [active] = await db.select({ model: shieldModels.model }).from(shieldModels).where(eq(shieldModels.status, 'active')).limit(1);
    useModel(active ? decodeModel(active.model as StoredModel) : committedModel());
  }

  /** The versions, newest first: a short list (one row per retraining), paged by number. */
  async function versions(): Promise<OffsetPageSource<ModelVersion>> {
    await activeVersion();
    return {
      count: await db.$count(shieldModels),
      load: async (limit, offset) =>
        (await db.select().from(shieldModels).orderBy(desc(shieldModels.createdAt), desc(shieldModels.id)).limit(limit).offset(offset)).map(
          toVersion,
        ),
    };
  }

  return { learnFrom, retrain, activate, useActive, versions, activeVersion };
}

export type ShieldTeacher = ReturnType<typeof createShieldTeacher>;
