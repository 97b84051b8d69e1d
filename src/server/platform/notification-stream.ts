import type { Unlisten } from '../db/client.ts';

/** The channel the notifications table's trigger announces each new row on (its payload: the member's id). */
export const NOTIFICATIONS_CHANNEL = 'notifications';
/** The channel that tells every instance to end streams: `sid:<session>` at logout, `user:<id>` at erasure. */
export const STREAM_ENDS_CHANNEL = 'notification_stream_ends';
/**
 * Open streams one account may hold on an instance: a phone and a few tabs. A new one beyond it ends the oldest
 * (each costs a connection and about 2 MB; 300 of one account held 616 MB).
 */
export const MAX_STREAMS_PER_ACCOUNT = 5;

export type StreamSubscriber = {
  /** Called when the member has a new notification (from any server instance). */
  onNotification: () => void;
  /** Called when the stream must end: shutdown, logout, erasure, or a newer stream of the account over the cap. */
  onClose: () => void;
};

/** Whose stream it is: the member, and the session (token `sid`) it was opened with. */
export type StreamOwner = { userId: number; sid: string };

type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<Unlisten>;
type Notify = (channel: string, payload: string) => Promise<void>;

/**
 * Fans the database's notification announcements out to the open streams of this instance. One LISTEN per
 * instance, opened with the first subscriber; PostgreSQL's LISTEN/NOTIFY (or PGlite's, in process) carries
 * announcements between instances, so a reply written on one instance reaches a page streaming from another, and
 * a logout on one instance ends the session's streams on every other.
 */
export function createNotificationStream({
  listen,
  notify,
  log,
}: {
  listen: Listen;
  notify: Notify;
  log: { error: (obj: object, msg: string) => void };
}) {
  const subscribers = new Map<number, Map<StreamSubscriber, string>>();
  let listening: Promise<Unlisten[]> | null = null;

  function deliver(payload: string) {
    const userId = Number(payload);
    for (const subscriber of subscribers.get(userId)?.keys() ?? []) {
      try {
        subscriber.onNotification();
      } catch (error) {
        log.error({ err: error }, 'notification stream delivery failed');
      }
    }
  }

  /** Ends this instance's streams of a session (`sid:…`) or of an account (`user:…`). */
  function endLocal(payload: string) {
    const [kind, value] = [payload.slice(0, payload.indexOf(':')), payload.slice(payload.indexOf(':') + 1)];
    for (const [userId, forUser] of subscribers) {
      if (kind === 'user' && String(userId) !== value) continue;
      for (const [subscriber, sid] of forUser) if (kind === 'user' || sid === value) subscriber.onClose();
    }
  }

  const startListening = () => {
    if (!listening) {
      listening = Promise.all([listen(NOTIFICATIONS_CHANNEL, deliver), listen(STREAM_ENDS_CHANNEL, endLocal)]);
      listening.catch(() => (listening = null));
    }
    return listening;
  };

  /** Ends the streams everywhere: here at once, on other instances through the database. */
  async function endEverywhere(payload: string) {
    endLocal(payload);
    await notify(STREAM_ENDS_CHANNEL, payload);
  }

  return {
    /** Starts telling `subscriber` of the member's new notifications; the answer stops it. */
    async subscribe(owner: StreamOwner, subscriber: StreamSubscriber): Promise<() => void> {
      await startListening();
      let forUser = subscribers.get(owner.userId);
      if (!forUser) subscribers.set(owner.userId, (forUser = new Map()));
      // A Map keeps the order streams opened in: the first ones are the oldest.
      while (forUser.size >= MAX_STREAMS_PER_ACCOUNT) {
        const [oldest] = forUser.keys();
        forUser.delete(oldest);
        oldest.onClose();
      }
      forUser.set(subscriber, owner.sid);
      return () => {
        forUser.delete(subscriber);
        if (forUser.size === 0 && subscribers.get(owner.userId) === forUser) subscribers.delete(owner.userId);
      };
    },
    /** Ends every stream opened with this session, on every instance (logout). */
    endSession: (sid: string) => endEverywhere(`sid:${sid}`),
    /** Ends every stream of this account, on every instance (erasure). */
    endAccount: (userId: number) => endEverywhere(`user:${userId}`),
    /** How many streams are open on this instance. */
    get openStreams(): number {
      let total = 0;
      for (const forUser of subscribers.values()) total += forUser.size;
      return total;
    },
    /** Ends every open stream and stops listening (at shutdown, before the database closes). */
    async close(): Promise<void> {
      for (const forUser of subscribers.values()) for (const subscriber of forUser.keys()) subscriber.onClose();
      subscribers.clear();
      const pending = listening;
      listening = null;
      if (pending) await Promise.all((await pending).map((unlisten) => unlisten().catch(() => {})));
    },
  };
}

export type NotificationStream = ReturnType<typeof createNotificationStream>;
