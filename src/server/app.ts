import { SHIELD_MODEL_CHANNEL } from './services/safety/index.ts';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import type { Config } from './config.ts';
import type { FeedPage, Post } from '../lib/api-types.ts';
import type { Lang } from '../lib/i18n.ts';
import { documentationOnly } from './http/request-validation.ts';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.ts';
import { logSerializers } from './http/log-safety.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import readRoutingPlugin from './plugins/read-routing.ts';
import { startTracing } from './platform/tracing.ts';
import authPlugin from './plugins/auth.ts';
import bodyParsers from './plugins/body-parsers.ts';
import errorsPlugin from './plugins/errors.ts';
import admissionPlugin from './plugins/admission.ts';
import requestIdPlugin, { requestId } from './plugins/request-id.ts';
import metricsPlugin from './plugins/metrics.ts';
import languagePlugin from './plugins/language.ts';
import mediaPlugin from './plugins/media.ts';
import uploadsPlugin from './plugins/uploads.ts';
import sitePlugin from './plugins/site.ts';
import { createServices, type Services } from './services.ts';
import { seedDemoData } from './services/site/seed/demo-seed.ts';
import type { Clock } from './clock.ts';
import suspensionsPlugin from './plugins/suspensions.ts';
import moderationRoutes from './routes/moderation.ts';
import authRoutes from './routes/auth.ts';
import tokenRoutes from './routes/tokens.ts';
import profileRoutes from './routes/profile.ts';
import postRoutes from './routes/posts.ts';
import savedRoutes from './routes/saved.ts';
import draftsRoutes from './routes/drafts.ts';
import scheduledRoutes from './routes/scheduled.ts';
import syndicationRoutes from './routes/syndication.ts';
import notificationRoutes from './routes/notifications.ts';
import pushRoutes from './routes/push.ts';
import commentRoutes from './routes/comments.ts';
import circleRoutes from './routes/circles.ts';
import searchRoutes from './routes/search.ts';
import contactRoutes from './routes/contact.ts';
import grievanceRoutes from './routes/grievances.ts';
import memberSafetyRoutes from './routes/member-safety.ts';
import healthRoutes from './routes/health.ts';
import docsRoutes from './routes/docs.ts';
import staffPlugin from './plugins/staff.ts';
import staffRoutes from './routes/staff.ts';
import scamShieldRoutes from './routes/scam-shield.ts';
import staffVerificationRoutes from './routes/staff-verifications.ts';
import verificationRoutes from './routes/verifications.ts';
import institutionRoutes from './routes/institutions.ts';
import dataRightsRoutes from './routes/data-rights.ts';
import siteFigureRoutes from './routes/site-figures.ts';

export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  services: Services;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export type BuildOptions = {
  config: Config;
  database?: Database;
  logger?: boolean | object;
  distDir?: string;
  /** The time the rules read (deadlines, suspensions); tests pass one they can move. */
  clock?: Clock;
};

/** Builds the whole app without listening: main.ts listens, tests use `app.inject()`. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.body.email', 'req.body.otp'],
            serializers: logSerializers,
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    trustProxy: config.trustProxy,
    // The request id (logged as reqId, answered as X-Request-Id): a proxy's safe X-Request-Id, else a new UUID.
    requestIdHeader: false,
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
  });
  // Traces first, so the request span opens before any other plugin's hook runs.
  const tracing = config.tracing ? startTracing({ ...config.tracing, ignorePaths: (url) => /^\/(?:livez|readyz)\b/.test(url) }) : null;
  if (tracing) {
    await app.register(tracing.plugin);
    app.addHook('onClose', () => tracing.close());
  }
  const database =
    options.database ??
    (await openDatabase({
      traced: tracing !== null,
      databaseUrl: config.databaseUrl,
      postgres: {
        ...config.postgres,
        onReplicaChange: (replica) =>
          app.log[replica.up ? 'info' : 'warn'](replica, replica.up ? 'read replica taken back' : 'read replica left out'),
      },
      pgliteDir: path.join(config.dataDir, 'db'),
      log: app.log,
    }));
  if (!options.database) {
    // Requests still running at shutdown finish on the database before it closes (at most SHUTDOWN_GRACE_SECONDS).
    let inFlight = 0;
    app.addHook('onRequest', async () => void inFlight++);
    app.addHook('onResponse', async () => void inFlight--);
    app.addHook('onRequestAbort', async (_request) => void inFlight--);
    app.addHook('onClose', async () => {
      for (let waited = 0; inFlight > 0 && waited < config.shutdownGraceSeconds * 1000; waited += 50)
        await new Promise((r) => setTimeout(r, 50));
      await database.close();
    });
  }

  const services = createServices({
    config,
    db: database.db,
    executeSql: database.executeSql,
    log: app.log,
    clock: options.clock,
    listen: database.listen,
  });
  app.decorate('ctx', { config, database, db: database.db, services });
  app.addHook('onClose', () => services.rateLimiter.close());
  // Open notification streams end before the server waits for its connections to finish.
  app.addHook('preClose', () => services.notificationStream.close());
  // Credential documents are deleted at a decision, and in any case after their lifetime: checked at start here, and
  // hourly by a job on the job queue (credentials-service.ts), once across instances.
  app.addHook('onReady', async () => {
    await services.credentials.purgeExpiredDocuments().catch((error) => app.log.error({ err: error }, 'credential document purge failed'));
  });
  // The job queue (exports, erasures, the purges, contact mail retries) runs while the app does; erasures a crash interrupted resume.
  // The scam shield scores with the active model version, and switches when another instance promotes or activates one.
  let unlistenShield: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    await services.shieldTeacher.useActive();
    unlistenShield = await database.listen(
      SHIELD_MODEL_CHANNEL,
      () => void services.shieldTeacher.useActive().catch((error) => app.log.error({ err: error }, 'scam model switch failed')),
    );
  });
  app.addHook('onClose', async () => {
    await unlistenShield?.();
  });
  // Registered before the queue's stop, so it runs after it: a running job finishes its image before the workers end.
  app.addHook('onClose', () => services.imageTextReader.close());
  // The push agents' kept-alive connections to push services.
  app.addHook('onClose', () => services.push.close());
  app.addHook('onReady', async () => {
    await services.jobs.start();
    if (config.jobs.work) await services.erasure.resumeUnfinished();
  });
  // onClose hooks run last-registered first: the queue stops before the database closes.
  app.addHook('onClose', () => services.jobs.stop());

  if (config.seedDemo) await seedDemoData(database.db, app.log);

  // Plugins: external first, then ours, then routes (fastify/demo's order).
  await app.register(compress, { global: true, threshold: 1024 });
  // Route JSON schemas document the API; zod in each handler validates it in DRF's words.
  app.setValidatorCompiler(documentationOnly);
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  await app.register(requestIdPlugin);
  await app.register(admissionPlugin);
  await app.register(metricsPlugin);
  await app.register(bodyParsers);
  await app.register(uploadsPlugin);
  await app.register(readRoutingPlugin);
  await app.register(authPlugin);
  await app.register(staffPlugin);
  await app.register(suspensionsPlugin);
  await app.register(mediaPlugin);

  // The docs plugin first: it documents the routes registered after it.
  for (const routes of [
    docsRoutes,
    healthRoutes,
    authRoutes,
    tokenRoutes,
    profileRoutes,
    postRoutes,
    savedRoutes,
    draftsRoutes,
    scheduledRoutes,
    commentRoutes,
    circleRoutes,
    searchRoutes,
    contactRoutes,
    verificationRoutes,
    institutionRoutes,
    staffVerificationRoutes,
    grievanceRoutes,
    moderationRoutes,
    scamShieldRoutes,
    staffRoutes,
    memberSafetyRoutes,
    notificationRoutes,
    pushRoutes,
    dataRightsRoutes,
    siteFigureRoutes,
    syndicationRoutes,
  ]) {
    await app.register(routes);
  }

  await app.register(sitePlugin, {
    distDir: options.distDir ?? path.resolve('dist'),
    siteServices: {
      ...services.site,
      // Through the API itself (in process), so the page carries the very answer the browser would fetch.
      publicFeedPage: async (query: string) => {
        const res = await app.inject({ method: 'GET', url: `/api/posts/public/feed/?${query}` });
        return res.statusCode === 200 ? (res.json() as FeedPage<Post>) : null;
      },
      memberFeedPage: async (access: string, query: string, lang: Lang) => {
        const res = await app.inject({
          method: 'GET',
          url: `/api/posts/user/feed/?${query}`,
          // The page's language, as the browser's API client sends it: a member who has not chosen their languages reads
          // posts in it and English.
          headers: { authorization: `Bearer ${access}`, 'accept-language': lang },
        });
        return res.statusCode === 200 ? (res.json() as FeedPage<Post>) : null;
      },
    },
    enabled: config.serveSite,
    // The API's origin when the site was built to call it elsewhere (PUBLIC_API_BASE), for the pages' CSP.
    connectOrigins: config.publicApiBase ? [new URL(config.publicApiBase).origin] : [],
  });
  app.setNotFoundHandler((request, reply) => {
    // Media only reads: another method is 405 for a file that exists, 404 otherwise (never handed to the site).
    if (request.url.startsWith('/media/') && request.method !== 'GET' && request.method !== 'HEAD')
      return app.mediaWrongMethod(request, reply);
    if (!request.url.startsWith('/api/') && app.siteNotFound) return app.siteNotFound(request, reply);
    return app.apiNotFound(request, reply);
  });
  return app;
}
