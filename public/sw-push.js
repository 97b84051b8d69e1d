// Web Push in the service worker: imported by the generated /sw.js (scripts/service-worker.mjs). A push from the
// server carries {title, body, url, tag} (src/server/services/push/delivery.ts), already in the member's language;
// it is shown as a notification, and tapping it opens (or focuses) the app at its page.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Bharat Square', {
      body: data.body || '',
      // One notification per notification: a push sent again (a retry) replaces it rather than adding another.
      tag: data.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: data.url || '/home/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/home/notifications', self.location.origin);
  // Only the app's own pages open from a notification.
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === url.origin && 'focus' in client);
      if (!open) return self.clients.openWindow(url.href);
      await open.focus();
      return open.navigate(url.href);
    })(),
  );
});
