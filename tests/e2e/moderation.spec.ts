import { expect, test, type Browser } from '@playwright/test';
import { createCircle, createPost, signInMember, uniqueName, type Member } from './app-fixtures.ts';
import { signedInAs } from './roles.ts';

async function memberIn(browser: Browser): Promise<Member> {
  const context = await browser.newContext();
  return signInMember(await context.newPage());
}

async function handleOf(member: Member): Promise<string> {
  const me = await member.page.request.get('/api/users/me/profile/', { headers: member.auth });
  return ((await me.json()) as { profile: { username: string } }).profile.username;
}

test('a member reports a post, a moderator removes it, and the moderation log shows it with the reason', async ({ browser }) => {
  const author = await memberIn(browser);
  const circle = await createCircle(author, uniqueName('Pune Deals'));
  // Rude, not a scam: the scam shield lets it through, so members see it and report it.
  const title = uniqueName('Everyone in this channel is an idiot');
  const post = await createPost(author, { circle: circle.name, title, description: '<p>Total losers, all of you.</p>' });
  expect(post.moderation_status).toBe('visible');

  // The member reports it from the post page.
  const reporter = await memberIn(browser);
  await reporter.page.goto(`/home/comments/${post.id}`);
  await reporter.page.getByRole('article').getByRole('button', { name: 'Report this post' }).click();
  const dialog = reporter.page.getByRole('dialog', { name: 'Report this post' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose a reason')).toBeVisible();
  await dialog.getByLabel('Harassment').check();
  await dialog.getByLabel(/Anything the moderators should know/).fill('Insults every member');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(reporter.page.getByRole('alert').filter({ hasText: 'Thanks. Your report was sent to the moderators.' })).toBeVisible();
  await expect(dialog).toBeHidden();

  // A moderator finds it in the staff area's queue and removes it with a reason.
  const moderator = await signedInAs(await (await browser.newContext()).newPage(), 'moderator');
  await moderator.page.goto('/staff#reports');
  const item = moderator.page.getByTestId('review-case').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByText('Harassment × 1')).toBeVisible();
  await expect(item.getByText('“Insults every member”')).toBeVisible();
  await item.getByLabel(/^Reason/).fill('Personal attacks');
  await item.getByRole('button', { name: 'Remove' }).click();
  await expect(moderator.page.getByRole('alert').filter({ hasText: 'Removed.' })).toBeVisible();
  await expect(item).toBeHidden();

  // Anyone sees the decision in the moderation log, with the reason and the acting role, never the reporter.
  await reporter.page.goto('/modlog');
  const entry = reporter.page.getByTestId('modlog-entry').filter({ hasText: title });
  await expect(entry).toContainText('Removed');
  await expect(entry).toContainText('Reason: Personal attacks');
  await expect(entry).toContainText('Moderator');
  await expect(entry).not.toContainText(await handleOf(reporter));

  // The post keeps its place, shown as removed with the reason.
  await reporter.page.goto(`/home/comments/${post.id}`);
  await expect(reporter.page.getByText('Removed by moderators: Personal attacks')).toBeVisible();
  await expect(reporter.page.getByText('Total losers, all of you.')).toBeHidden();
});

test('a channel owner reviews their channel’s reports from the channel page', async ({ browser }) => {
  const owner = await signedInAs(await (await browser.newContext()).newPage(), 'member');
  const circle = await createCircle(owner, uniqueName('Owner Queue'));
  const other = await memberIn(browser);
  const title = uniqueName('Cheap followers, DM me');
  const post = await createPost(other, { circle: circle.name, title });
  const reporter = await memberIn(browser);
  const res = await reporter.page.request.post('/api/reports/', { headers: reporter.auth, data: { post: post.id, reason: 'spam' } });
  expect(res.status()).toBe(201);

  await owner.page.goto(`/home/channel-page?key=${encodeURIComponent(circle.name)}`);
  await owner.page.getByText('Manage channel').click();
  await owner.page.getByText('Reports to review').click();
  const item = owner.page.getByTestId('review-case').filter({ hasText: title });
  await expect(item.getByText('Spam × 1')).toBeVisible();
  await item.getByRole('button', { name: 'Dismiss' }).click();
  await expect(owner.page.getByRole('alert').filter({ hasText: 'Reports dismissed.' })).toBeVisible();
  await owner.page.getByRole('link', { name: 'Moderation log' }).click();
  await expect(owner.page.getByRole('heading', { name: `Moderation log of b/${circle.name}` })).toBeVisible();
  await expect(owner.page.getByTestId('modlog-entry').filter({ hasText: title })).toContainText(`Owner of b/${circle.name}`);
});
