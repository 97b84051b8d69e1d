import { expect, test } from '@playwright/test';
import { signInMember } from './app-fixtures.ts';

test('logout blacklists the token, clears both cookies and reloads to /', async ({ page, context, baseURL }) => {
  const member = await signInMember(page);
  await page.goto('/home/posts');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.waitForLoadState('load');
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain('access_token');
  expect(names).not.toContain('refresh_token');
  const verify = await page.request.post('/api/token/verify/', { data: { token: member.access } });
  expect(verify.status()).toBe(401);

  await page.goto('/home/posts');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});
