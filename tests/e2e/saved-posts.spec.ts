import { expect, test } from '@playwright/test';
import { createCircle, createPost, signInMember, uniqueName } from './app-fixtures.ts';

test.describe('saved posts', () => {
  test('saved from the post page, listed on the profile, removed from the card there', async ({ page }) => {
    // A fresh account: the journey reads its own saved list.
    const member = await signInMember(page);
    const circle = await createCircle(member);
    const title = uniqueName('Monsoon recipes');
    const post = await createPost(member, { circle: circle.name, title, description: '<p>Pakoras first</p>' });

    await page.goto(`/home/comments/${post.id}`);
    const article = page.getByRole('article', { name: title });
    await article.getByRole('button', { name: `Save ${title}` }).click();
    const saved = article.getByRole('button', { name: `Saved: remove ${title} from saved posts` });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('article', { name: title }).getByRole('button', { name: /^Saved:/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Saved' }).click();
    const card = page.getByRole('tabpanel').getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: /^Saved:/ }).click();
    await expect(card.getByRole('button', { name: `Save ${title}` })).toHaveAttribute('aria-pressed', 'false');

    await page.reload();
    await page.getByRole('tab', { name: 'Saved' }).click();
    await expect(page.getByText('No saved posts yet')).toBeVisible();
  });
});
