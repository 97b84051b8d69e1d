import { expect, test } from '@playwright/test';
import { createCircle, signInMember } from './app-fixtures.ts';

const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 4412);

test('a member posts a link from the Link tab; the card shows the page’s preview and opens it in a new tab', async ({ page }) => {
  const member = await signInMember(page);
  const circle = await createCircle(member);
  // A page the test server serves, the one address LINK_PREVIEW_ALLOW_HOSTS lets the preview fetch.
  const article = `http://localhost:${MAIL_PORT}/__page/article`;
  await page.goto(`/home/create?channelName=${encodeURIComponent(circle.name)}`);
  await page.getByLabel('Title').fill('Ferry news for the coast');
  await page.getByRole('tab', { name: 'Link' }).click();
  await expect(page.getByText('A preview of the page (its title, summary and picture) appears on your post')).toBeVisible();
  await page.getByLabel('Web address *').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Enter a web address starting with http:// or https://.')).toBeVisible();
  await page.getByLabel('Web address *').fill(article);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page).toHaveURL(/\/home\/channel-page/);

  // The preview is fetched in the background: the card shows it once it is ready.
  const card = page.getByRole('article').filter({ hasText: 'Ferry news for the coast' });
  await expect(async () => {
    await page.reload();
    await expect(card.getByTestId('link-preview')).toContainText('New ferry to Mangaluru port from Monday', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const preview = card.getByTestId('link-preview');
  await expect(preview).toContainText('Two sailings a day, tickets at the jetty.');
  await expect(preview).toContainText('localhost');
  await expect(preview).toHaveAttribute('href', article);
  await expect(preview).toHaveAttribute('target', '_blank');
  await expect(preview).toHaveAttribute('rel', /noopener/);
  // The picture is our own copy, served from the media store, not the page's.
  const picture = preview.locator('img');
  await expect(picture).toHaveAttribute('src', /^\/media\//);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
