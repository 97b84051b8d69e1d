import { expect, test } from '@playwright/test';
import { adminCommand, signInByApi } from './helpers.ts';
import { createCircle, createPost, uniqueName } from './app-fixtures.ts';
import { signedInAs } from './roles.ts';

test.describe('staff area', () => {
  test('is a missing page for visitors and members, and opens for a moderator', async ({ page }) => {
    const visitor = await page.goto('/staff');
    expect(visitor?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    const { access } = await signInByApi(page);
    const member = await page.goto('/staff');
    expect(member?.status()).toBe(404);
    // Nothing in the app links to it for a member.
    await page.goto('/home/posts');
    await expect(page.locator('a[href^="/staff"]')).toHaveCount(0);

    const me = await page.request.get('/api/users/me/profile/', { headers: { Authorization: `Bearer ${access}` } });
    const handle = ((await me.json()) as { profile: { username: string } }).profile.username;
    expect(await adminCommand('grant', 'moderator', handle)).toBe(`${handle} is now a moderator.`);
    const staff = await page.goto('/staff');
    expect(staff?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Staff area' })).toBeVisible();
    await expect(page.getByText('moderator', { exact: true })).toBeVisible();
  });
});

test('a moderator features a member’s public post, and the landing page shows it with the author’s handle', async ({ page }) => {
  const moderator = await signedInAs(page, 'moderator');
  const circle = await createCircle(moderator, uniqueName('Readers'));
  const posted = await createPost(moderator, { circle: circle.name, title: uniqueName('Library opens on Sundays') });
  await page.goto('/staff#featured');
  await page.getByRole('tab', { name: 'Landing page' }).click();
  await page.getByLabel('Post number or address').fill(`/home/comments/${posted.id}`);
  await page.getByRole('button', { name: 'Feature' }).click();
  await expect(page.getByRole('link', { name: posted.title })).toBeVisible();

  // The landing page as a visitor sees it (a signed-in member is taken on to the feed).
  await page.context().clearCookies();
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Said here, by verified members' });
  await expect(section.getByRole('link', { name: posted.title })).toBeVisible();
  await expect(section.getByText(`in ${circle.name}`)).toBeVisible();

  await signedInAs(page, 'moderator');
  await page.goto('/staff#featured');
  await page.getByRole('tab', { name: 'Landing page' }).click();
  await page.getByRole('listitem').filter({ hasText: posted.title }).getByRole('button', { name: 'Take off the landing page' }).click();
  await expect(page.getByRole('link', { name: posted.title })).toHaveCount(0);
});
