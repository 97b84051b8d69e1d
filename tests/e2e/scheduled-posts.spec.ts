import { expect, test } from '@playwright/test';
import { createCircle, signInMember } from './app-fixtures.ts';
import { moveServerClock } from './helpers.ts';
import { localInputValue } from '../../src/lib/validation-rules.ts';

test('a scheduled post waits on the profile, unseen in its channel, and appears there at its time', async ({ page }) => {
  const member = await signInMember(page);
  const circle = await createCircle(member);
  await page.goto(`/home/create?channelName=${encodeURIComponent(circle.name)}`);
  await page.getByLabel('Title').fill('Ward meeting moved to Sunday');
  await page.getByRole('checkbox', { name: 'Schedule' }).check();
  // Five minutes ahead, in the browser's (the member's) time zone.
  await page.getByLabel('Publish at').fill(localInputValue(new Date(Date.now() + 5 * 60_000)));
  await page.getByRole('button', { name: 'Schedule post' }).click();

  await expect(page).toHaveURL(/\/profile\?tab=scheduled$/);
  const listed = page.getByRole('listitem').filter({ hasText: 'Ward meeting moved to Sunday' });
  await expect(listed).toContainText(`b/${circle.name}`);
  await expect(listed).toContainText('Publishes');

  const channel = `/home/channel-page/${circle.id}`;
  await page.goto(channel);
  await expect(page.getByRole('heading', { level: 1, name: `b/${circle.name}` })).toBeVisible();
  await expect(page.getByText('Ward meeting moved to Sunday')).toHaveCount(0);

  // Its time comes on the server: the job publishes it.
  await moveServerClock(6 * 60_000);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Ward meeting moved to Sunday')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.goto('/profile?tab=scheduled');
  await expect(page.getByText('No scheduled posts. Choose Schedule in Create post to publish one later.')).toBeVisible();
});
