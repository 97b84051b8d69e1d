import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, desc, eq, inArray, lt, ne, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { circles, comments, dataExports, posts, users } from '../../db/schema/index.ts';
import { circleVisibleTo } from '../circles/index.ts';
import { exportReadme } from './export-readme.ts';
import { ACCOUNT_TABLES, propertyOf } from './account-tables.ts';
import { detail, notFound, say } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import { identityChips } from '../accounts/index.ts';
import { listUploads } from '../media/index.ts';
import type { MediaStore } from '../../platform/media-store.ts';
import { withVariants } from '../../../lib/media-variants.ts';

export const EXPORT_JOB = 'export-account';
export const EXPORT_IN_PROGRESS = say('errors.dataRights.exportInProgress');
/** How long a signed download link works. */
const LINK_SECONDS = 10 * 60;

export type ExportStatus = 'pending' | 'ready' | 'failed';
export type ExportView = { id: string; status: ExportStatus; created_at: string; ready_at: string | null; expires_at: string | null };

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A row as the export writes it: snake_case keys, dates as ISO text, `omit` columns left out. */
function exportRow(row: Record<string, unknown>, omit: string[] = []): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !omit.includes(key))
      .map(([key, value]) => [snakeCase(key), value instanceof Date ? value.toISOString() : value]),
  );
}

/**
 * "Download my data" (DPDP Act 2023, section 11): a job gathers every row the member owns, table by table from
 * ACCOUNT_TABLES, into data.json and zips it with every file they uploaded. The zip waits in the private exports
 * folder for `retention.exportHours`; the scheduled purge deletes it after that. One export at a time per member.
 */
export function createExportService(deps: {
  db: Db;
  config: Config;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  now: () => Date;
  mediaStore: MediaStore;
  /** The privacy notice's version now (the one the export names). */
  noticeVersion: number;
}) {
  const { db, config, jobs, log, now, mediaStore, noticeVersion } = deps;

  const view = (row: typeof dataExports.$inferSelect): ExportView => ({
    id: row.id,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  });

  async function request(userId: number): Promise<ExportView> {
    const [pending] = await db
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'pending')));
    if (pending) throw detail(409, EXPORT_IN_PROGRESS, { id: pending.id });
    const id = randomUUID();
    // The partial unique index settles two requests at once: the second insert finds the first.
    const [row] = await db.insert(dataExports).values({ id, userId, createdAt: now() }).onConflictDoNothing().returning();
    if (!row) throw detail(409, EXPORT_IN_PROGRESS);
    await jobs.send(EXPORT_JOB, { exportId: id });
    return view(row);
  }

  async function find(userId: number, id: string) {
    const [row] = await db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
    if (!row) throw notFound();
    return row;
  }

  const get = async (userId: number, id: string) => view(await find(userId, id));

  /** The newest export of the member (the profile page picks up one in progress after a reload). */
  async function latest(userId: number): Promise<ExportView | null> {
    const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.createdAt)).limit(1);
    return row ? view(row) : null;
  }

  /** Rows with each other member's id (in the `handles` columns) joined by that member's handle under its export key. */
  async function withHandles(rows: Record<string, unknown>[], handles: [PgColumn, string][]): Promise<Record<string, unknown>[]> {
    if (handles.length === 0 || rows.length === 0) return rows;
    const keys = handles.map(([column, as]) => [propertyOf(column.table as PgTable, column), as] as const);
    const ids = [...new Set(rows.flatMap((row) => keys.map(([key]) => row[key]).filter((id): id is number => typeof id === 'number')))];
    const found =
      ids.length === 0 ? [] : await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
    const handleOf = new Map(found.map((u) => [u.id, u.username]));
    return rows.map((row) => ({
      ...row,
      ...Object.fromEntries(keys.map(([key, as]) => [as, typeof row[key] === 'number' ? (handleOf.get(row[key]) ?? null) : null])),
    }));
  }

  /**
   * Rows with the channels, posts and comments they refer to by id named beside the id (`channel`, `post_title`,
   * `comment_excerpt`), as the member can see them now: a private channel they have left is not named (null).
   */
  async function withNames(userId: number, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
    const idsOf = (key: string) => [...new Set(rows.map((row) => row[key]).filter((id): id is number => typeof id === 'number'))];
    const postIds = idsOf('postId');
    const commentIds = [...new Set([...idsOf('commentId'), ...idsOf('parentId')])];
    const visible = circleVisibleTo(userId);
    const postRows = postIds.length
      ? await db
          .select({ id: posts.id, title: posts.title, circleId: posts.circleId })
          .from(posts)
          .innerJoin(circles, eq(circles.id, posts.circleId))
          .where(and(inArray(posts.id, postIds), visible))
      : [];
    const circleIds = [...new Set([...idsOf('circleId'), ...postRows.map((row) => row.circleId)])];
    const circleRows = circleIds.length
      ? await db
          .select({ id: circles.id, name: circles.name })
          .from(circles)
          .where(and(inArray(circles.id, circleIds), visible))
      : [];
    const commentRows = commentIds.length
      ? await db
          .select({ id: comments.id, body: comments.body })
          .from(comments)
          .innerJoin(posts, eq(posts.id, comments.postId))
          .innerJoin(circles, eq(circles.id, posts.circleId))
          .where(and(inArray(comments.id, commentIds), visible))
      : [];
    const channel = new Map(circleRows.map((row) => [row.id, row.name]));
    const post = new Map(postRows.map((row) => [row.id, row]));
    const excerpt = new Map(commentRows.map((row) => [row.id, row.body.length > 120 ? `${row.body.slice(0, 119)}…` : row.body]));
    const named = (map: Map<number, string>, id: unknown) => (typeof id === 'number' ? (map.get(id) ?? null) : undefined);
    return rows.map((row) => {
      const out = { ...row };
      const ofPost = typeof row.postId === 'number' ? post.get(row.postId) : undefined;
      const circleId = typeof row.circleId === 'number' ? row.circleId : ofPost?.circleId;
      if ('circleId' in row || 'postId' in row) out.channel = named(channel, circleId) ?? null;
      if ('postId' in row) out.postTitle = typeof row.postId === 'number' ? (ofPost?.title ?? null) : null;
      if ('commentId' in row) out.commentExcerpt = named(excerpt, row.commentId) ?? null;
      if ('parentId' in row) out.parentExcerpt = named(excerpt, row.parentId) ?? null;
      return out;
    });
  }

  /** Everything the member owns, as data.json holds it. */
  async function gather(userId: number) {
    const data: Record<string, unknown> = { exported_at: now().toISOString(), notice_version: noticeVersion };
    for (const entry of ACCOUNT_TABLES) {
      if (!entry.exportAs) continue;
      const by = entry.exportBy ?? [entry.owner];
      const rows = (await db
        .select()
        .from(entry.table)
        .where(or(...by.map((column) => eq(column, userId))))) as Record<string, unknown>[];
      data[entry.exportAs] = await withHandles(await withNames(userId, rows), entry.handles ?? []).then((named) =>
        named.map((row) =>
          exportRow(row, [...(entry.omit ?? []), ...(entry.handles ?? []).map(([column]) => propertyOf(entry.table, column))]),
        ),
      );
    }
    const [profile] = data.profile as Record<string, unknown>[];
    data.profile = { ...profile, chips: identityChips(String(profile.identity_class), Boolean(profile.is_aadhaar_verified)) };
    const uploads = await listUploads(db, userId);
    data.uploads = uploads.map((u) => ({ ...u, file: `media/${u.name}` }));
    return { data, uploads };
  }

  /** The job: builds the zip, then marks the export ready and removes the member's older ones. */
  async function run(exportId: string): Promise<void> {
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
    if (!row || row.status !== 'pending') return;
    try {
      const { data, uploads } = await gather(row.userId);
      await mkdir(config.exportsDir, { recursive: true, mode: 0o700 });
      const fileName = `${exportId}.zip`;
      const target = path.join(config.exportsDir, fileName);
      const zip = new yazl.ZipFile();
      zip.addBuffer(Buffer.from(exportReadme(now())), 'README.txt');
      zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), 'data.json');
      // An image goes with its smaller variants; each file is read from the store only when the zip reaches it.
      for (const name of new Set(uploads.flatMap((u) => withVariants(u.name)))) {
        const size = await mediaStore.size(name);
        if (size === null) continue;
        zip.addReadStreamLazy(`media/${name}`, { size }, (done) =>
          mediaStore.read(name).then(
            (file) => (file ? done(null, file.body) : done(new Error('a stored file went missing during an export'), null as never)),
            (error) => done(error, null as never),
          ),
        );
      }
      zip.on('error', (error) => (zip.outputStream as NodeJS.ReadableStream & { destroy: (e: Error) => void }).destroy(error));
      zip.end();
      await pipeline(zip.outputStream, createWriteStream(`${target}.part`, { mode: 0o600 }));
      await rename(`${target}.part`, target);
      const readyAt = now();
      const expiresAt = new Date(readyAt.getTime() + config.retention.exportHours * 3_600_000);
      await db.update(dataExports).set({ status: 'ready', fileName, readyAt, expiresAt }).where(eq(dataExports.id, exportId));
      const older = await db
        .delete(dataExports)
        .where(and(eq(dataExports.userId, row.userId), ne(dataExports.id, exportId), ne(dataExports.status, 'pending')))
        .returning({ fileName: dataExports.fileName });
      for (const o of older) if (o.fileName) await rm(path.join(config.exportsDir, o.fileName), { force: true });
    } catch (error) {
      log.error({ err: error, job: EXPORT_JOB }, 'a data export failed');
      await db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, exportId));
    }
  }

  const signature = (id: string, expires: number) => createHmac('sha256', config.jwtSecret).update(`export:${id}:${expires}`).digest('hex');

  /** A download link that works without the bearer token for LINK_SECONDS (a browser's plain download). */
  function signedQuery(id: string): string {
    const expires = Math.floor(now().getTime() / 1000) + LINK_SECONDS;
    return `expires=${expires}&signature=${signature(id, expires)}`;
  }

  /** The zip's path on disk for its member, or for a valid signed link; a 404 otherwise (never says which). */
  async function fileFor(id: string, access: { userId?: number; expires?: number; signature?: string }): Promise<string> {
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
    let allowed = row !== undefined && access.userId === row.userId;
    if (row && !allowed && access.expires && access.signature && access.expires * 1000 > now().getTime()) {
      const expected = Buffer.from(signature(id, access.expires), 'hex');
      const given = Buffer.from(access.signature, 'hex');
      allowed = expected.length === given.length && timingSafeEqual(expected, given);
    }
    if (!row || !allowed || row.status !== 'ready' || !row.fileName || (row.expiresAt && row.expiresAt <= now())) throw notFound();
    return path.join(config.exportsDir, row.fileName);
  }

  /** Exports past their time: the files go, and the rows (the member asks again if they need it). */
  async function purgeExpired(): Promise<number> {
    const expired = await db.delete(dataExports).where(lt(dataExports.expiresAt, now())).returning({ fileName: dataExports.fileName });
    for (const e of expired) if (e.fileName) await rm(path.join(config.exportsDir, e.fileName), { force: true });
    return expired.length;
  }

  jobs.define<{ exportId: string }>({ name: EXPORT_JOB, run: ({ exportId }) => run(exportId), retryLimit: 2 });

  return { request, get, latest, signedQuery, fileFor, purgeExpired, run };
}

export type ExportService = ReturnType<typeof createExportService>;
