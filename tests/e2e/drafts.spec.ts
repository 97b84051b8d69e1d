import { expect, test } from '@playwright/test';
import { createCircle, signInMember } from './app-fixtures.ts';

test('what a member writes is saved as a draft: it survives a reload, waits on the profile, and goes once posted', async ({ page }) => {
  const member = await signInMember(page);
  const circle = await createCircle(member);
  await page.goto(`/home/create?channelName=${encodeURIComponent(circle.name)}`);
  const title = page.getByLabel('Title');
  await title.fill('Train timings after the monsoon change');
  const body = page.getByRole('textbox', { name: 'Body' });
  await body.click();
  await page.keyboard.type('The 7:10 local now leaves at 7:25 from platform 2.');
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
  await expect(page).toHaveURL(/\/home\/create\?draft=\d+$/);

  // A reload (or another device) finds everything where it was.
  await page.reload();
  await expect(title).toHaveValue('Train timings after the monsoon change');
  await expect(body).toContainText('The 7:10 local now leaves at 7:25 from platform 2.');
  await expect(page.getByRole('combobox', { name: 'Choose a channel' })).toHaveValue(circle.name);

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Drafts' }).click();
  const listed = page.getByRole('listitem').filter({ hasText: 'Train timings after the monsoon change' });
  await expect(listed).toContainText(`b/${circle.name}`);
  await listed.getByRole('link', { name: 'Continue' }).click();
  await expect(title).toHaveValue('Train timings after the monsoon change');

  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page).toHaveURL(/\/home\/channel-page/);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Drafts' }).click();
  await expect(page.getByText('No drafts. What you write in Create post is kept here until you post it.')).toBeVisible();
});
