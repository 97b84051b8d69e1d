import { expect, test } from '@playwright/test';
import { createCircle, signInMember } from './app-fixtures.ts';

test('a member makes a poll, votes in its card and sees the results; a closed poll shows its final results', async ({ page }) => {
  const member = await signInMember(page);
  const circle = await createCircle(member);
  await page.goto(`/home/create?channelName=${encodeURIComponent(circle.name)}`);
  await page.getByLabel('Title').fill('Tea or coffee at the meetup?');
  await page.getByRole('tab', { name: 'Poll' }).click();
  await page.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Tea');
  await page.getByRole('textbox', { name: 'Option 2', exact: true }).fill('Coffee');
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByRole('textbox', { name: 'Option 3', exact: true }).fill('Both');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page).toHaveURL(/\/home\/channel-page/);

  const card = page.getByRole('article').filter({ hasText: 'Tea or coffee at the meetup?' });
  await card.getByRole('radio', { name: 'Coffee' }).check();
  await card.getByRole('button', { name: 'Vote' }).click();
  await expect(card.getByRole('listitem').filter({ hasText: 'Coffee (your vote)' })).toContainText('1 · 100%');
  await expect(card.getByRole('listitem').filter({ hasText: 'Tea' })).toContainText('0 · 0%');
  await expect(card.getByText('Votes: 1')).toBeVisible();

  // A poll that closes in a few seconds (the test server allows it): after its time, everyone sees the final results.
  const made = await page.request.post('/api/posts/', {
    headers: member.auth,
    data: {
      circle: circle.id,
      title: 'Quick show of hands',
      poll: { options: ['Yes', 'No'], multiple: false, closes_at: new Date(Date.now() + 3_000).toISOString() },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.waitForTimeout(3_500);
  await page.reload();
  const closed = page.getByRole('article').filter({ hasText: 'Quick show of hands' });
  await expect(closed.getByText(/Closed: final results/)).toBeVisible();
  await expect(closed.getByRole('listitem').filter({ hasText: 'Yes' })).toContainText('0 · 0%');
  await expect(closed.getByRole('button', { name: 'Vote' })).toHaveCount(0);
});
