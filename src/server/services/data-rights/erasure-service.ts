import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, getTableColumns, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import {
  commentUpvotes,
  accountErasures,
  circleMembers,
  circles,
  comments,
  credentialRequests,
  dataExports,
  institutionMembers,
  moderationActions,
  moderationCases,
  otpCodes,
  otpSends,
  postReactions,
  posts,
  reports,
  staffAuditLog,
  users,
  verifiedAddressClaims,
  verifications,
} from '../../db/schema/index.ts';
import { ACCOUNT_TABLES, DELETED_ACCOUNT_HANDLE } from './account-tables.ts';
import { detail, say } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import type { OtpService } from '../accounts/index.ts';
import { mediaNamesIn, postersOf } from '../media/index.ts';
import { claimOwnerKey } from '../verification/index.ts';
import type { MediaStore } from '../../platform/media-store.ts';
import { withVariants } from '../../../lib/media-variants.ts';
import type { Lang } from '../../../lib/i18n.ts';

export const ERASE_JOB = 'erase-account';
/** Erases an account whose consent was withdrawn, once WITHDRAWAL_GRACE_HOURS have passed (unless agreed again). */
export const WITHDRAWAL_JOB = 'erase-after-withdrawal';
/** Hourly: any withdrawal past its grace whose job was lost (a crash, a restore) is erased too. */
export const WITHDRAWAL_SWEEP_JOB = 'erase-after-withdrawal-sweep';

export const ERASURE_MESSAGES = {
  wrongAddress: say('errors.erasure.wrongAddress'),
  codeSent: say('errors.erasure.codeSent'),
  started: say('errors.erasure.started'),
} as const;

/** Where a file to delete lives: the public media folder, the private exports folder, or the credential documents. */
type FileRef = `${'media' | 'exports' | 'documents'}:${string}`;

/**
 * The right to erasure (DPDP Act 2023, section 12). The request marks the account at once, in one transaction: its key
 * is released (the same address can sign up afresh), its tokens stop working (the auth plugin refuses an account
 * being erased), and the erasure is queued. The job then works in steps, each in its own transaction and recorded in
 * `account_erasures`, so a job stopped halfway (a crash, a deploy) resumes where it was: collect the files, erase or
 * hand over the rows, delete the files, delete the account (which takes the `account_erasures` row with it).
 */
export function createErasureService(deps: {
  db: Db;
  config: Config;
  otp: OtpService;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  mediaStore: MediaStore;
}) {
  const { db, config, otp, jobs, log, mediaStore } = deps;

  async function accountKey(userId: number): Promise<string> {
    const [row] = await db.select({ emailHash: users.emailHash }).from(users).where(eq(users.id, userId));
    if (!row) throw detail(404, say('api.notFound'));
    return row.emailHash;
  }

  /** Mails a deletion code to `email`, which must be the account's own sign-in address (its key, as the address is not kept). */
  async function sendCode(userId: number, email: string, ip: string, lang: Lang = 'en'): Promise<void> {
    const key = await accountKey(userId);
    const former = otp.formerKeyOf(email);
    if (former !== null && key === former) {
      // An account still stored under its address's former key moves to the new one, as it would at sign-in.
      await db
        .update(users)
        .set({ emailHash: otp.keyOf(email) })
        .where(eq(users.id, userId));
    } else if (otp.keyOf(email) !== key) throw detail(400, ERASURE_MESSAGES.wrongAddress, { code: 'wrong_address' });
    await otp.send(email, ip, 'erasure', lang);
  }

  /** Marks the account for erasure; answers once nothing of it can be used any more. The job does the rest. */
  async function markForErasure(userId: number, eraseContent: boolean, now: Date): Promise<void> {
    await db.transaction(async (tx) => {
      const [user] = await tx.select({ emailHash: users.emailHash }).from(users).where(eq(users.id, userId)).for('update');
      if (!user) return;
      // The codes and send records under the address's key go now: they name the address, and the key is released.
      await tx.delete(otpCodes).where(eq(otpCodes.emailHash, user.emailHash));
      await tx.delete(otpSends).where(eq(otpSends.emailHash, user.emailHash));
      await tx
        .update(users)
        .set({ emailHash: `erased:${userId}`, erasureRequestedAt: now })
        .where(eq(users.id, userId));
      await tx.insert(accountErasures).values({ userId, eraseContent, requestedAt: now }).onConflictDoNothing();
    });
  }

  /** Checks the deletion code, marks the account and queues its erasure. */
  async function requestErasure(userId: number, code: string, eraseContent: boolean, now: Date, ip: string): Promise<void> {
    await otp.verifyForHash(await accountKey(userId), code, 'erasure', ip);
    await markForErasure(userId, eraseContent, now);
    await jobs.send(ERASE_JOB, { userId });
  }

  /** Erases an account at once, in this request (an under-18 answer at sign-up: the account is new and nearly empty). */
  async function eraseNow(userId: number, now: Date): Promise<void> {
    await markForErasure(userId, true, now);
    await run(userId);
  }

  /** The placeholder account that left posts and comments are handed to: nobody signs in as it. */
  async function placeholderAccount(tx: Executor): Promise<number> {
    await tx
      .insert(users)
      .values({
        emailHash: 'placeholder:deleted-account',
        username: DELETED_ACCOUNT_HANDLE,
        color: '#475569',
        animal: 'Owl',
        erasureRequestedAt: new Date(0),
      })
      .onConflictDoNothing();
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.username, DELETED_ACCOUNT_HANDLE));
    return row.id;
  }

  /** Every file the erasure deletes: uploads (all, or only the profile picture when content stays), exports, documents. */
  async function collectFiles(tx: Executor, userId: number, eraseContent: boolean): Promise<FileRef[]> {
    const media = new Set<string>();
    const [user] = await tx.select({ profileImage: users.profileImage }).from(users).where(eq(users.id, userId));
    for (const name of mediaNamesIn(user?.profileImage ?? '')) media.add(name);
    if (eraseContent) {
      // Only the files the member's rows own (uploaded with them); a /media/ path written in a text may be anyone's.
      const ownPosts = await tx
        .select({ images: posts.images, videos: posts.videos, videoPosters: posts.videoPosters })
        .from(posts)
        .where(eq(posts.authorId, userId));
      for (const p of ownPosts)
        for (const name of mediaNamesIn([...p.images, ...p.videos, ...postersOf(p.videoPosters)].join(' '))) media.add(name);
      const ownComments = await tx
        .select({ mediaUrl: comments.mediaUrl, mediaPoster: comments.mediaPoster })
        .from(comments)
        .where(eq(comments.authorId, userId));
      for (const c of ownComments) for (const name of mediaNamesIn(`${c.mediaUrl ?? ''} ${c.mediaPoster ?? ''}`)) media.add(name);
    }
    const exportFiles = await tx.select({ fileName: dataExports.fileName }).from(dataExports).where(eq(dataExports.userId, userId));
    const documents = await tx
      .select({ file: credentialRequests.documentFile })
      .from(credentialRequests)
      .where(eq(credentialRequests.userId, userId));
    return [
      ...[...media].map((name): FileRef => `media:${name}`),
      ...exportFiles.flatMap((e): FileRef[] => (e.fileName ? [`exports:${e.fileName}`] : [])),
      ...documents.flatMap((d): FileRef[] => (d.file ? [`documents:${d.file}`] : [])),
    ];
  }

  const pointsAt = (columns: PgColumn[], userId: number): SQL => or(...columns.map((column) => eq(column, userId)))!;

  /** Counters that rows of the member feed: decreased before those rows go, so every count stays true. */
  async function releaseCounts(tx: Executor, userId: number): Promise<void> {
    for (const kind of ['like', 'dislike'] as const) {
      const counter = kind === 'like' ? posts.likeCount : posts.dislikeCount;
      await tx
        .update(posts)
        .set({ [kind === 'like' ? 'likeCount' : 'dislikeCount']: sql`greatest(${counter} - 1, 0)` })
        .where(
          inArray(
            posts.id,
            tx
              .select({ id: postReactions.postId })
              .from(postReactions)
              .where(and(eq(postReactions.userId, userId), eq(postReactions.kind, kind))),
          ),
        );
    }
    await tx
      .update(comments)
      .set({ upvoteCount: sql`greatest(${comments.upvoteCount} - 1, 0)` })
      .where(
        inArray(comments.id, tx.select({ id: commentUpvotes.commentId }).from(commentUpvotes).where(eq(commentUpvotes.userId, userId))),
      );
    await tx
      .update(circles)
      .set({ membersCount: sql`greatest(${circles.membersCount} - 1, 0)` })
      .where(inArray(circles.id, tx.select({ id: circleMembers.circleId }).from(circleMembers).where(eq(circleMembers.userId, userId))));
    await tx
      .update(moderationCases)
      .set({ reportsCount: sql`greatest(${moderationCases.reportsCount} - 1, 0)` })
      .where(
        and(
          eq(moderationCases.status, 'open'),
          inArray(moderationCases.id, tx.select({ id: reports.caseId }).from(reports).where(eq(reports.reporterId, userId))),
        ),
      );
    await tx
      .update(institutionMembers)
      .set({ membersCount: sql`greatest(${institutionMembers.membersCount} - 1, 0)` })
      .where(
        inArray(
          institutionMembers.domain,
          tx
            .select({ domain: sql<string>`${verifications.value}` })
            .from(verifications)
            .where(and(eq(verifications.userId, userId), eq(verifications.kind, 'institution'))),
        ),
      );
  }

  /** Posts and comments: erased (with what hangs on them), or handed to the "[deleted account]" placeholder. */
  async function eraseOrHandOverContent(tx: Executor, userId: number, eraseContent: boolean): Promise<void> {
    if (eraseContent) {
      // Comments first: the trigger on comments keeps the other posts' comment counts; the posts take their own
      // comments, reactions, cases and reports with them (ON DELETE CASCADE), and the trigger on posts the channels' counts.
      // Replies are others' words: a comment of the member's with replies below it keeps its place as "[deleted]"
      // (emptied, handed to the placeholder), one without goes. Leaves go first, again and again, so a chain of the
      // member's own replies goes whole.
      for (;;) {
        const gone = await tx
          .delete(comments)
          .where(
            and(eq(comments.authorId, userId), sql`not exists (select 1 from ${comments} as reply where reply.parent_id = ${comments.id})`),
          )
          .returning({ id: comments.id });
        if (gone.length === 0) break;
      }
      const placeholder = await placeholderAccount(tx);
      await tx
        .update(comments)
        .set({
          authorId: placeholder,
          body: '',
          language: 'und',
          mediaKind: null,
          mediaUrl: null,
          mediaPoster: null,
          deletedAt: sql`coalesce(${comments.deletedAt}, now())`,
        })
        .where(eq(comments.authorId, userId));
      await tx.delete(posts).where(eq(posts.authorId, userId));
      await tx.delete(moderationCases).where(eq(moderationCases.authorId, userId));
      return;
    }
    const placeholder = await placeholderAccount(tx);
    await tx.update(posts).set({ authorId: placeholder }).where(eq(posts.authorId, userId));
    await tx.update(comments).set({ authorId: placeholder }).where(eq(comments.authorId, userId));
    await tx.update(moderationCases).set({ authorId: placeholder }).where(eq(moderationCases.authorId, userId));
  }

  async function eraseRows(tx: Executor, userId: number, eraseContent: boolean): Promise<void> {
    const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
    await releaseCounts(tx, userId);
    // The public log keeps each decision about the member (action, reason, role, time) but not their words.
    await tx.update(moderationActions).set({ excerpt: '' }).where(eq(moderationActions.targetUserId, userId));
    await eraseOrHandOverContent(tx, userId, eraseContent);
    for (const entry of ACCOUNT_TABLES) {
      if (entry.erase === 'delete') await tx.delete(entry.table).where(pointsAt(entry.links, userId));
      if (entry.erase === 'unlink') {
        for (const column of entry.links) {
          const key = Object.entries(getTableColumns(entry.table)).find(([, c]) => c === column)![0];
          await tx
            .update(entry.table)
            .set({ [key]: null } as never)
            .where(eq(column, userId));
        }
      }
    }
    // The addresses the member verified are free again: the same person may verify a new account with them.
    await tx.delete(verifiedAddressClaims).where(eq(verifiedAddressClaims.ownerKey, claimOwnerKey(config.identitySecret, userId)));
    // The staff audit log names staff by handle: an erased member who was staff is no longer named.
    if (user)
      await tx.update(staffAuditLog).set({ staffHandle: DELETED_ACCOUNT_HANDLE }).where(eq(staffAuditLog.staffHandle, user.username));
  }

  async function deleteFiles(files: FileRef[]): Promise<void> {
    const dirs = { exports: config.exportsDir, documents: config.documentsDir };
    const media: string[] = [];
    for (const ref of files) {
      const [kind, name] = ref.split(/:(.*)/s) as ['media' | keyof typeof dirs, string];
      // Names come from our own columns; basename keeps a damaged row from reaching outside its folder.
      // A private circle's media sits in the store's private/ folder; an image goes with its variants.
      if (kind === 'media')
        media.push(...withVariants(name.startsWith('private/') ? `private/${path.basename(name)}` : path.basename(name)));
      else await rm(path.join(dirs[kind], path.basename(name)), { force: true });
    }
    // The media store (the media directory or a bucket): a store outage fails the step, and the job retries it.
    await mediaStore.remove(media);
  }

  /** Does the next step of an erasure; false once there is none left (the account and its erasure row are gone). */
  async function runStep(userId: number): Promise<boolean> {
    const [state] = await db.select().from(accountErasures).where(eq(accountErasures.userId, userId));
    if (!state) return false;
    if (state.step === null) {
      await db.transaction(async (tx) => {
        const files = await collectFiles(tx, userId, state.eraseContent);
        await tx.update(accountErasures).set({ files, step: 'collected' }).where(eq(accountErasures.userId, userId));
      });
    } else if (state.step === 'collected') {
      await db.transaction(async (tx) => {
        await eraseRows(tx, userId, state.eraseContent);
        await tx.update(accountErasures).set({ step: 'content' }).where(eq(accountErasures.userId, userId));
      });
    } else if (state.step === 'content') {
      await deleteFiles((state.files ?? []) as FileRef[]);
      await db.update(accountErasures).set({ step: 'files' }).where(eq(accountErasures.userId, userId));
    } else {
      await db.delete(users).where(eq(users.id, userId));
      log.info({ job: ERASE_JOB }, 'an account was erased');
    }
    return true;
  }

  /** The erasure job: runs the steps not yet done (each idempotent, so a rerun after a crash is safe). */
  async function run(userId: number): Promise<void> {
    while (await runStep(userId));
  }

  /** Erasures that were asked for but not finished (their job lost with a crashed process): queued again at start. */
  async function resumeUnfinished(): Promise<void> {
    const pending = await db.select({ userId: accountErasures.userId }).from(accountErasures);
    for (const { userId } of pending) await jobs.send(ERASE_JOB, { userId });
  }

  const graceMs = () => config.withdrawalGraceHours * 3_600_000;

  /**
   * Withdraws the member's consent (DPDP Rule 3, as easy as giving it): processing stops at once (the auth plugin
   * refuses every token issued before now), and the account is erased as "Delete my account" does once the grace
   * period has passed, unless the member signs in with an e-mail code and agrees again before then.
   */
  async function withdrawConsent(userId: number, now: Date): Promise<{ withdrawnAt: Date; eraseAfter: Date }> {
    await db
      .update(users)
      .set({ consentWithdrawnAt: now })
      .where(and(eq(users.id, userId), isNull(users.consentWithdrawnAt)));
    const [row] = await db.select({ withdrawnAt: users.consentWithdrawnAt }).from(users).where(eq(users.id, userId));
    const withdrawnAt = row?.withdrawnAt ?? now;
    const eraseAfter = new Date(withdrawnAt.getTime() + graceMs());
    await jobs.send(
      WITHDRAWAL_JOB,
      { userId, withdrawnAt: withdrawnAt.toISOString(), eraseAfter: eraseAfter.toISOString() },
      { startAfter: eraseAfter },
    );
    return { withdrawnAt, eraseAfter };
  }

  /**
   * The withdrawal job: erases the account if its withdrawal still stands and its grace has passed (the due time the
   * withdrawal set travels with the job, so every instance decides alike).
   */
  async function eraseWithdrawn(userId: number, due?: { withdrawnAt: string; eraseAfter: string }): Promise<void> {
    const [row] = await db
      .select({ withdrawnAt: users.consentWithdrawnAt, erasing: users.erasureRequestedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!row?.withdrawnAt || row.erasing) return;
    const now = new Date();
    const eraseAfter =
      due && new Date(due.withdrawnAt).getTime() === row.withdrawnAt.getTime()
        ? new Date(due.eraseAfter).getTime()
        : row.withdrawnAt.getTime() + graceMs();
    if (now.getTime() < eraseAfter) return;
    await markForErasure(userId, true, now);
    await run(userId);
  }

  async function sweepWithdrawals(): Promise<void> {
    const overdue = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          isNotNull(users.consentWithdrawnAt),
          isNull(users.erasureRequestedAt),
          lt(users.consentWithdrawnAt, new Date(Date.now() - graceMs())),
        ),
      );
    for (const { id } of overdue) await eraseWithdrawn(id);
  }

  jobs.define<{ userId: number; withdrawnAt: string; eraseAfter: string }>({
    name: WITHDRAWAL_JOB,
    run: ({ userId, withdrawnAt, eraseAfter }) => eraseWithdrawn(userId, { withdrawnAt, eraseAfter }),
    retryLimit: 10,
    retryDelaySeconds: 30,
  });
  jobs.define({ name: WITHDRAWAL_SWEEP_JOB, run: () => sweepWithdrawals(), cron: '41 * * * *', retryLimit: 1 });

  jobs.define<{ userId: number }>({
    name: ERASE_JOB,
    run: ({ userId }) => run(userId),
    retryLimit: 10,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
  });

  return { sendCode, requestErasure, eraseNow, run, runStep, resumeUnfinished, withdrawConsent, eraseWithdrawn, sweepWithdrawals };
}

export type ErasureService = ReturnType<typeof createErasureService>;
