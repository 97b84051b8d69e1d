import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createCircle, createPost, signInMember, uniqueName } from './app-fixtures.ts';

// This journey is about the service worker, which the other journeys block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const OFFLINE_BAR = 'You are offline — showing what you read earlier';

/** Waits until the service worker has installed (precache done) and controls the page. */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
}

const imageLoaded = (page: Page, name: string) =>
  page
    .getByRole('article', { name })
    .locator('img[src*="/media/"]')
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test.describe('installable app, reading offline', () => {
  test('the manifest names the app, its start page and the icons Android asks for', async ({ page, request }) => {
    await page.goto('/home/posts');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const res = await request.get(href!);
    expect(res.ok()).toBeTruthy();
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Bharat Square', start_url: '/home/posts', display: 'standalone' });
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((entry) => entry.sizes === `${size}x${size}` && (entry.purpose ?? 'any').includes('any'));
      expect(icon, `a ${size}px icon`).toBeTruthy();
      const image = await request.get(icon!.src);
      expect((await sharp(await image.body()).metadata()).width).toBe(size);
    }
    expect(manifest.icons.some((entry) => entry.purpose === 'maskable')).toBe(true);
    await controlledByServiceWorker(page);
    // Chromium's own verdict on whether the page can be installed as an app (what Lighthouse's check used to ask).
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are incognito ones, where nothing installs; that is the only objection allowed.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  });

  test('the feed and a post read earlier open without a connection, with the offline bar; a post written offline keeps its draft', async ({
    page,
    context,
  }) => {
    const member = await signInMember(page);
    const circle = await createCircle(member);
    const title = uniqueName('Read on the ferry');
    const post = await createPost(member, { circle: circle.name, title, description: 'Timings for the morning boats', images: 1 });

    await page.goto('/home/posts');
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    await controlledByServiceWorker(page);
    // Read again now that the service worker serves the page: the feed, the post and its image are kept.
    await page.reload();
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    await expect.poll(() => imageLoaded(page, title)).toBe(true);
    await page.goto(`/home/comments/${post.id}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.goto('/home/posts');
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    await expect(page.getByText(OFFLINE_BAR)).toBeHidden();
    // The app's screens not visited yet are kept too, shortly after a page loads.
    await expect
      .poll(() => page.evaluate(() => caches.match('/home/create', { ignoreSearch: true }).then(Boolean)), { timeout: 20_000 })
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(OFFLINE_BAR)).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    await expect.poll(() => imageLoaded(page, title)).toBe(true);

    await page.goto(`/home/comments/${post.id}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('Timings for the morning boats')).toBeVisible();

    // A post never read on this device: the offline page with a way back, never the browser's error page.
    await page.goto(`/home/comments/${post.id + 100000}`);
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByText('You are offline, and this was not read earlier on this device.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open what you read earlier' })).toHaveAttribute('href', '/home');

    // Writing needs the network: the screen says so and keeps what was typed.
    await page.goto(`/home/create?channelName=${encodeURIComponent(circle.name)}`);
    await expect(page.getByText(OFFLINE_BAR)).toBeVisible();
    await page.getByLabel('Title *').fill('Written without signal');
    await page.getByRole('textbox', { name: 'Body' }).fill('The last boat leaves at nine.');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    // Beside the form, not in a browser alert: the message says it was not sent and the draft is kept.
    const message = page.getByRole('alert').filter({ hasText: 'You are offline' });
    await expect(message).toContainText('draft is kept');
    await expect(page.getByLabel('Title *')).toHaveValue('Written without signal');
    await expect(page.getByRole('textbox', { name: 'Body' })).toContainText('The last boat leaves at nine.');

    await context.setOffline(false);
    await expect(page.getByText(OFFLINE_BAR)).toBeHidden();
  });
});
