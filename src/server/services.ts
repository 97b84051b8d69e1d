import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { createJobQueue } from './platform/job-queue.ts';
import * as consent from './services/accounts/index.ts';
import { createErasureService, createExportService, createRetentionService } from './services/data-rights/index.ts';
import * as uploads from './services/media/index.ts';
import * as circles from './services/circles/index.ts';
import { createCommentsService } from './services/comments/index.ts';
import { createContactService, createGrievanceService } from './services/grievances/index.ts';
import * as joinRequests from './services/circles/index.ts';
import * as memberSafety from './services/accounts/index.ts';
import { createMailService } from './platform/mail-service.ts';
import { createOtpService, createTokenService, findOrCreateUser, findSignedInUser, findUserById } from './services/accounts/index.ts';
import { createPostsService } from './services/posts/index.ts';
import * as profile from './services/accounts/index.ts';
import { createRateLimiter } from './platform/rate-limit.ts';
import { react } from './services/posts/index.ts';
import { search } from './services/search/index.ts';
import { createSiteServices, createSiteFigures } from './services/site/index.ts';
import { shippedInstitutions, createVerificationService, createCredentialService } from './services/verification/index.ts';
import { createWriteGate, createWriteLimits } from './services/writing/index.ts';
import { createModerationService, createSuspensionService } from './services/moderation/index.ts';
import { systemClock, type Clock } from './clock.ts';
import { createMediaSigner, createMediaRemoval } from './services/media/index.ts';
import { createMediaStore } from './platform/media-store.ts';
import { createHmac } from 'node:crypto';
import * as notifications from './services/notifications/index.ts';
import { createNotificationStream } from './platform/notification-stream.ts';

/** The functions of a service module with their first argument (the database) already given. */
type Bound<D, F> = { [K in keyof F]: F[K] extends (db: D, ...args: infer A) => infer R ? (...args: A) => R : never };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function bindTo<D, F extends Record<string, (db: D, ...args: any[]) => unknown>>(db: D, functions: F): Bound<D, F> {
  return Object.fromEntries(Object.entries(functions).map(([name, fn]) => [name, fn.bind(null, db)])) as Bound<D, F>;
}

/**
 * Every service, built once per app from its dependencies (app.ts wires it into `app.ctx.services`);
 * routes and plugins take what they need from there. Service modules take plain inputs and return data.
 */
export function createServices({
  config,
  db,
  executeSql,
  log,
  clock = systemClock,
  listen,
}: {
  config: Config;
  db: Db;
  executeSql: Database['executeSql'];
  log: FastifyBaseLogger;
  clock?: Clock;
  /** The database's LISTEN, for the live notification stream. */
  listen?: Database['listen'];
}) {
  const tokens = createTokenService({
    db,
    secret: config.jwtSecret,
    accessSeconds: config.accessTokenSeconds,
    refreshSeconds: config.refreshTokenSeconds,
  });
  const mail = createMailService(config, log);
  const rateLimiter = createRateLimiter({ redisUrl: config.redisUrl, prefix: config.redisKeyPrefix, log });
  const suspensions = createSuspensionService({ db, clock });
  const otp = createOtpService({ db, config, mail, log, limiter: rateLimiter });
  const institutions = shippedInstitutions();
  const now = () => clock.now();
  // Background jobs: services define theirs here; app.ts starts the queue when the app is ready and stops it on close.
  const jobs = createJobQueue({ executeSql, log, work: config.jobs.work, pollingIntervalSeconds: config.jobs.pollSeconds });
  const mediaStore = createMediaStore(config.mediaStore, config.mediaDir);
  const tellMentions = notifications.createMentionFanout(db, jobs);
  const removeMedia = createMediaRemoval({ jobs, mediaStore, log });
  // Explore's "active" order: every hour, each circle's posts of the last 7 days are recounted (a week-old post drops out).
  jobs.define({ name: circles.CIRCLE_ACTIVITY_JOB, run: () => circles.recountRecentPosts(db), cron: '17 * * * *', retryLimit: 1 });
  const writeLimits = createWriteLimits({ limiter: rateLimiter, rules: config.writeLimits, newAccountHours: config.newAccountHours });
  const verifications = createVerificationService({ db, config, institutions, otp, clock: now });
  const moderation = createModerationService({
    db,
    clock,
    suspensions,
    autoHideReports: config.autoHideReports,
    newAccountHours: config.newAccountHours,
    identitySecret: config.identitySecret,
  });
  const posts = createPostsService({ db, tellMentions, queueHeld: moderation.queueHeld });
  const comments = createCommentsService({ db, tellMentions, queueHeld: moderation.queueHeld });
  const exports = createExportService({ db, config, jobs, log, now, mediaStore });
  return {
    jobs,
    mediaStore,
    removeMedia,
    consent: bindTo(db, { status: consent.consentStatus, record: consent.recordConsent }),
    exports,
    erasure: createErasureService({ db, config, otp, jobs, log, mediaStore }),
    retention: createRetentionService({ db, config, jobs, exports, log, now }),
    uploads: {
      list: (userId: number) => uploads.listUploads(db, userId),
      delete: (userId: number, name: string) => uploads.deleteUpload(db, removeMedia, userId, name),
    },
    clock,
    institutions,
    verifications,
    credentials: createCredentialService({ db, jobs, config, clock: now, log }),
    suspensions,
    moderation: moderation,
    grievances: createGrievanceService({ db, clock, mail, identitySecret: config.identitySecret, log }),
    tokens,
    // Its own key, derived from the signing key, so a media signature can never pass for anything else.
    mediaSigner: createMediaSigner(createHmac('sha256', config.jwtSecret).update('private-media-urls').digest('base64url'), () => clock.now().getTime()),
    mail,
    rateLimiter,
    writing: createWriteGate({ db, limits: writeLimits, suspensions, assertMeets: verifications.assertMeets }),
    otp,
    users: bindTo(db, { findById: findUserById, findSignedIn: findSignedInUser, findOrCreate: findOrCreateUser }),
    circles: bindTo(db, {
      list: circles.listCircles,
      recountRecentPosts: circles.recountRecentPosts,
      rules: circles.getRules,
      setRules: circles.setRules,
      searchByName: circles.searchCirclesByName,
      find: circles.findCircle,
      require: circles.requireCircle,
      create: circles.createCircle,
      join: circles.joinCircle,
      setRequirement: circles.setRequirement,
    }),
    joinRequests: bindTo(db, {
      countPending: joinRequests.countPendingRequests,
      listPending: joinRequests.listPendingRequests,
      decide: joinRequests.decideRequest,
    }),
    posts,
    reactions: bindTo(db, { react }),
    comments,
    notifications: bindTo(db, { list: notifications.listNotifications, unreadCount: notifications.unreadCount, markRead: notifications.markRead }),
    siteFigures: createSiteFigures(db, config.institutionChipMinMembers),
    notificationStream: createNotificationStream({
      listen: listen ?? (async () => async () => {}),
      notify: async (channel, payload) => void (await executeSql('select pg_notify($1, $2)', [channel, payload])),
      log,
    }),
    profile: bindTo(db, {
      create: profile.createProfile,
      get: profile.getProfile,
      card: profile.getProfileCard,
      chips: profile.chipsByHandle,
      memberPosts: profile.listMemberPosts,
    }),
    search: bindTo(db, { search }),
    memberSafety: bindTo(db, {
      block: memberSafety.blockMember,
      unblock: memberSafety.unblockMember,
      listBlocks: memberSafety.listBlocks,
      getMutedWords: memberSafety.getMutedWords,
      setMutedWords: memberSafety.setMutedWords,
    }),
    contact: createContactService({ db, config, mail, log, jobs }),
    site: createSiteServices(db, tokens, config),
  };
}

export type Services = ReturnType<typeof createServices>;
