import path from 'node:path';
import os from 'node:os';
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { createJobQueue } from './platform/job-queue.ts';
import { createMailService } from './platform/mail-service.ts';
import { createMediaStore } from './platform/media-store.ts';
import { createNotificationStream } from './platform/notification-stream.ts';
import { createRateLimiter } from './platform/rate-limit.ts';
import {
  createConsentService,
  createMemberSafetyService,
  createOtpService,
  createPreferencesService,
  createProfileService,
  createTokenService,
  createUsersService,
} from './services/accounts/index.ts';
import { CIRCLE_ACTIVITY_JOB, createCirclesService, createJoinRequestsService, recountRecentPosts } from './services/circles/index.ts';
import { createCommentsService } from './services/comments/index.ts';
import { createErasureService, createExportService, createRetentionService } from './services/data-rights/index.ts';
import { createContactService, createGrievanceService } from './services/grievances/index.ts';
import {
  createImageTextIn,
  createMediaRemoval,
  createMediaSigner,
  createQrCodeReader,
  createUploadsService,
  makeRenditions,
  MEDIA_URL_PREFIX,
  UploadBatch,
} from './services/media/index.ts';
import { createModerationService, createSuspensionService } from './services/moderation/index.ts';
import { createMentionFanout, createNotificationsService, createNotify } from './services/notifications/index.ts';
import { createPushDelivery, createPushSubscriptions } from './services/push/index.ts';
import {
  LANGUAGE_BACKFILL_JOB,
  SCHEDULED_POSTS_JOB,
  backfillLanguages,
  createDraftsService,
  createImageTextScreening,
  createLinkPreviews,
  createVideoTranscoding,
  bytesAsFile,
  createPostsService,
  createReactionsService,
  createScheduledPostsService,
  createPollsService,
} from './services/posts/index.ts';
import { createImageTextReader, createShieldTeacher, RETRAIN_JOB } from './services/safety/index.ts';
import { createSearchService } from './services/search/index.ts';
import { createSiteFigures, createSiteServices, createSyndicationService } from './services/site/index.ts';
import { createCredentialService, createVerificationService, shippedInstitutions } from './services/verification/index.ts';
import { createWriteGate, createWriteLimits } from './services/writing/index.ts';
import { readPolicyNotice } from '../content/page-files.ts';

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
  // Web Push: each notification recorded is queued, in its own transaction, for the member's devices that asked for its kind.
  const push = createPushDelivery({ db, jobs, config: config.push, clock, log });
  const notify = createNotify(push.fanOut);
  const tellMentions = createMentionFanout(db, jobs, notify);
  const removeMedia = createMediaRemoval({ jobs, mediaStore, log });
  // Explore's "active" order: every hour, each circle's posts of the last 7 days are recounted (a week-old post drops out).
  jobs.define({ name: CIRCLE_ACTIVITY_JOB, run: () => recountRecentPosts(db), cron: '17 * * * *', retryLimit: 1 });
  const writeLimits = createWriteLimits({ limiter: rateLimiter, rules: config.writeLimits, newAccountHours: config.newAccountHours });
  const verifications = createVerificationService({ db, config, institutions, otp, clock: now });
  const moderation = createModerationService({
    db,
    clock,
    suspensions,
    autoHideReports: config.autoHideReports,
    newAccountHours: config.newAccountHours,
    identitySecret: config.identitySecret,
    notify,
  });
  const qrCodesIn = createQrCodeReader(mediaStore);
  // The words in posts' and comments' images, read by OCR in a job after the write (OCR_* settings); app.ts ends its workers.
  const imageTextReader = createImageTextReader({ timeoutMs: config.ocr.timeoutMs, concurrency: config.ocr.concurrency, log });
  const screenImages = createImageTextScreening({
    db,
    jobs,
    imageTextIn: config.ocr.enabled ? createImageTextIn(mediaStore, imageTextReader, { maxBytes: config.ocr.maxImageBytes, log }) : null,
    qrCodesIn,
    queueHeld: moderation.queueHeld,
    newAccountHours: config.newAccountHours,
    notify,
  });
  // Link posts' previews, fetched in a job after the post; their images stored as uploads are (link-previews.ts).
  const fetchPreview = createLinkPreviews({
    db,
    jobs,
    storeImage: async (bytes) => {
      const batch = new UploadBatch(mediaStore, config.mediaDir, config.maxUploadBytes);
      try {
        return (await batch.store(bytesAsFile(bytes), ['image']))?.url ?? null;
      } catch (error) {
        await batch.discard();
        throw error;
      }
    },
    queueHeld: moderation.queueHeld,
    allowHosts: config.linkPreviewAllowHosts,
    newAccountHours: config.newAccountHours,
    log,
    notify,
  });
  // Uploaded videos' renditions for slow networks, made in a job after the post (VIDEO_RENDITIONS, VIDEO_TRANSCODE_TIMEOUT_SECONDS).
  const transcodeVideos = config.videoRenditions.enabled
    ? createVideoTranscoding({
        db,
        jobs,
        makeRenditions: (url) =>
          makeRenditions(mediaStore, path.join(os.tmpdir(), 'bharat-square-transcode'), url, {
            timeoutMs: config.videoRenditions.timeoutMs,
            maxBytes: config.maxUploadBytes,
          }),
        removeStored: (urls) => mediaStore.remove(urls.map((url) => url.slice(MEDIA_URL_PREFIX.length).split('?')[0])),
        log,
      })
    : undefined;
  const posts = createPostsService({
    db,
    tellMentions,
    queueHeld: moderation.queueHeld,
    qrCodesIn,
    background: { screenImages, fetchPreview, transcodeVideos },
  });
  const writing = createWriteGate({ db, limits: writeLimits, suspensions, assertMeets: verifications.assertMeets });
  const scheduled = createScheduledPostsService({
    db,
    now,
    admit: writing.admit,
    publish: posts.create,
    newAccountHours: config.newAccountHours,
    notify,
  });
  // Scheduled posts are published within a minute of their time (pg-boss sends a cron job once across instances).
  jobs.define({ name: SCHEDULED_POSTS_JOB, run: async () => void (await scheduled.publishDue()), cron: '* * * * *', retryLimit: 0 });
  // Posts and comments from before languages were told apart get theirs, up to 10 seconds of batches a minute; once
  // every row is read a run is one lookup (language-backfill.ts).
  jobs.define({ name: LANGUAGE_BACKFILL_JOB, run: async () => void (await backfillLanguages(db)), cron: '* * * * *', retryLimit: 0 });
  const comments = createCommentsService({
    db,
    notify,
    tellMentions,
    queueHeld: moderation.queueHeld,
    qrCodesIn,
    screenImages,
    transcodeVideos,
  });
  const shieldTeacher = createShieldTeacher({
    db,
    notify: async (channel, payload) => void (await executeSql('select pg_notify($1, $2)', [channel, payload])),
  });
  // Moderators' decisions teach the shield: retrained nightly (02:30 IST), promoted only when no worse on the frozen split.
  jobs.define({
    name: RETRAIN_JOB,
    run: async () => void (await shieldTeacher.retrain()),
    cron: '0 21 * * *',
    retryLimit: 1,
    expireInSeconds: 15 * 60,
  });
  // The privacy notice members agree to, derived from the privacy page (src/content/pages/privacy.mdx).
  const notice = readPolicyNotice(config.pagesDir);
  const exports = createExportService({ db, config, jobs, log, now, mediaStore, noticeVersion: notice.version });
  return {
    jobs,
    imageTextReader,
    mediaStore,
    removeMedia,
    consent: createConsentService({ db, graceHours: config.withdrawalGraceHours, notice }),
    exports,
    erasure: createErasureService({ db, config, otp, jobs, log, mediaStore }),
    retention: createRetentionService({ db, config, jobs, exports, log, now }),
    uploads: createUploadsService({ db, removeMedia }),
    clock,
    institutions,
    verifications,
    credentials: createCredentialService({ db, jobs, config, clock: now, log }),
    suspensions,
    moderation: moderation,
    grievances: createGrievanceService({ db, clock, mail, identitySecret: config.identitySecret, log }),
    tokens,
    // Its own key, derived from the signing key, so a media signature can never pass for anything else.
    mediaSigner: createMediaSigner(createHmac('sha256', config.jwtSecret).update('private-media-urls').digest('base64url'), () =>
      clock.now().getTime(),
    ),
    mail,
    rateLimiter,
    writing,
    scheduled,
    polls: createPollsService({ db }),
    otp,
    users: createUsersService({ db, noticeVersion: notice.version }),
    circles: createCirclesService({ db, notify }),
    joinRequests: createJoinRequestsService({ db, notify }),
    push,
    pushSubscriptions: createPushSubscriptions({ db }),
    posts,
    reactions: createReactionsService({ db }),
    drafts: createDraftsService({ db, now }),
    comments,
    notifications: createNotificationsService({ db }),
    siteFigures: createSiteFigures(db, config.institutionChipMinMembers),
    notificationStream: createNotificationStream({
      listen: listen ?? (async () => async () => {}),
      notify: async (channel, payload) => void (await executeSql('select pg_notify($1, $2)', [channel, payload])),
      log,
    }),
    profile: createProfileService({ db }),
    preferences: createPreferencesService({ db }),
    search: createSearchService({ db }),
    memberSafety: createMemberSafetyService({ db }),
    contact: createContactService({ db, config, mail, log, jobs }),
    shieldTeacher,
    site: createSiteServices(db, tokens, config),
    /** The RSS feeds' posts: the public feed's or a public channel's newest. */
    syndication: createSyndicationService({ db }),
  };
}

export type Services = ReturnType<typeof createServices>;
