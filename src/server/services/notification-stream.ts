import type { Unlisten } from '../db/client.ts';

/** The channel the notifications table's trigger announces each new row on (its payload: the member's id). */
export const NOTIFICATIONS_CHANNEL = 'notifications';

export type StreamSubscriber = {
  /** Called when the member has a new notification (from any server instance). */
  onNotification: () => void;
  /** Called when the server shuts down, so the open response can end. */
  onClose: () => void;
};

type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<Unlisten>;

/**
 * Fans the database's notification announcements out to the open streams of this instance. One LISTEN per
 * instance, opened with the first subscriber; PostgreSQL's LISTEN/NOTIFY (or PGlite's, in process) carries
 * announcements between instances, so a reply written on one instance reaches a page streaming from another.
 */
export function createNotificationStream({ listen, log }: { listen: Listen; log: { error: (obj: object, msg: string) => void } }) {
  const subscribers = new Map<number, Set<StreamSubscriber>>();
  let listening: Promise<Unlisten> | null = null;

  function deliver(payload: string) {
    const userId = Number(payload);
    for (const subscriber of subscribers.get(userId) ?? []) {
      try {
        subscriber.onNotification();
      } catch (error) {
        log.error({ err: error }, 'notification stream delivery failed');
      }
    }
  }

  return {
    /** Starts telling `subscriber` of the member's new notifications; the answer stops it. */
    async subscribe(userId: number, subscriber: StreamSubscriber): Promise<() => void> {
      if (!listening) {
        listening = listen(NOTIFICATIONS_CHANNEL, deliver);
        listening.catch(() => (listening = null));
      }
      await listening;
      let forUser = subscribers.get(userId);
      if (!forUser) subscribers.set(userId, (forUser = new Set()));
      forUser.add(subscriber);
      return () => {
        forUser.delete(subscriber);
        if (forUser.size === 0 && subscribers.get(userId) === forUser) subscribers.delete(userId);
      };
    },
    /** How many streams are open on this instance. */
    get openStreams(): number {
      let total = 0;
      for (const set of subscribers.values()) total += set.size;
      return total;
    },
    /** Ends every open stream and stops listening (at shutdown, before the database closes). */
    async close(): Promise<void> {
      for (const set of subscribers.values()) for (const subscriber of set) subscriber.onClose();
      subscribers.clear();
      const pending = listening;
      listening = null;
      if (pending) await (await pending)().catch(() => {});
    },
  };
}

export type NotificationStream = ReturnType<typeof createNotificationStream>;
