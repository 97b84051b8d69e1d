import { expect, test } from '@playwright/test';
import { createCircle, uniqueName } from './app-fixtures.ts';
import { signedInAs } from './roles.ts';

test.describe('channel tags', () => {
  test('the owner defines tags, a post chooses one, the card shows it and the channel page filters by it', async ({ page }) => {
    const member = await signedInAs(page, 'member');
    const circle = await createCircle(member);

    await page.goto(`/home/channel-page/${circle.id}`);
    await page.getByText('Manage channel').click();
    await page.getByText('Tags', { exact: true }).click();
    await expect(page.getByText('No tags yet.', { exact: false })).toBeVisible();
    await page.getByLabel('Tag name').fill('Question');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByRole('button', { name: 'Remove tag Question' })).toBeVisible();
    // A pale colour is refused with the server's reason; a dark one is taken.
    await page.getByLabel('Tag name').fill('News');
    await page.getByLabel('Colour').fill('#fde68a');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByText('Choose a darker colour: white text must be readable on it (a contrast of at least 4.5:1).')).toBeVisible();
    await page.getByLabel('Colour').fill('#15803d');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByRole('button', { name: 'Remove tag News' })).toBeVisible();

    const title = uniqueName('Which train to Hampi');
    await page.goto(`/home/create?channelName=${encodeURIComponent(circle.name)}`);
    const chooser = page.getByRole('group', { name: 'Tags (choose up to 3)' });
    await chooser.getByRole('checkbox', { name: 'Question' }).check();
    await page.getByLabel('Title *').fill(title);
    await page.getByRole('button', { name: 'Post', exact: true }).click();

    const card = page.getByRole('article', { name: title });
    await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Question']);

    await page.getByLabel('Tag:').selectOption({ label: 'News' });
    await expect(page).toHaveURL(/[?&]tag=\d+/);
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
    await expect(page.getByText('No posts to display.')).toBeVisible();
    await page.getByLabel('Tag:').selectOption({ label: 'Question' });
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Tag:')).toHaveValue(/\d+/);
    await expect(page.getByRole('article', { name: title })).toBeVisible();
  });
});
