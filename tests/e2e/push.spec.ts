import { expect, test, type Page } from '@playwright/test';
import { startPushReceiver, type PushDevice, type PushReceiver } from '../helpers/push-receiver.ts';
import { createCircle, createComment, createPost, signInMember } from './app-fixtures.ts';

// This journey is about the service worker, which the other journeys block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const PUSH_PORT = Number(process.env.E2E_PUSH_PORT ?? 4413);

let receiver: PushReceiver;
test.beforeAll(async () => {
  receiver = await startPushReceiver(PUSH_PORT);
});
test.afterAll(() => receiver.close());

/**
 * Headless Chromium reaches no real push service (there is no network here), so the page's PushManager is given a
 * subscription of the local push service instead: the settings screen subscribes "this browser" exactly as it would,
 * and the server sends to that endpoint for real (VAPID, aes128gcm), where the push is decrypted with the device's
 * private key. What the push service would then hand the browser is delivered to the service worker through
 * Chromium's DevTools protocol (ServiceWorker.deliverPushMessage), which runs the real `push` handler.
 */
async function useLocalPushService(page: Page, device: PushDevice) {
  await page.addInitScript((subscription) => {
    const key = (name: string) => {
      const text = name === 'p256dh' ? subscription.keys.p256dh : subscription.keys.auth;
      const bytes = Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      return bytes.buffer;
    };
    const made = () => ({
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: key,
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
      unsubscribe: async () => {
        sessionStorage.removeItem('test-push-subscribed');
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      if (!options?.userVisibleOnly || !options.applicationServerKey) throw new DOMException('no VAPID key', 'NotAllowedError');
      sessionStorage.setItem('test-push-subscribed', '1');
      return made() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (sessionStorage.getItem('test-push-subscribed') ? made() : null) as unknown as PushSubscription;
    };
  }, device);
}

test('a member turns push on in the profile, and a reply to their post shows as a notification from the service worker', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const device = receiver.device();
  await useLocalPushService(page, device);
  const member = await signInMember(page);

  await page.goto('/profile');
  const settings = page.getByRole('region', { name: 'Push notifications' });
  await expect(settings.getByRole('checkbox', { name: 'Replies to my posts and comments' })).toBeChecked();
  await settings.getByRole('checkbox', { name: 'Moderation outcomes' }).uncheck();
  await settings.getByRole('checkbox', { name: 'Quiet hours' }).check();
  await settings.getByRole('button', { name: 'Turn on push notifications' }).click();
  await expect(settings.getByText('Push notifications are on in this browser.')).toBeVisible();

  // The server keeps the choices made on screen, quiet hours in the browser's time zone.
  const listed = await page.request.get('/api/users/me/push-subscriptions/', { headers: member.auth });
  const [saved] = ((await listed.json()) as { results: { endpoint: string; kinds: string[]; quiet_hours: object | null }[] }).results;
  expect(saved).toMatchObject({ endpoint: device.endpoint, kinds: ['reply', 'mention', 'join_request'] });
  expect(saved.quiet_hours).toMatchObject({ start: '22:00', end: '07:00' });
  // Quiet hours off again, so the reply below is pushed whatever the time.
  await settings.getByRole('checkbox', { name: 'Quiet hours' }).uncheck();
  await settings.getByRole('button', { name: 'Save push settings' }).click();
  await expect(settings.getByText('Push settings saved.')).toBeVisible();

  // Someone replies to the member's post: the server pushes it to the local push service, which decrypts it.
  const circle = await createCircle(member);
  const post = await createPost(member, { circle: circle.name, title: 'Which train reaches Pune first?' });
  const replierContext = await browser.newContext();
  const replier = await signInMember(await replierContext.newPage());
  const started = Date.now();
  const comment = await createComment(replier, post.id, 'The Deccan Queen.');
  await expect.poll(() => receiver.pushesTo(device).length, { timeout: 20_000 }).toBe(1);
  const [push] = receiver.pushesTo(device);
  console.log(`push delivery (end to end): ${push.at - started} ms from the reply's request to the decrypted push at the push service`);
  expect(push.payload).toMatchObject({ title: 'New reply', url: `/home/comments/${post.id}#comment-${comment.id}` });
  await replierContext.close();

  // The push service hands it to the browser: the service worker's push handler shows it.
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: found }) => found.length > 0 && resolve(found)),
  );
  await cdp.send('ServiceWorker.enable');
  const [registration] = (await registrations).filter((r) => r.scopeURL.startsWith(baseURL!));
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId: registration.registrationId,
    data: JSON.stringify(push.payload),
  });
  const shown = async () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url?: string } | null)?.url,
      })),
    );
  await expect.poll(shown, { timeout: 10_000 }).toHaveLength(1);
  expect((await shown())[0]).toEqual({
    title: 'New reply',
    body: expect.stringContaining('commented on your post "Which train reaches Pune first?"'),
    tag: (push.payload as { tag: string }).tag,
    url: `/home/comments/${post.id}#comment-${comment.id}`,
  });

  // Turning push off forgets this browser on the server.
  await settings.getByRole('button', { name: 'Turn off push notifications' }).click();
  await expect(settings.getByRole('button', { name: 'Turn on push notifications' })).toBeVisible();
  const after = await page.request.get('/api/users/me/push-subscriptions/', { headers: member.auth });
  expect(((await after.json()) as { count: number }).count).toBe(0);
});
