import { ECDH } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  canonicalTimeZone,
  MAX_PUSH_SUBSCRIPTIONS,
  minutesOf,
  PUSH_KINDS,
  type PushKind,
  type QuietHours,
} from '../../../lib/push-rules.ts';
import type { Lang } from '../../../lib/i18n.ts';
import { REQUIRED, NULL_VALUE, stringField } from '../../../lib/validation.ts';
import type { Db } from '../../db/client.ts';
import type { OffsetPageSource } from '../../db/keyset.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { detail, say, type Message } from '../../platform/errors.ts';
import { endpointProblem } from './endpoints.ts';
import { clockTime } from './quiet-hours.ts';

/** A push subscription as the API answers it: never its keys. */
export type PushSubscription = {
  endpoint: string;
  kinds: PushKind[];
  quiet_hours: QuietHours | null;
  created_at: string;
  updated_at: string;
};

export type PushSubscriptionInput = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  kinds: PushKind[];
  quiet_hours: { start: number; end: number; timeZone: string } | null;
};

const issue = (ctx: z.RefinementCtx, message: Message) => ctx.addIssue({ code: 'custom', message: message.key, params: { message } });

const decoded = (value: unknown) =>
  typeof value === 'string' && /^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url') : null;

/** A P-256 public key, uncompressed (65 bytes), that is a point on the curve. */
function isP256Key(value: unknown): boolean {
  const key = decoded(value);
  if (!key || key.length !== 65 || key[0] !== 4) return false;
  try {
    ECDH.convertKey(key, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

const required = (value: unknown, ctx: z.RefinementCtx) => {
  if (value !== undefined && value !== null) return true;
  ctx.addIssue({ code: 'custom', message: value === null ? NULL_VALUE : REQUIRED });
  return false;
};

/**
 * The body of POST /api/users/me/push-subscriptions/, as a browser's PushSubscription.toJSON() gives it plus the
 * member's choices: `kinds` (at least one of PUSH_KINDS) and optional quiet hours. Each field's problem is a catalog
 * message, worded in the reader's language.
 */
export function subscriptionSchema(allowHosts: readonly string[]): z.ZodType<PushSubscriptionInput, z.ZodTypeDef, unknown> {
  return z.object({
    endpoint: z.unknown().transform((value, ctx): string => {
      if (!required(value, ctx)) return z.NEVER;
      const problem = typeof value === 'string' ? endpointProblem(value.trim(), allowHosts) : say('errors.push.endpointInvalid');
      if (problem) issue(ctx, problem);
      return problem ? z.NEVER : (value as string).trim();
    }),
    keys: z.unknown().transform((value, ctx): { p256dh: string; auth: string } => {
      if (!required(value, ctx)) return z.NEVER;
      const keys = value as { p256dh?: unknown; auth?: unknown };
      if (typeof keys !== 'object' || !isP256Key(keys.p256dh) || decoded(keys.auth)?.length !== 16) {
        issue(ctx, say('errors.push.keysInvalid'));
        return z.NEVER;
      }
      return { p256dh: keys.p256dh as string, auth: keys.auth as string };
    }),
    kinds: z.unknown().transform((value, ctx): PushKind[] => {
      if (!required(value, ctx)) return z.NEVER;
      if (!Array.isArray(value) || value.length === 0) {
        issue(ctx, say('errors.push.kindsEmpty', { kinds: PUSH_KINDS.join(', ') }));
        return z.NEVER;
      }
      const unknown = value.find((kind) => !PUSH_KINDS.includes(kind as PushKind));
      if (unknown !== undefined) {
        issue(ctx, say('errors.push.unknownKind', { kind: String(unknown), kinds: PUSH_KINDS.join(', ') }));
        return z.NEVER;
      }
      return PUSH_KINDS.filter((kind) => value.includes(kind));
    }),
    quiet_hours: z.unknown().transform((value, ctx): PushSubscriptionInput['quiet_hours'] => {
      if (value === undefined || value === null) return null;
      const quiet = value as Partial<Record<keyof QuietHours, unknown>>;
      const start = minutesOf(quiet?.start);
      const end = minutesOf(quiet?.end);
      if (typeof quiet !== 'object' || Array.isArray(quiet) || start === null || end === null || start === end) {
        issue(ctx, say('errors.push.quietHoursInvalid'));
        return z.NEVER;
      }
      const timeZone = canonicalTimeZone(quiet.time_zone);
      if (!timeZone) {
        issue(ctx, say('errors.push.timeZoneInvalid'));
        return z.NEVER;
      }
      return { start, end, timeZone };
    }),
  }) as z.ZodType<PushSubscriptionInput, z.ZodTypeDef, unknown>;
}

/** The query of DELETE /api/users/me/push-subscriptions/?endpoint=… */
export const endpointQuery = z.object({ endpoint: stringField().trim().min(1, REQUIRED).max(2048) });

const columns = {
  endpoint: pushSubscriptions.endpoint,
  kinds: pushSubscriptions.kinds,
  quietStart: pushSubscriptions.quietStart,
  quietEnd: pushSubscriptions.quietEnd,
  timeZone: pushSubscriptions.timeZone,
  createdAt: pushSubscriptions.createdAt,
  updatedAt: pushSubscriptions.updatedAt,
};

type Row = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | ((typeof columns)[K]['_']['notNull'] extends true ? never : null);
};

function toSubscription(row: Row): PushSubscription {
  return {
    endpoint: row.endpoint,
    kinds: row.kinds,
    quiet_hours:
      row.quietStart === null || row.quietEnd === null || row.timeZone === null
        ? null
        : { start: clockTime(row.quietStart), end: clockTime(row.quietEnd), time_zone: row.timeZone },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Subscribes a browser for the member, or updates it when its endpoint is known (`created` false): its keys, kinds,
 * quiet hours and language. An endpoint is one browser's, so one that another account subscribed moves to this
 * member (the browser changed hands: only one account gets its pushes). A member has at most MAX_PUSH_SUBSCRIPTIONS.
 */
export async function subscribe(
  db: Db,
  userId: number,
  input: PushSubscriptionInput,
  lang: Lang,
): Promise<{ subscription: PushSubscription; created: boolean }> {
  return db.transaction(async (tx) => {
    // One member's subscriptions are counted and added one request at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('push_subscriptions'), ${userId})`);
    const [existing] = await tx
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, input.endpoint));
    if (existing?.userId !== userId) {
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      if (count >= MAX_PUSH_SUBSCRIPTIONS) throw detail(400, say('errors.push.tooMany', { max: MAX_PUSH_SUBSCRIPTIONS }));
    }
    const values = {
      userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      kinds: input.kinds,
      quietStart: input.quiet_hours?.start ?? null,
      quietEnd: input.quiet_hours?.end ?? null,
      timeZone: input.quiet_hours?.timeZone ?? null,
      lang,
    };
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, updatedAt: sql`now()` } })
      .returning(columns);
    return { subscription: toSubscription(row), created: existing?.userId !== userId };
  });
}

/** Removes the member's subscription of that endpoint; another member's, or none, is left as it is. */
export async function unsubscribe(db: Db, userId: number, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** The member's subscriptions (their browsers with push on), oldest first: at most MAX_PUSH_SUBSCRIPTIONS, one page. */
export async function listSubscriptions(db: Db, userId: number): Promise<OffsetPageSource<PushSubscription>> {
  const rows = await db
    .select(columns)
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
  return { count: rows.length, load: async (limit, offset) => rows.slice(offset, offset + limit).map(toSubscription) };
}
