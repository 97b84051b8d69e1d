import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createCircle, createPost, recordMediaRequests, startMediaPost } from './app-fixtures.ts';
import { signedInAs } from './roles.ts';

/**
 * Large uploads show their progress and can be cancelled (Create post and the comment box); a refused upload says
 * the server's reason and keeps the form; the data saver makes images wait for a tap.
 */

let dir: string;
let bigVideo: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bsq-e2e-media-'));
  // 60 MB, named as an MP4: the picker takes it, and it is cancelled long before the server would look inside.
  bigVideo = path.join(dir, 'holiday-clip.mp4');
  writeFileSync(bigVideo, Buffer.alloc(60 * 1024 * 1024, 7));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Slows this page's uploads to about 4 MB/s (as a good mobile connection), so 60 MB takes long enough to watch. */
async function throttleUploads(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 4 * 1024 * 1024,
  });
}

/** Waits until the bar shows part of the upload sent (more than 0 %, less than 100 %), and gives the percent. */
async function partlySent(page: Page): Promise<number> {
  const bar = page.getByRole('progressbar', { name: 'Uploading' });
  await expect(bar).toBeVisible();
  let percent = 0;
  await expect
    .poll(async () => {
      percent = Number(await bar.getAttribute('aria-valuenow'));
      return percent > 0 && percent < 100;
    })
    .toBe(true);
  await expect(page.getByText(`Uploading ${percent}%`).or(page.getByText(/Uploading \d+%/))).toBeVisible();
  return percent;
}

test.describe('uploads', () => {
  test('a 60 MB video in Create post shows its progress and can be cancelled, keeping the form', async ({ page }) => {
    await startMediaPost(page, bigVideo, 'Our holiday, uncut');
    await throttleUploads(page);
    await page.getByRole('button', { name: 'Post', exact: true }).click();

    await partlySent(page);
    await page.getByRole('button', { name: 'Cancel upload' }).click();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    // Nothing was posted, and the form is as it was.
    await expect(page).toHaveURL(/\/home\/create/);
    await expect(page.getByLabel('Title *')).toHaveValue('Our holiday, uncut');
    await expect(page.getByRole('list', { name: 'Selected media' }).getByRole('listitem')).toHaveCount(1);
    const feed = await page.request.get(`/api/posts/public/feed/`);
    expect(((await feed.json()) as { results: { title: string }[] }).results.map((p) => p.title)).not.toContain('Our holiday, uncut');
  });

  test("a refused upload says the server's reason and keeps the form", async ({ page }) => {
    // An "MP4" that is not one: the server reads its content and refuses it.
    await startMediaPost(
      page,
      { name: 'fake.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not really a video') },
      'A clip that is not',
    );
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Upload a valid MP4 video.' })).toBeVisible();
    await expect(page.getByLabel('Title *')).toHaveValue('A clip that is not');
    await expect(page.getByRole('list', { name: 'Selected media' }).getByRole('listitem')).toHaveCount(1);
  });

  test('a 60 MB video in the comment box shows its progress and can be cancelled, keeping the text', async ({ page }) => {
    const member = await signedInAs(page, 'member');
    const circle = await createCircle(member);
    const post = await createPost(member, { circle: circle.name, title: 'Comment with a big clip' });
    await page.goto(`/home/comments/${post.id}`);
    const box = page.getByRole('textbox', { name: 'Add a comment' });
    await box.fill('Here is the whole match');
    await page.getByLabel('Choose an image or video').first().setInputFiles(bigVideo);
    await throttleUploads(page);
    await page.getByRole('button', { name: 'Comment', exact: true }).click();

    await partlySent(page);
    await page.getByRole('button', { name: 'Cancel upload' }).click();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(box).toHaveValue('Here is the whole match');
    await expect(page.getByRole('button', { name: 'Remove holiday-clip.mp4' })).toBeVisible();
    const comments = await page.request.get(`/api/posts/comments/list/?post_id=${post.id}`);
    expect(((await comments.json()) as { comments: { count: number } }).comments.count).toBe(0);
  });
});

test.describe('data saver', () => {
  test('images wait for a tap, and the choice stays on this device', async ({ page }) => {
    const member = await signedInAs(page, 'member');
    const circle = await createCircle(member);
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3a7d44' } })
      .jpeg()
      .toBuffer();
    const { id } = await createPost(member, {
      circle: circle.name,
      title: 'A wide view',
      files: [{ field: 'images', name: 'view.jpg', type: 'image/jpeg', data: photo }],
    });

    const mediaRequests = recordMediaRequests(page);
    await page.goto(`/home/comments/${id}`);
    await page.getByRole('button', { name: 'Profile menu' }).click();
    const toggle = page.getByRole('button', { name: /Data saver/ });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');

    mediaRequests.length = 0;
    await page.reload();
    const tap = page.getByRole('button', { name: 'Tap to load image: A wide view: image 1' });
    await expect(tap).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(mediaRequests).toEqual([]);
    await tap.click();
    const image = page.getByRole('img', { name: 'A wide view: image 1' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // Drawn from a variant, with its box reserved by the intrinsic size.
    expect(await image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(/-\d+\.(avif|webp)$/);
    await expect(image).toHaveAttribute('width', '1600');
    await expect(image).toHaveAttribute('height', '900');
  });
});
