/**
 * What the browser keeps for reading without a connection. The service worker (built by Workbox, see
 * scripts/service-worker.mjs) names every cache it fills at run time with this prefix, so signing out can drop
 * them all: a shared phone must not keep showing one member's feed to the next person.
 */
export const RUNTIME_CACHE_PREFIX = 'bsq-';

/** Said instead of a network error when a write is tried without a connection; the screen keeps what was typed. */
export const OFFLINE_WRITE_MESSAGE = 'You are offline, so this was not sent. Your draft is kept: try again when you are back online.';

/** A read that was never cached, asked for without a connection. */
export const OFFLINE_READ_MESSAGE = 'You are offline, and this was not read earlier on this device.';

export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Drops what the service worker cached while reading (feeds, posts, images); the precached site stays. */
export async function forgetReadCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(RUNTIME_CACHE_PREFIX)).map((name) => caches.delete(name)));
  } catch (error) {
    console.error('Could not clear the offline caches', error);
  }
}
