import { atom, map } from 'nanostores';
import { API_BASE, api } from '../lib/browser/api-client.ts';
import type { Notification, Paged } from '../lib/api-types.ts';
import { emptyPagedList, loadNextPage, type PagedList } from '../lib/paged-list.ts';

/**
 * The signed-in member's notifications, shared by the header bell and /home/notifications: the unread count, the
 * newest ones, and a live stream (Server-Sent Events) that keeps both current without a reload.
 */
export const $unreadCount = atom(0);
export const $notifications = map<PagedList<Notification>>(emptyPagedList<Notification>());

/** Where a notification leads: the comment in its post, the post, or nowhere (a channel decision). */
export function notificationHref(notification: Notification): string | null {
  if (notification.post_id === null) return null;
  return `/home/comments/${notification.post_id}${notification.comment_id ? `#comment-${notification.comment_id}` : ''}`;
}

/** The first page again (the bell opening, or the page loading). */
export async function loadNotifications(reset = true): Promise<void> {
  if (reset) $notifications.set(emptyPagedList<Notification>());
  await loadNextPage($notifications, (state) => api<Paged<Notification>>('/api/notifications/', { query: { page: state.page } }));
}

export async function refreshUnreadCount(): Promise<void> {
  $unreadCount.set((await api<{ count: number }>('/api/notifications/unread-count/')).count);
}

/** Marks some notifications read (or all, without ids); the count is the server's answer. */
export async function markRead(ids?: number[]): Promise<void> {
  const { count } = await api<{ count: number }>('/api/notifications/read/', { method: 'POST', body: ids ? { ids } : { all: true } });
  $unreadCount.set(count);
  const chosen = ids ? new Set(ids) : null;
  const list = $notifications.get();
  $notifications.setKey(
    'items',
    list.items.map((n) => (!chosen || chosen.has(n.id) ? { ...n, read: true } : n)),
  );
}

/** A pushed notification: counted, and first in the list when the list is loaded. */
export function receive(count: number, notification: Notification | null): void {
  $unreadCount.set(count);
  if (!notification) return;
  const list = $notifications.get();
  if (list.items.some((n) => n.id === notification.id)) return;
  $notifications.setKey('items', [notification, ...list.items]);
}

type Source = Pick<EventSource, 'addEventListener' | 'close' | 'onerror'>;
/** How a stream is opened; tests give their own. */
export type OpenStream = (url: string) => Source;

let stream: Source | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let stopped = true;

/**
 * Opens the live stream: EventSource cannot send the bearer header, so each connection first asks for a single-use
 * ticket. A dropped stream (server restart, network) reconnects after 2 s with a fresh ticket.
 */
export async function startLiveNotifications(open: OpenStream = (url) => new EventSource(url)): Promise<void> {
  stopped = false;
  if (stream) return;
  try {
    const { ticket } = await api<{ ticket: string }>('/api/notifications/stream/ticket/', { method: 'POST' });
    if (stopped) return;
    const source = open(`${API_BASE}/api/notifications/stream/?ticket=${encodeURIComponent(ticket)}`);
    stream = source;
    source.addEventListener('count', (event) => receive(JSON.parse((event as MessageEvent).data).count, null));
    source.addEventListener('notification', (event) => {
      const data = JSON.parse((event as MessageEvent).data) as { count: number; notification: Notification | null };
      receive(data.count, data.notification);
    });
    source.onerror = () => {
      // The ticket was single-use: the browser's own retry would be refused, so reconnect with a new one.
      source.close();
      if (stream === source) stream = null;
      scheduleReconnect(open);
    };
  } catch (error) {
    console.error('Live notifications unavailable', error);
    scheduleReconnect(open, 10_000);
  }
}

function scheduleReconnect(open: OpenStream, delay = 2000) {
  if (stopped) return;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void startLiveNotifications(open), delay);
}

export function stopLiveNotifications(): void {
  stopped = true;
  clearTimeout(retryTimer);
  stream?.close();
  stream = null;
}
