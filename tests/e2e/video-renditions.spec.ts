import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { expect, test } from '@playwright/test';
import type { Post } from '../../src/lib/api-types.ts';
import { createCircle, createPost, signInMember } from './app-fixtures.ts';

/** A 2-second 640x480 clip with sound, made by the ffmpeg `npm install` brings. */
function clip(): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bsq-e2e-clip-'));
  const file = path.join(dir, 'clip.mp4');
  // prettier-ignore
  execFileSync(ffmpeg.path, [
    '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x480:rate=25', '-f', 'lavfi', '-i', 'sine',
    '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file,
  ]);
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

test('under data saver the player starts with the 240p rendition, and the reader may pick another', async ({ page }) => {
  const member = await signInMember(page);
  const circle = await createCircle(member);
  const post = await createPost(member, {
    circle: circle.name,
    title: 'Backwaters at dusk',
    files: [{ field: 'videos', name: 'dusk.mp4', type: 'video/mp4', data: clip() }],
  });
  expect(post.media_items[0].transcode).toBe('pending');
  // The renditions are made in the background.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/posts/${post.id}/`, { headers: member.auth })).json()) as Post).media_items[0].transcode,
      { timeout: 60_000 },
    )
    .toBe('ready');

  await page.goto(`/home/comments/${post.id}`);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('button', { name: /Data saver/ }).click();
  await page.reload();
  await page
    .getByRole('button', { name: /Tap to load video/ })
    .first()
    .click();
  const video = page.locator('video').first();
  await expect(video).toHaveAttribute('src', /-240p\.mp4$/);
  const quality = page.getByLabel('Video quality').first();
  await expect(quality).toHaveValue('auto');
  await expect(quality.locator('option')).toHaveText(['Auto (240p)', '240p', '360p']);
  await quality.selectOption('360');
  await expect(page.locator('video').first()).toHaveAttribute('src', /-360p\.mp4$/);
  // The rendition plays: the browser reads its size.
  await page
    .locator('video')
    .first()
    .evaluate((element: HTMLVideoElement) => element.load());
  await expect
    .poll(
      () =>
        page
          .locator('video')
          .first()
          .evaluate((element: HTMLVideoElement) => element.videoHeight),
      { timeout: 15_000 },
    )
    .toBe(360);
});
