import { expect, test } from '@playwright/test';
import { createCircle, createPost, signInMember } from './app-fixtures.ts';

test('profile of a new member: identity, badge, counts, tabs and empty states, then with a circle and a post', async ({ page }) => {
  const member = await signInMember(page);
  await page.goto('/profile');
  const name = page.getByRole('heading', { level: 1 });
  await expect(name).not.toBeEmpty();
  const handle = (await name.textContent())!;
  // A personal sign-in address proves nothing beyond itself: the badge reads Unverified until a verification is added.
  await expect(page.getByText('Unverified', { exact: true })).toBeVisible();
  await expect(page.getByText('Colour')).toBeVisible();
  await expect(page.getByText('Animal')).toBeVisible();
  const counts = page.getByRole('list', { name: 'Counts' });
  for (const label of ['Circles', 'Posts', 'Following']) await expect(counts.getByText(label)).toBeVisible();
  await expect(counts).toHaveText(/0Circles0Posts0Following/);

  await expect(page.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No posts yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Circles' }).click();
  await expect(page.getByText('Not in any channels yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Circles' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Activity' })).toBeFocused();
  await expect(page.getByText('Activity coming soon')).toBeVisible();

  // The header's dropdown leads here.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/profile');
  await expect(page.getByRole('link', { name: new RegExp(handle) })).toHaveAttribute('href', '/profile');
  await page.keyboard.press('Escape');

  const circle = await createCircle(member);
  const post = await createPost(member, { circle: circle.name, title: 'My first profile post' });
  await page.reload();
  await expect(counts).toHaveText(/1Circles1Posts0Following/);
  await expect(page.getByRole('article', { name: post.title })).toBeVisible();
  await page.getByRole('tab', { name: 'Circles' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`b/${circle.name}`) })).toHaveAttribute(
    'href',
    `/home/channel-page?key=${encodeURIComponent(circle.name)}`,
  );
  await expect(page.getByRole('link', { name: new RegExp(`b/${circle.name}`) })).toContainText('owner');
});

test('profile signed out asks to log in; a server failure says so', async ({ page, context, baseURL }) => {
  await page.goto('/profile');
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();

  await context.addCookies([{ name: 'access_token', value: 'any', url: baseURL! }]);
  await page.route('**/api/users/me/profile/**', (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto('/profile');
  await expect(page.getByRole('alert')).toHaveText('Failed to load profile data');
});
