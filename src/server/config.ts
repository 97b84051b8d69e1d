import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import { z } from 'zod';
import { PAGES_DIR } from '../content/page-files.ts';
import type { WriteLimitRules } from './services/writing/index.ts';
import type { MediaStoreConfig } from './platform/media-store.ts';

const HOUR_MS = 3_600_000;

/** A comma-separated list (unset or blank: none), each entry trimmed and then shaped by `each`. */
const commaList = (each: (entry: string) => string = (entry) => entry) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((entry) => each(entry.trim()))
        .filter(Boolean),
    );

const flag = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : !['0', 'false', 'off', 'no'].includes(value.toLowerCase())));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  OTEL_SERVICE_NAME: z.string().default('bharat-square'),
  DATABASE_PLAN_CACHE_MODE: z.enum(['auto', 'force_generic_plan', 'force_custom_plan']).default('force_generic_plan'),
  DATABASE_PREPARE: z.enum(['named', 'unnamed']).default('named'),
  DATABASE_REPLICA_URLS: commaList(),
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).default(5000),
  REPLICA_POLL_MS: z.coerce.number().int().min(10).default(100),
  DATABASE_DIRECT_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  SMTP_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  MAIL_FROM: z.string().default('Bharat Square <no-reply@bharatsquare.local>'),
  SUPPORT_EMAIL: z.string().default('support@bharatsquare.local'),
  JWT_SECRET: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  IDENTITY_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  IDENTITY_KEY_FILE: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** The identity key's older name, still read. */
  IDENTITY_SECRET: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  VAPID_PUBLIC_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  VAPID_PRIVATE_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  VAPID_SUBJECT: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^(mailto:.+@.+|https:\/\/.+)$/.test(v), 'must be a mailto: or https: URL'),
  /** Push endpoints on these host:port pairs are accepted although loopback or private (a local push service in tests). */
  PUSH_ALLOW_HOSTS: commaList((entry) => entry.toLowerCase()).refine(
    (entries) => entries.every((entry) => /^(\[[0-9a-f:.]+\]|[^:\s]+):\d{1,5}$/.test(entry)),
    'must be host:port, comma-separated',
  ),
  PUSH_RETRY_SECONDS: z.coerce.number().int().min(1).default(10),
  REDIS_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  REDIS_KEY_PREFIX: z.string().min(1).default('bsq:rl'),
  SEED_DEMO: flag,
  PUBLIC_SITE_URL: z.string().optional(),
  PUBLIC_API_BASE: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || URL.canParse(v), 'must be an absolute URL'),
  ACCESS_TOKEN_MINUTES: z.coerce.number().positive().default(60),
  REFRESH_TOKEN_DAYS: z.coerce.number().positive().default(7),
  OTP_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  OTP_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  OTP_RESEND_SECONDS: z.coerce.number().int().nonnegative().default(60),
  OTP_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(5),
  OTP_PER_IP_PER_WINDOW: z.coerce.number().int().positive().default(50),
  OTP_IP_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  CONTACT_PER_IP_PER_WINDOW: z.coerce.number().int().positive().default(20),
  CONTACT_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(100),
  MEDIA_STORE: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => v === undefined || /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/.test(v),
      'must be s3://bucket or s3://bucket/prefix',
    ),
  S3_ENDPOINT: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || URL.canParse(v), 'must be an absolute URL'),
  S3_FORCE_PATH_STYLE: flag,
  AWS_REGION: z.string().default('us-east-1'),
  AWS_ACCESS_KEY_ID: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  AWS_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  INSTITUTION_CHIP_MIN_MEMBERS: z.coerce.number().int().positive().default(25),
  CREDENTIAL_DOCUMENT_MB: z.coerce.number().positive().default(10),
  OCR_ENABLED: flag,
  VIDEO_RENDITIONS: flag,
  VIDEO_TRANSCODE_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(600),
  OCR_MAX_IMAGE_MB: z.coerce.number().positive().default(10),
  OCR_TIMEOUT_SECONDS: z.coerce.number().positive().default(20),
  OCR_CONCURRENCY: z.coerce.number().int().positive().default(1),
  LOG_LEVEL: z.string().default('info'),
  TRUST_PROXY: flag,
  GRIEVANCE_OFFICER_NAME: z.string().default('Grievance Officer, Bharat Square Technologies Pvt. Ltd.'),
  GRIEVANCE_OFFICER_ADDRESS: z.string().default('4th Floor, Kalpataru Business Square, Baner Road, Baner, Pune, Maharashtra 411045, India'),
  GRIEVANCE_OFFICER_EMAIL: z.string().default('grievance@bharatsquare.in'),
  AUTO_HIDE_REPORTS: z.coerce.number().int().positive().default(3),
  NEW_ACCOUNT_HOURS: z.coerce.number().nonnegative().default(24),
  POLL_MIN_CLOSE_SECONDS: z.coerce.number().int().positive().default(3600),
  LINK_PREVIEW_ALLOW_HOSTS: commaList((host) => host.toLowerCase()),
  POSTS_PER_HOUR: z.coerce.number().int().positive().default(20),
  COMMENTS_PER_HOUR: z.coerce.number().int().positive().default(60),
  CIRCLES_PER_DAY: z.coerce.number().int().positive().default(5),
  REPORTS_PER_HOUR: z.coerce.number().int().positive().default(20),
  REACTIONS_PER_HOUR: z.coerce.number().int().positive().default(300),
  JOIN_REQUESTS_PER_HOUR: z.coerce.number().int().positive().default(30),
  JOB_WORKERS: flag,
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  EXPORT_LINK_HOURS: z.coerce.number().positive().default(24),
  CONTACT_RETENTION_DAYS: z.coerce.number().positive().default(180),
  NOTIFICATION_RETENTION_DAYS: z.coerce.number().positive().default(180),
  RETENTION_PURGE_CRON: z.string().default('*/15 * * * *'),
  PARTITIONS_CRON: z.string().default('17 3 * * *'),
  /** API requests let into the database at once; unset: 4 on the embedded database (one connection), 40 on PostgreSQL. */
  REQUEST_CONCURRENCY: z.coerce.number().int().positive().optional(),
  REQUEST_QUEUE_WAIT_MS: z.coerce.number().int().positive().default(500),
  REQUEST_QUEUE_MAX: z.coerce.number().int().nonnegative().default(1000),
  /** At SIGTERM: how long requests still running may take before the process leaves anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().nonnegative().default(10),
  WITHDRAWAL_GRACE_HOURS: z.coerce.number().nonnegative().default(72),
  /** The pages collection the privacy notice's version is derived from (the checkout's src/content/pages). */
  PAGES_DIR: z.string().optional(),
  /** Prometheus metrics on a listener of their own; unset: no metrics. */
  METRICS_PORT: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v)))
    .refine((v) => v === undefined || (Number.isInteger(v) && v >= 0 && v <= 65535), 'must be a port number'),
  METRICS_HOST: z.string().default('127.0.0.1'),
});

/** A configuration the server must not start with; main.ts prints the message alone and exits non-zero. */
export class ConfigError extends Error {}

/**
 * The identity key: the HMAC key that turns an address into its account key, and the key that seals stored
 * contact and grievance addresses. Whoever holds it and a copy of the database can confirm the account behind
 * any guessed address and open the sealed ones, so in production (DATABASE_URL) it must come from IDENTITY_KEY
 * or from IDENTITY_KEY_FILE outside DATA_DIR, never from beside the data. The embedded default still generates
 * one into DATA_DIR (README: what a copy of DATA_DIR reveals).
 */
function identityKey(e: z.infer<typeof envSchema>, dataDir: string): string {
  const fromEnv = e.IDENTITY_KEY ?? e.IDENTITY_SECRET;
  if (fromEnv) return fromEnv;
  if (e.IDENTITY_KEY_FILE) {
    const file = path.resolve(e.IDENTITY_KEY_FILE);
    const relative = path.relative(dataDir, file);
    if (!relative.startsWith('..') && !path.isAbsolute(relative)) {
      throw new ConfigError(
        `IDENTITY_KEY_FILE (${file}) lies inside DATA_DIR (${dataDir}): keep the identity key out of the data directory and its backups.`,
      );
    }
    if (!existsSync(file)) throw new ConfigError(`IDENTITY_KEY_FILE (${file}) does not exist.`);
    const key = readFileSync(file, 'utf8').trim();
    if (!key) throw new ConfigError(`IDENTITY_KEY_FILE (${file}) is empty.`);
    return key;
  }
  if (e.DATABASE_URL) {
    throw new ConfigError(
      'DATABASE_URL is set but no identity key is given: set IDENTITY_KEY, or IDENTITY_KEY_FILE to a file outside DATA_DIR ' +
        '(for a new install: openssl rand -base64 48). It must be the same on every instance and never change.',
    );
  }
  return persistentSecret(dataDir, 'identity-secret');
}

/**
 * MEDIA_STORE=s3://bucket[/prefix]: media go to that bucket. S3_ENDPOINT names an S3-compatible server (MinIO, a
 * local test server), which is addressed path-style unless S3_FORCE_PATH_STYLE=0; without keys in the environment
 * the SDK's usual chain (instance role, shared files) supplies them.
 */
function mediaStoreConfig(e: z.infer<typeof envSchema>): MediaStoreConfig {
  if (!e.MEDIA_STORE) return { kind: 'local' };
  const url = new URL(e.MEDIA_STORE);
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ''),
    region: e.AWS_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
        : undefined,
  };
}

function readEnvFile(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const entries: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) entries[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return entries;
}

/** The JWT secret is generated once per data directory so tokens survive restarts. */
function persistentSecret(dataDir: string, name: string): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The VAPID key pair that signs every push (RFC 8292): browsers subscribe with its public key, and a push signed by
 * another key is refused by their push service, so it must stay the same (like JWT_SECRET) and every instance must
 * share it. From VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, else generated once into DATA_DIR/vapid-keys.json.
 */
function vapidKeys(e: z.infer<typeof envSchema>, dataDir: string): VapidKeys {
  if (e.VAPID_PUBLIC_KEY || e.VAPID_PRIVATE_KEY) {
    if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY) throw new ConfigError('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
    if (!/^[A-Za-z0-9_-]{87}$/.test(e.VAPID_PUBLIC_KEY) || !/^[A-Za-z0-9_-]{43}$/.test(e.VAPID_PRIVATE_KEY)) {
      throw new ConfigError(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 key pair in base64url (npx web-push generate-vapid-keys).',
      );
    }
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY };
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  const keys = webPush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const merged = { ...readEnvFile(path.resolve('.env')), ...env };
  const parsed = envSchema.safeParse(merged);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  return { ...configFrom(e, dataDir, overrides), ...overrides };
}

/**
 * The configuration's shape, each setting once: read from the parsed environment (envSchema) with its defaults and
 * units applied. `Config` is this function's result, so a setting is named, typed and documented here only.
 */
function configFrom(
  e: z.infer<typeof envSchema>,
  dataDir: string,
  overrides: { jwtSecret?: string; identitySecret?: string; databaseUrl?: string },
) {
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    /** Where uploads are stored without MEDIA_STORE (DATA_DIR/media), served under /media/. */
    mediaDir: path.join(dataDir, 'media'),
    /** Where uploads are stored: the media directory, or an S3-compatible bucket shared by every instance (MEDIA_STORE=s3://…). */
    mediaStore: mediaStoreConfig(e),
    databaseUrl: e.DATABASE_URL,
    /** OpenTelemetry traces to an OTLP/HTTP collector (platform/tracing.ts); null without OTEL_EXPORTER_OTLP_ENDPOINT. */
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME } : null,
    /** How the server talks to PostgreSQL (db/client.ts: PostgresOptions). */
    postgres: {
      /**
       * plan_cache_mode on the server's connections. The default plans each prepared statement once per connection (a
       * generic plan); PostgreSQL's own `auto` kept planning the feeds anew for each request, which cost more than
       * running them. The statements are written so their generic plans are the right ones.
       */
      planCacheMode: e.DATABASE_PLAN_CACHE_MODE,
      /** `unnamed`: no named prepared statements, so the server runs behind PgBouncer in transaction mode. */
      prepare: e.DATABASE_PREPARE,
      /** A connection past the pooler for LISTEN, the job queue and migrations (session-bound work). */
      directUrl: e.DATABASE_DIRECT_URL,
      /** Streaming replicas for the reads that may use one (plugins/read-routing.ts), with read-your-writes by LSN. */
      replicaUrls: e.DATABASE_REPLICA_URLS,
      /** A replica further behind than this is left out until it catches up. */
      replicaMaxLagMs: e.REPLICA_MAX_LAG_MS,
      /** How often each replica's replay position is read. */
      replicaPollMs: e.REPLICA_POLL_MS,
    },
    smtpUrl: e.SMTP_URL,
    /** Longest wait for the mail server to connect, greet or answer a command. */
    smtpTimeoutSeconds: e.SMTP_TIMEOUT_SECONDS,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    jwtSecret: overrides.jwtSecret ?? e.JWT_SECRET ?? persistentSecret(dataDir, 'jwt-secret'),
    /** Key of the HMAC that turns an e-mail address into the account lookup key. */
    identitySecret: overrides.identitySecret ?? identityKey({ ...e, DATABASE_URL: overrides.databaseUrl ?? e.DATABASE_URL }, dataDir),
    /**
     * Web Push: the VAPID keys and the contact push services may write to (VAPID_SUBJECT; default the support
     * address); `allowHosts` (PUSH_ALLOW_HOSTS) are loopback or private host:port pairs accepted as push endpoints;
     * `extraCa` adds certificates the sender trusts (tests give their local push service's; a server process is given
     * one with NODE_EXTRA_CA_CERTS).
     */
    push: {
      vapid: vapidKeys(e, dataDir),
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL.replace(/^.*<(.+)>.*$/, '$1')}`,
      allowHosts: e.PUSH_ALLOW_HOSTS,
      /** A push the push service did not take (5xx, 429, no answer) is tried again this long after, the wait doubling each time. */
      retryDelaySeconds: e.PUSH_RETRY_SECONDS,
      extraCa: undefined as string[] | undefined,
    },
    redisUrl: e.REDIS_URL,
    /** Where this deployment's counters live in Redis, so several deployments (or test runs) can share one server. */
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    publicSiteUrl: e.PUBLIC_SITE_URL,
    /** Where the built site calls the API when not on this origin (build-time PUBLIC_API_BASE); pages' CSP allows it. */
    publicApiBase: e.PUBLIC_API_BASE,
    accessTokenSeconds: Math.round(e.ACCESS_TOKEN_MINUTES * 60),
    refreshTokenSeconds: Math.round(e.REFRESH_TOKEN_DAYS * 86400),
    otp: {
      ttlSeconds: e.OTP_TTL_SECONDS,
      maxAttempts: e.OTP_MAX_ATTEMPTS,
      resendSeconds: e.OTP_RESEND_SECONDS,
      perAddressPerHour: e.OTP_PER_ADDRESS_PER_HOUR,
      perIpPerWindow: e.OTP_PER_IP_PER_WINDOW,
      ipWindowMs: Math.round(e.OTP_IP_WINDOW_MINUTES * 60_000),
    },
    /** Per-IP limit of the contact form. */
    contact: { perIpPerWindow: e.CONTACT_PER_IP_PER_WINDOW, windowMs: Math.round(e.CONTACT_WINDOW_MINUTES * 60_000) },
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    /** An institution is named on a chip only once this many verified members share it (k-anonymity). */
    institutionChipMinMembers: e.INSTITUTION_CHIP_MIN_MEMBERS,
    /** Where credential documents wait for review (DATA_DIR/documents): never under the public /media/ path. */
    documentsDir: path.join(dataDir, 'documents'),
    /** Largest credential document accepted. */
    maxDocumentBytes: Math.round(e.CREDENTIAL_DOCUMENT_MB * 1024 * 1024),
    /**
     * Reading the text in uploaded images (OCR) for the scam shield, in a background job: images larger than
     * `maxImageBytes` are skipped, a recognition longer than `timeoutMs` is abandoned (its worker replaced), and at
     * most `concurrency` recognition workers (about 150 MB each) run at once.
     */
    /** Uploaded videos transcoded to 240p, 360p and 720p H.264/AAC MP4 in a job (video-renditions.ts), within this time. */
    videoRenditions: { enabled: e.VIDEO_RENDITIONS ?? true, timeoutMs: e.VIDEO_TRANSCODE_TIMEOUT_SECONDS * 1000 },
    ocr: {
      enabled: e.OCR_ENABLED ?? true,
      maxImageBytes: Math.round(e.OCR_MAX_IMAGE_MB * 1024 * 1024),
      timeoutMs: Math.round(e.OCR_TIMEOUT_SECONDS * 1000),
      concurrency: e.OCR_CONCURRENCY,
    },
    logLevel: e.LOG_LEVEL,
    /** Read the client IP from X-Forwarded-For (only behind a load balancer that sets it). */
    trustProxy: e.TRUST_PROXY ?? false,
    /** Accounts younger than this have stricter write limits and their links held more readily; 0 turns that off. */
    newAccountHours: e.NEW_ACCOUNT_HOURS,
    /** A poll closes at least this long after it is made (tests make one that closes in seconds). */
    pollMinCloseSeconds: e.POLL_MIN_CLOSE_SECONDS,
    /**
     * "host:port" pairs a link preview fetches whatever address they resolve to (tests' local servers); empty by default,
     * so private, loopback and link-local addresses are refused everywhere unless named here.
     */
    linkPreviewAllowHosts: e.LINK_PREVIEW_ALLOW_HOSTS,
    /** Per-account limits on writing; new accounts get a quarter of each (write-limits.ts). */
    writeLimits: <WriteLimitRules>{
      post: { limit: e.POSTS_PER_HOUR, windowMs: HOUR_MS },
      comment: { limit: e.COMMENTS_PER_HOUR, windowMs: HOUR_MS },
      channel: { limit: e.CIRCLES_PER_DAY, windowMs: 24 * HOUR_MS },
      report: { limit: e.REPORTS_PER_HOUR, windowMs: HOUR_MS },
      reaction: { limit: e.REACTIONS_PER_HOUR, windowMs: HOUR_MS },
      'join-request': { limit: e.JOIN_REQUESTS_PER_HOUR, windowMs: HOUR_MS },
    },
    /** Serve the built Astro site from dist/ (off in API tests). */
    serveSite: true,
    /** Published on /grievance and in grievance mails (IT Rules 2021, rule 3(2)). */
    grievanceOfficer: { name: e.GRIEVANCE_OFFICER_NAME, address: e.GRIEVANCE_OFFICER_ADDRESS, email: e.GRIEVANCE_OFFICER_EMAIL },
    /** Distinct members whose reports hide an item until a moderator reviews it. */
    autoHideReports: e.AUTO_HIDE_REPORTS,
    /** Background jobs (pg-boss): run workers and schedules in this process; how often an idle worker looks for work. */
    jobs: { work: e.JOB_WORKERS ?? true, pollSeconds: e.JOB_POLL_SECONDS },
    /** Where prepared data exports wait (DATA_DIR/exports): private, downloaded only by their member. */
    exportsDir: path.join(dataDir, 'exports'),
    /** What the scheduled purge keeps, and how often it runs (a cron expression, UTC). */
    retention: {
      exportHours: e.EXPORT_LINK_HOURS,
      contactDays: e.CONTACT_RETENTION_DAYS,
      notificationDays: e.NOTIFICATION_RETENTION_DAYS,
      purgeCron: e.RETENTION_PURGE_CRON,
      /** When the next months' partitions of the month-partitioned tables are made (db/partitions.ts). */
      partitionsCron: e.PARTITIONS_CRON,
    },
    /** How many API requests use the database at once, and how long and how many others wait in line before a 503. */
    admission: {
      concurrency: e.REQUEST_CONCURRENCY ?? ((overrides.databaseUrl ?? e.DATABASE_URL) ? 40 : 4),
      maxWaitMs: e.REQUEST_QUEUE_WAIT_MS,
      maxQueue: e.REQUEST_QUEUE_MAX,
    },
    /** At SIGTERM, the longest wait for running requests before the process exits. */
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    /** After a withdrawal of consent, how long the member has to sign in and agree again before the account is erased. */
    withdrawalGraceHours: e.WITHDRAWAL_GRACE_HOURS,
    pagesDir: path.resolve(e.PAGES_DIR ?? PAGES_DIR),
    /** Where Prometheus scrapes the metrics (never the public port); unset: no metrics. */
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
  };
}

export type Config = ReturnType<typeof configFrom>;
