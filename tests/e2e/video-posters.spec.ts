import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createCircle, createPost, recordMediaRequests, startMediaPost } from './app-fixtures.ts';
import { signedInAs } from './roles.ts';

/**
 * A picked video gets its poster frame in the browser (the server decodes no video): the post and the comment show
 * the video with that frame as its poster, and nothing of the video loads before play.
 */

/** A real two-second H.264 clip, 160×120: blue at first, with a white square. */
const CLIP = path.join(import.meta.dirname, '../fixtures/clip-2s.mp4');

/** The poster a video shows, fetched as the browser would: an image the server made from the frame. Answers its pixels' mean colour. */
async function expectPosterImage(page: Page, video: Locator): Promise<{ red: number; blue: number }> {
  await expect(video).toHaveAttribute('preload', 'none');
  await expect(video).toHaveAttribute('poster', /^\/media\/[0-9a-f-]{36}_160x120-160\.webp$/);
  const poster = (await video.getAttribute('poster'))!;
  const served = await page.request.get(poster);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');
  const { channels } = await sharp(await served.body()).stats();
  return { red: channels[0].mean, blue: channels[2].mean };
}

test.describe('video poster frames', () => {
  test('a video posted from Create post shows its first moments as the poster', async ({ page }) => {
    const { circle } = await startMediaPost(page, CLIP, 'A short clip with a poster');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/home/channel-page\\?key=.*&new=\\d+$`));

    const article = page.getByRole('article').filter({ hasText: 'A short clip with a poster' });
    // The clip's first half second is blue: the frame was drawn from the video, not left blank.
    const colour = await expectPosterImage(page, article.locator('video'));
    expect(colour.blue - colour.red).toBeGreaterThan(60);

    const feed = (await (await page.request.get(`/api/posts/public/feed/?circle=${circle.id}`)).json()) as {
      results: { id: number; title: string }[];
    };
    const posted = feed.results.find((p) => p.title === 'A short clip with a poster')!;
    await page.goto(`/home/comments/${posted.id}`);
    await expectPosterImage(page, page.getByLabel('A short clip with a poster: video 1'));
  });

  test('a video in a comment gets its poster too', async ({ page }) => {
    const member = await signedInAs(page, 'member');
    const circle = await createCircle(member);
    const post = await createPost(member, { circle: circle.name, title: 'Clips in the comments' });
    await page.goto(`/home/comments/${post.id}`);
    await page.getByRole('textbox', { name: 'Add a comment' }).fill('Watch this');
    await page.getByLabel('Choose an image or video').first().setInputFiles(CLIP);
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await expectPosterImage(page, page.getByLabel(/^Video in .+'s comment$/));
  });

  test('with data saver on, neither the video nor its poster loads before a tap', async ({ page }) => {
    const member = await signedInAs(page, 'member');
    const circle = await createCircle(member);
    const poster = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#1565c0' } })
      .jpeg()
      .toBuffer();
    const { id } = await createPost(member, {
      circle: circle.name,
      title: 'A clip saved for later',
      files: [
        { field: 'videos', name: 'clip.mp4', type: 'video/mp4', data: readFileSync(CLIP) },
        { field: 'video_posters', name: 'poster.jpg', type: 'image/jpeg', data: poster },
      ],
    });

    await page.goto(`/home/comments/${id}`);
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('button', { name: /Data saver/ }).click();
    const mediaRequests = recordMediaRequests(page);
    await page.reload();
    const tap = page.getByRole('button', { name: 'Tap to load video: A clip saved for later: video 1' });
    await expect(tap).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(mediaRequests).toEqual([]);
    await tap.click();
    await expectPosterImage(page, page.getByLabel('A clip saved for later: video 1'));
  });
});
