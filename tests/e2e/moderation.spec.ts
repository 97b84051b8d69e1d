import { expect, test, type Browser } from '@playwright/test';
import { createCircle, createPost, joinByName, signInMember, uniqueName, type Member } from './app-fixtures.ts';
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

test('a channel owner appoints a moderator, who removes a reported post with one of the channel’s removal reasons', async ({ browser }) => {
  const owner = await memberIn(browser);
  const circle = await createCircle(owner, uniqueName('Udupi Team'));
  const helper = await memberIn(browser);
  await joinByName(helper, circle.name);
  const helperHandle = await handleOf(helper);

  // The owner appoints the member and writes a removal reason, from the channel page.
  await owner.page.goto(`/home/channel-page?key=${encodeURIComponent(circle.name)}`);
  await owner.page.getByText('Manage channel').click();
  const team = owner.page.getByTestId('channel-moderators');
  await team.getByText('Moderators', { exact: true }).click();
  await expect(team.getByText('No moderators yet.')).toBeVisible();
  await team.getByLabel("Member's handle").fill('NoSuchHandle123');
  await team.getByRole('button', { name: 'Appoint moderator' }).click();
  await expect(team.getByRole('alert')).toHaveText('There is no member with this handle.');
  await team.getByLabel("Member's handle").fill(helperHandle);
  await team.getByRole('button', { name: 'Appoint moderator' }).click();
  await expect(team.getByRole('list', { name: 'Moderators' })).toContainText(helperHandle);
  const reasons = owner.page.getByTestId('removal-reasons');
  await reasons.getByText('Removal reasons', { exact: true }).click();
  await reasons.getByLabel('Reason', { exact: true }).fill('Selling followers or likes');
  await reasons.getByRole('button', { name: 'Add reason' }).click();
  await expect(reasons.getByRole('list', { name: 'Removal reasons' })).toContainText('Selling followers or likes');

  // A member posts, another reports it.
  const author = await memberIn(browser);
  await joinByName(author, circle.name);
  const title = uniqueName('10k followers for 99 rupees');
  const post = await createPost(author, { circle: circle.name, title });
  const reporter = await memberIn(browser);
  expect(
    (await reporter.page.request.post('/api/reports/', { headers: reporter.auth, data: { post: post.id, reason: 'spam' } })).status(),
  ).toBe(201);

  // The moderator is told, opens the channel's queue and removes the post with the owner's reason.
  await helper.page.goto('/home/notifications');
  await expect(helper.page.getByText(`You are now a moderator of ${circle.name}`)).toBeVisible();
  await helper.page.goto(`/home/channel-page?key=${encodeURIComponent(circle.name)}`);
  await expect(helper.page.getByText('Manage channel')).toHaveCount(0);
  await helper.page.getByText('Moderate channel').click();
  await helper.page.getByText('Reports to review').click();
  const item = helper.page.getByTestId('review-case').filter({ hasText: title });
  await item.getByLabel('Removal reason').selectOption({ label: 'Selling followers or likes' });
  await item.getByRole('button', { name: 'Remove' }).click();
  await expect(helper.page.getByRole('alert').filter({ hasText: 'Removed.' })).toBeVisible();

  // The author reads the reason; the log names the acting role.
  await author.page.goto('/home/notifications');
  await expect(author.page.getByText('Your post was removed by moderators: Selling followers or likes')).toBeVisible();
  await author.page.goto(`/modlog?circle=${encodeURIComponent(circle.name)}`);
  await expect(author.page.getByTestId('modlog-entry').filter({ hasText: title })).toContainText(`Moderator of b/${circle.name}`);
});
