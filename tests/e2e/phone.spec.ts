import { expect, test } from '@playwright/test';
import { createCircle, createPost, signInMember, uniqueName } from './app-fixtures.ts';

/** Every journey a member takes on a 390 × 844 phone, through the one header menu. */
test.use({ viewport: { width: 390, height: 844 } });

test('on a phone: profile from the menu, the unread count after a reply, explore and join, then log out', async ({
  page,
  browser,
  context,
  baseURL,
}) => {
  const member = await signInMember(page);
  const circle = await createCircle(member);
  const post = await createPost(member, { circle: circle.name, title: 'Ferry timings on a phone' });

  // Profile is a link in the menu (it used to do nothing).
  await page.goto('/home/posts');
  await page.getByRole('button', { name: 'Open header menu' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // Someone replies: the bell in the header and the menu item both show it, live.
  const other = await signInMember(await (await browser.newContext()).newPage());
  await page.goto('/home/posts');
  const reply = await other.page.request.post('/api/posts/comments/', {
    headers: other.auth,
    data: { post: post.id, body: 'The 7:40 runs on Sundays too' },
  });
  expect(reply.status()).toBe(201);
  await expect(page.getByTestId('unread-count')).toHaveText('1');
  await page.getByRole('button', { name: /^Open header menu \(1 unread notification\)$/ }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Notifications/ })).toContainText('1');
  await page.keyboard.press('Escape');

  // Who wrote this: the replier's handle links to their card, which lists their public posts.
  await page.goto(`/home/comments/${post.id}`);
  const comment = page.getByTestId('comment').filter({ hasText: 'The 7:40 runs on Sundays too' });
  const otherHandle = (await comment.getByRole('link').first().textContent())!;
  await comment.getByRole('link', { name: otherHandle }).click();
  await expect(page).toHaveURL(new RegExp(`/home/u/${otherHandle}$`));
  await expect(page.getByRole('heading', { level: 1, name: otherHandle })).toBeVisible();
  await expect(page.getByText('No posts in public channels yet.')).toBeVisible();

  // Explore: find a channel by a word of its description and join it from the list.
  const name = uniqueName('Konkan Rail');
  const made = await other.page.request.post('/api/circles/', {
    headers: other.auth,
    data: { name, description: 'Monsoon timetable talk', channel_type: 'public' },
  });
  expect(made.status()).toBe(201);
  await page.getByRole('button', { name: /^Open header menu/ }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Explore', exact: true }).click();
  await expect(page).toHaveURL(/\/home\/explore$/);
  // Typed before the island has started, the words would be lost to its first render.
  await page.waitForLoadState('networkidle');
  await page.getByRole('searchbox', { name: 'Search channels' }).fill(name);
  const row = page.getByTestId('explore-channel').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Join ${name}` }).click();
  await expect(row.getByRole('button', { name: `Joined ${name}` })).toBeDisabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The join's toast sits over the header on a phone (and stays while a pointer rests on it): the member closes it.
  const joinedToast = page.getByRole('alert').filter({ hasText: `Joined channel ${name}` });
  await joinedToast.getByRole('button', { name: 'Close' }).click();
  await expect(joinedToast).toHaveCount(0);
  // Log out from the menu: the tokens and the offline caches go with it.
  await page.getByRole('button', { name: /^Open header menu/ }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.waitForLoadState('load');
  expect((await context.cookies()).map((c) => c.name)).not.toContain('access_token');
  expect(
    await page.evaluate(async () => (typeof caches === 'undefined' ? [] : (await caches.keys()).filter((key) => key.startsWith('bsq-')))),
  ).toEqual([]);
  await other.page.context().close();
});

test('on a phone: the profile page has its own Logout', async ({ page, baseURL }) => {
  await signInMember(page);
  await page.goto('/profile');
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
});

test("a member's feed comes rendered in the page: their newest post is in the HTML, and the browser asks the API for no feed page", async ({
  page,
}) => {
  const member = await signInMember(page);
  const circle = await createCircle(member);
  const title = uniqueName('Rendered for a member');
  await createPost(member, { circle: circle.name, title });
  const feedCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/posts\/(user|public)\/feed\//.test(request.url())) feedCalls.push(request.url());
  });
  const rendered = await page.request.get('/home/posts');
  expect(await rendered.text()).toContain(title);
  // It is the member's own page: no shared cache may keep it.
  expect(rendered.headers()['cache-control']).toBe('private, no-cache');
  await page.goto('/home/posts');
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  // The header is a member's (the bell), and the page came from their own feed, not the public one.
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  expect(feedCalls).toEqual([]);
});

test('at 360 px every screen a member uses fits without scrolling sideways', async ({ page }) => {
  const member = await signInMember(page);
  const circle = await createCircle(member, uniqueName(`Longchannelname${'x'.repeat(20)}`));
  const post = await createPost(member, { circle: circle.name, title: 'W'.repeat(120) });
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    '/home/posts',
    '/home/explore',
    '/home/explore?sort=active',
    '/home/create',
    '/home/create-channel',
    '/home/notifications',
    '/profile',
    `/home/channel-page/${circle.id}`,
    `/home/comments/${post.id}`,
    '/modlog',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect({ path, width }).toEqual({ path, width: 360 });
  }
});
