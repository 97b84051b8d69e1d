import { expect, test } from '@playwright/test';
import { adminCommand, signInByApi } from './helpers.ts';

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
