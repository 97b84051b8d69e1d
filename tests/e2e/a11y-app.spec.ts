import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createCircle, createPost, signInMember } from './app-fixtures.ts';
import { signedInAs } from './roles.ts';

/** axe on what is on screen now: no serious or critical violations. */
async function expectNoSeriousViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('app screens for a visitor pass axe', async ({ page }) => {
  await page.goto('/home/posts');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Popular Channels' }).getByRole('button').first()).toBeVisible();
  await expectNoSeriousViolations(page, '/home/posts (visitor)');

  await page.getByRole('searchbox', { name: 'Search', exact: true }).click();
  await page.getByPlaceholder('Search anything...').fill('cricket');
  await expect(page.getByRole('dialog', { name: 'Search' }).getByRole('link').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'search modal');
  await page.keyboard.press('Escape');

  await page.goto('/profile');
  await expect(page.getByRole('main').getByRole('button', { name: 'Login' })).toBeVisible();
  await expectNoSeriousViolations(page, '/profile (visitor)');
});

test('app screens for a member pass axe', async ({ page }) => {
  const member = await signInMember(page);
  const circle = await createCircle(member);
  await createPost(member, { circle: circle.name, title: 'Accessible post', images: 3 });
  await createPost(member, {
    circle: circle.name,
    title: 'Accessible text',
    description: '<p>Some <a href="https://example.com">link</a></p>',
  });

  await page.goto('/home/posts');
  await expect(page.getByRole('article', { name: 'Accessible text' })).toBeVisible();
  await expectNoSeriousViolations(page, '/home/posts (member)');

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expectNoSeriousViolations(page, 'profile dropdown');
  await page.keyboard.press('Escape');

  await page.goto('/profile');
  await expect(page.getByRole('article', { name: 'Accessible post' })).toBeVisible();
  await expectNoSeriousViolations(page, '/profile (posts)');
  await page.getByRole('tab', { name: 'Circles' }).click();
  await expectNoSeriousViolations(page, '/profile (circles)');
});

// The screens of the rest of the app, each on a direct visit by a member with a circle and a post.
const OTHER_SCREENS: [string, (ids: { post: number; circle: number; name: string }) => string][] = [
  ['post detail', ({ post }) => `/home/comments/${post}`],
  ['channel page by name', ({ name }) => `/home/channel-page?key=${encodeURIComponent(name)}`],
  ['channel page by id', ({ circle }) => `/home/channel-page/${circle}`],
  ['create post', () => '/home/create'],
  ['create channel', () => '/home/create-channel'],
];

for (const [label, pathOf] of OTHER_SCREENS) {
  test(`${label} passes axe`, async ({ page }) => {
    const member = await signedInAs(page, 'member');
    const circle = await createCircle(member);
    const post = await createPost(member, { circle: circle.name, title: 'Accessible detail', images: 1 });
    const path = pathOf({ post: post.id, circle: circle.id, name: circle.name });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, path);
  });
}
