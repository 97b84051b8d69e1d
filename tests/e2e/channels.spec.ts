import { expect, test, type Browser, type Page } from '@playwright/test';
import { createCircle, createPost, signInMember, uniqueName, type Member } from './app-fixtures.ts';
import { signedInAs } from './roles.ts';

/** A second person in a browser of their own. */
async function secondMember(browser: Browser): Promise<Member> {
  const context = await browser.newContext();
  return signInMember(await context.newPage());
}

const joinButton = (page: Page, name: string) => page.getByRole('main').getByRole('button', { name, exact: true });

test.describe('create channel wizard', () => {
  test('Next waits for a name and a description; the channel is created; a taken name is refused beside its field', async ({ page }) => {
    await signedInAs(page, 'member');
    const name = uniqueName('Wizard');
    await page.goto('/home/create-channel');
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await page.getByLabel('Name').fill(name);
    await expect(next).toBeDisabled();
    await page.getByLabel('Description').fill('   ');
    await expect(next).toBeDisabled();
    await page.getByLabel('Description').fill('Made by the wizard test');
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByText(`b/${name}`)).toBeVisible();
    await expect(preview.getByText('Made by the wizard test')).toBeVisible();
    await next.click();

    await expect(page.getByText('Step 2 of 2')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Public/ })).toBeChecked();
    await page.getByRole('button', { name: 'Create Channel' }).click();
    await expect(page).toHaveURL(`/home/channel-page?key=${encodeURIComponent(name)}`);
    await expect(page.getByRole('heading', { level: 1, name: `b/${name}` })).toBeVisible();
    await expect(joinButton(page, 'Joined')).toBeDisabled();
    await expect(page.getByTestId('members-count')).toHaveText('1 member');

    await page.goto('/home/create-channel');
    await page.getByLabel('Name').fill(name.toUpperCase());
    await page.getByLabel('Description').fill('Same name again');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Create Channel' }).click();
    await expect(page.getByRole('alert')).toHaveText('A channel with this name already exists.');
    await expect(page.getByLabel('Name')).toBeFocused();
    await expect(page).toHaveURL(/\/home\/create-channel/);
  });

  test('Back on step 1 leaves the page, on step 2 returns to step 1', async ({ page }) => {
    await signedInAs(page, 'member');
    await page.goto('/home/posts');
    await page.goto('/home/create-channel');
    await page.getByLabel('Name').fill('Back test');
    await page.getByLabel('Description').fill('x');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Name')).toHaveValue('Back test');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/home\/posts\/?$/);
  });
});

test.describe('channel page', () => {
  test('joining shows the success toast and counts the new member; joining again from another page gets the 400 toast', async ({
    page,
    context,
    browser,
  }) => {
    const owner = await secondMember(browser);
    const circle = await createCircle(owner);
    await createPost(owner, { circle: circle.name, title: 'Welcome to the channel', images: 2 });
    await signedInAs(page, 'member');

    await page.goto(`/home/channel-page/${circle.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `b/${circle.name}` })).toBeVisible();
    await expect(page.getByTestId('members-count')).toHaveText('1 member');
    const card = page.getByRole('article', { name: 'Welcome to the channel' });
    await expect(card.getByRole('img')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Create Post' }).first()).toHaveAttribute(
      'href',
      `/home/create?channelName=${encodeURIComponent(circle.name)}`,
    );

    const second = await context.newPage();
    await second.goto(`/home/channel-page?key=${encodeURIComponent(circle.name)}`);
    await expect(joinButton(second, 'Join')).toBeEnabled();

    await joinButton(page, 'Join').click();
    // The toast (an alert, top-right) says exactly the spec's words: its close button adds no text.
    const toast = page.getByRole('alert').filter({ hasText: 'Joined channel' });
    await expect(toast).toHaveText(`Joined channel ${circle.name} successfully!`);
    await expect(toast).toHaveClass(/toastify-top/);
    await expect(toast).toHaveClass(/toastify-right/);
    await expect(joinButton(page, 'Joined')).toBeDisabled();
    await expect(page.getByTestId('members-count')).toHaveText('2 members');

    await joinButton(second, 'Join').click();
    await expect(second.getByRole('alert').filter({ hasText: 'already joined' })).toHaveText(`You've already joined ${circle.name}`);
    await expect(joinButton(second, 'Joined')).toBeDisabled();
  });

  test('private channel: a visitor asks to join, the owner approves, the new member sees the posts', async ({ page, browser }) => {
    const owner = await secondMember(browser);
    const circle = await createCircle(owner, uniqueName('Private'), 'private');
    await createPost(owner, { circle: String(circle.id), title: 'Members only news' });
    const asker = await signedInAs(page, 'member');
    const askerName = (
      (await (await page.request.get('/api/users/me/profile/', { headers: asker.auth })).json()) as { profile: { username: string } }
    ).profile.username;

    await page.goto(`/home/channel-page/${circle.id}`);
    await expect(page.getByText('This channel is private')).toBeVisible();
    await expect(page.getByText('Members only news')).toHaveCount(0);
    await joinButton(page, 'Request to join').click();
    await expect(joinButton(page, 'Request pending')).toBeDisabled();

    await owner.page.goto(`/home/channel-page/${circle.id}`);
    // The owner's tools sit behind one button, which counts the requests waiting.
    await owner.page.getByText('Manage channel').click();
    await expect(owner.page.getByText('1 request waiting')).toBeVisible();
    const request = owner.page.getByTestId('join-request').filter({ hasText: askerName });
    await expect(request).toBeVisible();
    await request.getByRole('button', { name: 'Approve' }).click();
    await expect(request).toHaveCount(0);
    await expect(owner.page.getByTestId('members-count')).toHaveText('2 members');

    await page.reload();
    await expect(page.getByRole('article', { name: 'Members only news' })).toBeVisible();
    await expect(joinButton(page, 'Joined')).toBeDisabled();
    await owner.page.context().close();
  });

  test('on a 360 px phone the header keeps the name readable and the page does not scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/home/channel-page?key=Campus%20Connect');
    const name = page.getByRole('heading', { level: 1, name: 'b/Campus Connect' });
    await expect(name).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Join', exact: true })).toBeVisible();
    // At most two lines (the buttons wrap below the name), not a letter a line.
    expect((await name.boundingBox())!.height).toBeLessThan(80);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('an unknown channel says so, by name and by id', async ({ page }) => {
    await page.goto('/home/channel-page?key=No%20such%20channel%20here');
    await expect(page.getByRole('heading', { name: 'Channel not found' })).toBeVisible();
    await page.goto('/home/channel-page/987654321');
    await expect(page.getByRole('heading', { name: 'Channel not found' })).toBeVisible();
  });
});
