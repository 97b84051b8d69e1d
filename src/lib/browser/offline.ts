/**
 * What the browser keeps for reading without a connection. The service worker (built by Workbox, see
 * scripts/service-worker.mjs) names every cache it fills at run time with this prefix, so signing out can drop
 * them all: a shared phone must not keep showing one member's feed to the next person.
 */
export const RUNTIME_CACHE_PREFIX = 'bsq-';

/**
 * Catalog keys of what is said instead of a network error without a connection: a write (the screen keeps what was
 * typed), and a read that was never kept.
 */
export const OFFLINE_WRITE_MESSAGE = 'offline.write';
export const OFFLINE_READ_MESSAGE = 'offline.read';

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
