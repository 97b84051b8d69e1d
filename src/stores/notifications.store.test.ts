import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../lib/api-types.ts';

vi.mock('../lib/browser/api-client.ts', () => import('../../tests/helpers/api-client-mock.ts'));
const { apiMock } = await import('../../tests/helpers/api-client-mock.ts');
const store = await import('./notifications.store.ts');

const note = (id: number, read = false): Notification => ({
  id,
  kind: 'reply',
  created_at: '2026-01-01T00:00:00.000Z',
  read,
  actor: 'BlueOtter12',
  post_id: 3,
  comment_id: id * 10,
  text: `n${id}`,
  code: null,
  params: {},
});

/** A stand-in EventSource: the test fires its events. */
class FakeSource {
  static last: FakeSource | null = null;
  listeners = new Map<string, (event: MessageEvent) => void>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  fire(type: string, data: unknown) {
    this.listeners.get(type)!(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

beforeEach(() => {
  apiMock.mockReset();
  store.$unreadCount.set(0);
  store.$notifications.set({ items: [], page: 1, hasMore: true, loading: false });
});
afterEach(() => store.stopLiveNotifications());

describe('notifications store', () => {
  it('links a notification to its comment in its post', () => {
    expect(store.notificationHref(note(1))).toBe('/home/comments/3#comment-10');
    expect(store.notificationHref({ ...note(1), post_id: null, comment_id: null })).toBeNull();
  });

  it('opens the stream with a ticket and counts pushed notifications, putting them first', async () => {
    apiMock.mockResolvedValueOnce({ count: 0, next: null, previous: null, results: [note(1, true)] });
    apiMock.mockResolvedValueOnce({ ticket: 'tkt' });
    await store.loadNotifications().catch(() => {});
    await store.startLiveNotifications((url) => new FakeSource(url) as unknown as EventSource);
    expect(FakeSource.last!.url).toBe('/api/notifications/stream/?ticket=tkt');
    FakeSource.last!.fire('count', { count: 2 });
    expect(store.$unreadCount.get()).toBe(2);
    FakeSource.last!.fire('notification', { count: 3, notification: note(2) });
    expect(store.$unreadCount.get()).toBe(3);
    expect(store.$notifications.get().items.map((n) => n.id)).toEqual([2, 1]);
  });

  it('marks read with the server’s count', async () => {
    store.$notifications.set({ items: [note(1), note(2)], page: 2, hasMore: false, loading: false });
    apiMock.mockResolvedValueOnce({ count: 1 });
    await store.markRead([1]);
    expect(apiMock).toHaveBeenLastCalledWith('/api/notifications/read/', { method: 'POST', body: { ids: [1] } });
    expect(store.$unreadCount.get()).toBe(1);
    expect(store.$notifications.get().items.map((n) => n.read)).toEqual([true, false]);
    apiMock.mockResolvedValueOnce({ count: 0 });
    await store.markRead();
    expect(apiMock).toHaveBeenLastCalledWith('/api/notifications/read/', { method: 'POST', body: { all: true } });
    expect(store.$notifications.get().items.every((n) => n.read)).toBe(true);
  });
});
