import { expect, test } from '@playwright/test';
import { createCircle, createPost, startMediaPost, tinyPng, uniqueName } from './app-fixtures.ts';
import { signedInAs } from './roles.ts';

test.describe('image descriptions', () => {
  test('a reminder before posting an undescribed image; the description becomes the image’s name for screen readers', async ({ page }) => {
    const title = uniqueName('Harbour at dawn');
    await startMediaPost(page, [{ name: 'harbour.png', mimeType: 'image/png', buffer: await tinyPng(3) }], title);

    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const reminder = page.getByRole('alert').filter({ hasText: 'Add a description so everyone can see this image' });
    await expect(reminder).toBeVisible();
    await expect(reminder.getByRole('button', { name: 'Post anyway' })).toBeVisible();
    // Nothing was sent: still on the create screen.
    await expect(page).toHaveURL(/\/home\/create/);

    await page.getByRole('textbox', { name: 'Description of harbour.png' }).fill('Fishing boats moored at Malpe harbour at sunrise');
    await expect(reminder).toBeHidden();
    await page.getByRole('button', { name: 'Post', exact: true }).click();

    const card = page.getByRole('article', { name: title });
    await expect(card.getByRole('img', { name: 'Fishing boats moored at Malpe harbour at sunrise' })).toBeVisible();
  });

  test('"Post anyway" sends the image without a description', async ({ page }) => {
    const title = uniqueName('Market rush');
    await startMediaPost(page, [{ name: 'market.png', mimeType: 'image/png', buffer: await tinyPng(4) }], title);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByRole('button', { name: 'Post anyway' }).click();
    const card = page.getByRole('article', { name: title });
    await expect(card.getByRole('img', { name: `${title}: image 1` })).toBeVisible();
  });

  test('a comment’s image takes a description, read as its name', async ({ page }) => {
    const member = await signedInAs(page, 'member');
    const circle = await createCircle(member);
    const post = await createPost(member, { circle: circle.name, title: uniqueName('Show your street') });
    await page.goto(`/home/comments/${post.id}`);
    await page
      .getByLabel('Choose an image or video')
      .setInputFiles({ name: 'street.png', mimeType: 'image/png', buffer: await tinyPng(6) });
    await page.getByRole('textbox', { name: 'Description of street.png' }).fill('A narrow lane of blue houses in Jodhpur');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(page.getByTestId('comment').first().getByRole('img', { name: 'A narrow lane of blue houses in Jodhpur' })).toBeVisible();
  });
});
