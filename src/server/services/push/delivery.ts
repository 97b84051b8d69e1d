import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webPush, { WebPushError } from 'web-push';
import { PUSH_KIND_OF, type PushKind } from '../../../lib/push-rules.ts';
import { isLang, translator } from '../../../lib/i18n.ts';
import { wordNotification, type NotificationCode } from '../../../lib/notification-messages.ts';
import type { NotificationKind } from '../../../lib/statuses.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { notifications, pushSubscriptions } from '../../db/schema/index.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import { createPushAgents } from './endpoints.ts';
import { quietUntil } from './quiet-hours.ts';

export const PUSH_JOB = 'send-push';
type PushJob = { notificationId: number; subscriptionId: number };

/** A notification just recorded, as the push fan-out reads it. */
export type RecordedNotification = { id: number; userId: number; kind: NotificationKind };

/** What the service worker shows (public/sw-push.js): the notification's line in the member's language, and where a tap goes. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** How long a push service keeps a push for a device that is offline: a day, after which the bell still has it. */
const TTL_SECONDS = 24 * 60 * 60;
/**
 * The longest body a push carries: a push service takes about 4 KB of payload, and a moderator's reason may be long;
 * the bell has the whole line.
 */
const BODY_MAX = 300;
const shortened = (text: string) => (text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1).trimEnd()}…` : text);

/** Longest wait for a push service's answer; past it the push is retried like a 5xx. */
const SEND_TIMEOUT_MS = 15_000;

/**
 * Web Push delivery. Recording a notification (notifications' `notify`) calls `fanOut` in the same transaction, which
 * queues one `send-push` job per subscription of that member opted in to the notification's push kind: a rolled-back
 * write pushes nothing, and a committed one is pushed even if this process dies. The job sends with web-push (VAPID,
 * aes128gcm). During the subscription's quiet hours it sends nothing and queues itself again for their end. A push
 * service answering 404 or 410 has dropped the subscription: it is deleted. A 429, a 5xx, a timeout or a network
 * failure fails the job, which the queue retries (5 tries, the wait doubling from `retryDelaySeconds`); any other 4xx
 * is a push the service will never take, logged and dropped.
 */
export function createPushDelivery({
  db,
  jobs,
  config,
  clock,
  log,
}: {
  db: Db;
  jobs: JobQueue;
  config: Config['push'];
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const agents = createPushAgents(config.allowHosts, config.extraCa);
  const vapidDetails = { subject: config.subject, publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey };

  async function send(job: PushJob): Promise<void> {
    const [row] = await db
      .select({
        subscription: pushSubscriptions,
        kind: notifications.kind,
        postId: notifications.postId,
        commentId: notifications.commentId,
        circleId: notifications.circleId,
        code: notifications.code,
        params: notifications.params,
        text: notifications.text,
      })
      .from(pushSubscriptions)
      .innerJoin(notifications, and(eq(notifications.id, job.notificationId), eq(notifications.userId, pushSubscriptions.userId)))
      .where(eq(pushSubscriptions.id, job.subscriptionId));
    // The subscription was turned off or moved to another account, or the notification is gone: nothing to send.
    if (!row) return;
    const { subscription } = row;
    const pushKind = PUSH_KIND_OF[row.kind];
    if (!pushKind || !subscription.kinds.includes(pushKind)) return;
    const quiet =
      subscription.quietStart === null || subscription.quietEnd === null || subscription.timeZone === null
        ? null
        : { start: subscription.quietStart, end: subscription.quietEnd, timeZone: subscription.timeZone };
    const until = quietUntil(quiet, clock.now());
    if (until) {
      await jobs.send(PUSH_JOB, job, { startAfter: until });
      return;
    }
    const t = translator(isLang(subscription.lang) ? subscription.lang : 'en');
    const payload: PushPayload = {
      title: t(`push.titles.${pushKind}`),
      body: shortened(row.code ? wordNotification({ code: row.code as NotificationCode, params: row.params }, t) : row.text),
      url:
        row.postId !== null
          ? `/home/comments/${row.postId}${row.commentId ? `#comment-${row.commentId}` : ''}`
          : row.circleId !== null
            ? `/home/channel-page/${row.circleId}`
            : '/home/notifications',
      tag: `notification-${job.notificationId}`,
    };
    try {
      await webPush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails,
          TTL: TTL_SECONDS,
          urgency: pushKind === 'moderation' ? 'normal' : 'high',
          timeout: SEND_TIMEOUT_MS,
          agent: agents.agentFor(subscription.endpoint),
        },
      );
    } catch (error) {
      const status = error instanceof WebPushError ? error.statusCode : null;
      if (status === 404 || status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        log.info({ subscriptionId: subscription.id, status }, 'push subscription gone: removed');
        return;
      }
      if (status !== null && status >= 400 && status < 500 && status !== 429) {
        log.warn(
          { subscriptionId: subscription.id, status, body: (error as WebPushError).body },
          'push refused by the push service: dropped',
        );
        return;
      }
      throw error;
    }
  }

  jobs.define<PushJob>({
    name: PUSH_JOB,
    run: send,
    retryLimit: 5,
    retryDelaySeconds: config.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: 60,
  });

  /** Queues the pushes of notifications just recorded, in the recording transaction. */
  async function fanOut(tx: Executor, recorded: RecordedNotification[]): Promise<void> {
    const pushed = recorded.filter((notification) => PUSH_KIND_OF[notification.kind] !== null);
    if (pushed.length === 0) return;
    const subscriptions = await tx
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId, kinds: pushSubscriptions.kinds })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, [...new Set(pushed.map((notification) => notification.userId))]));
    for (const notification of pushed) {
      const kind = PUSH_KIND_OF[notification.kind] as PushKind;
      for (const subscription of subscriptions) {
        if (subscription.userId !== notification.userId || !subscription.kinds.includes(kind)) continue;
        await jobs.sendWithin(tx, PUSH_JOB, { notificationId: notification.id, subscriptionId: subscription.id } satisfies PushJob);
      }
    }
  }

  return { fanOut, publicKey: config.vapid.publicKey, close: agents.close };
}

export type PushDelivery = ReturnType<typeof createPushDelivery>;
