import { expect, test, type Page } from '@playwright/test';
import { createCircle, createPost, joinByName, signInMember, uniqueName, type Member } from './app-fixtures.ts';

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

/** Holds every request to `path` until the returned function is called (the real answer then goes through). */
async function holdRequests(page: Page, path: string) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}**`, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe('feed for a visitor', () => {
  test('shows the public feed rendered with the page, pages with Show More to the end, and asks to log in on like', async ({ page }) => {
    const feedCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/posts/public/feed/')) feedCalls.push(request.url());
    });
    await page.goto('/home');
    await expect(page).toHaveURL(/\/home\/posts$/);
    const articles = page.getByRole('main').getByRole('article');
    await expect(articles).toHaveCount(10);
    // The first page came inside the page itself: the browser asked the API for nothing yet.
    expect(feedCalls).toEqual([]);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create +' })).toHaveCount(0);

    const releaseFeed = await holdRequests(page, '/api/posts/public/feed/');
    await page.getByRole('main').getByRole('button', { name: 'Show More' }).click();
    await expect(page.getByText('Loading posts...')).toBeVisible();
    releaseFeed();
    await expect.poll(() => articles.count()).toBeGreaterThan(10);
    // Other test files post at the same time, so pages may shift: click until the end shows, not a fixed count.
    const showMore = page.getByRole('main').getByRole('button', { name: 'Show More' });
    const end = page.getByText("You've reached the end of the feed!");
    for (let i = 0; i < 60 && !(await end.isVisible()); i++) {
      if (await showMore.isVisible()) await showMore.click();
      await expect(showMore.or(end)).toBeVisible();
    }
    expect(await articles.count()).toBeGreaterThan(10);
    await expect(page.getByText("You've reached the end of the feed!")).toBeVisible();
    const ids = await page.locator('article h2').evaluateAll((els) => els.map((el) => el.id));
    expect(new Set(ids).size).toBe(ids.length);

    await articles.first().getByRole('button', { name: /^Like/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('says so when there are no posts, and shows the error when the feed fails', async ({ page, context, baseURL }) => {
    // With data saver on the first page is not rendered with the page (its images would load untapped): the
    // browser asks the API, whose answers this test makes up.
    await context.addCookies([{ name: 'data_saver', value: 'on', url: baseURL! }]);
    await page.route('**/api/posts/public/feed/**', (route) =>
      route.fulfill({ json: { count: 0, next: null, previous: null, results: [] } }),
    );
    await page.goto('/home/posts');
    await expect(page.getByText('No posts to display.')).toBeVisible();

    await page.unroute('**/api/posts/public/feed/**');
    await page.route('**/api/posts/public/feed/**', (route) => route.fulfill({ status: 503, body: '' }));
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('Something went wrong');
    await expect(page.getByRole('main').getByRole('button', { name: 'Show More' })).toHaveCount(0);
  });

  test('a stale token is removed and the public feed shown', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'access_token', value: 'not-a-token', url: baseURL! }]);
    await page.goto('/home/posts');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === 'access_token')).toBe(false);
  });
});

test.describe('feed for a member', () => {
  let member: Member;
  let circle: string;

  test.beforeEach(async ({ page }) => {
    member = await signInMember(page);
    circle = (await createCircle(member)).name;
  });

  test('checks the token, then shows the personal feed with each media layout', async ({ page }) => {
    const text = await createPost(member, {
      circle,
      title: uniqueName('Text post'),
      description: '<p>Rich <strong>bold words</strong> here</p>',
    });
    const one = await createPost(member, { circle, title: uniqueName('One image'), description: '<p>hidden with media</p>', images: 1 });
    const two = await createPost(member, { circle, title: uniqueName('Two images'), images: 2 });
    const three = await createPost(member, { circle, title: uniqueName('Three images'), images: 3 });
    const five = await createPost(member, { circle, title: uniqueName('Five images'), images: 5 });

    // The member's first page comes rendered by the server (it checked the token): nothing to wait for.
    await page.goto('/home/posts');
    await expect(page.getByRole('link', { name: 'Create +' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);

    await expect(card(page, text.title).locator('strong')).toHaveText('bold words');
    await expect(card(page, text.title).getByRole('link', { name: `b/${circle}` })).toHaveAttribute(
      'href',
      `/home/channel-page?key=${encodeURIComponent(circle)}`,
    );
    await expect(card(page, text.title).getByText('Just now')).toBeVisible();

    await expect(card(page, one.title).locator('img')).toHaveCount(1);
    await expect(card(page, one.title).getByText('hidden with media')).toHaveCount(0);
    await expect(card(page, two.title).locator('img')).toHaveCount(2);
    await expect(card(page, three.title).locator('img')).toHaveCount(3);
    await expect(card(page, three.title).getByRole('link', { name: /^View post/ })).toHaveAttribute('href', `/home/comments/${three.id}`);
    await expect(card(page, five.title).locator('img')).toHaveCount(3);
    const more = card(page, five.title).getByRole('link', { name: /^\+2 more/ });
    await expect(more).toHaveText('+2 more');
    await expect(more).toHaveAttribute('href', `/home/comments/${five.id}`);
    // Images reserve their box before they load: no layout shift.
    const box = await card(page, one.title).locator('img').boundingBox();
    expect(box!.height).toBeGreaterThan(100);
  });

  test('like, dislike and undo with the counts, kept after a reload', async ({ page }) => {
    const post = await createPost(member, { circle, title: uniqueName('React to me') });
    await page.goto('/home/posts');
    await page.waitForLoadState('networkidle');
    const like = card(page, post.title).getByRole('button', { name: /^Like/ });
    const dislike = card(page, post.title).getByRole('button', { name: /^Dislike/ });
    await expect(like).toHaveText('0');

    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveText('1');
    await dislike.click();
    await expect(dislike).toHaveAttribute('aria-pressed', 'true');
    await expect(dislike).toHaveText('1');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toHaveText('0');

    await page.reload();
    // The reloaded page comes rendered too: wait for the island before pressing its buttons, as after the first visit.
    await page.waitForLoadState('networkidle');
    await expect(dislike).toHaveAttribute('aria-pressed', 'true');
    await dislike.click();
    await expect(dislike).toHaveAttribute('aria-pressed', 'false');
    await expect(dislike).toHaveText('0');
  });

  test('the comments button opens the post, and Share copies its link', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const post = await createPost(member, { circle, title: uniqueName('Open me') });
    await page.goto('/home/posts');
    // The member's feed comes rendered in the page: its buttons answer once the island has started.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await card(page, post.title).getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/home/comments/${post.id}$`));

    await card(page, post.title).getByRole('link', { name: '0 Comments' }).click();
    await expect(page).toHaveURL(new RegExp(`/home/comments/${post.id}$`));
    await expect(page.getByRole('heading', { name: post.title })).toBeVisible();
  });

  test('popular channels: join with its toast and the channel page, and the already-joined toast', async ({ page }) => {
    const other = await createCircle(member, uniqueName('Joinable'));
    const stale = await createCircle(member, uniqueName('Stale'));
    // A second member, whose panel still offers Join for circles they then join elsewhere.
    const second = await signInMember(page);
    await page.goto('/home/posts');
    const panel = page.getByRole('region', { name: 'Popular Channels' });
    const rows = panel.getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    // Page on until the new circle shows; after each Show More wait for its rows, as the button is gone while a
    // page loads and does not come back after the last one.
    // Equal member counts list the newest first: page on until both show.
    while (
      !(await panel.getByRole('button', { name: `Join ${stale.name}` }).isVisible()) ||
      !(await panel.getByRole('button', { name: `Join ${other.name}` }).isVisible())
    ) {
      const shown = await rows.count();
      await panel.getByRole('button', { name: 'Show More' }).click();
      await expect(rows).not.toHaveCount(shown);
    }
    await expect(panel.getByRole('button', { name: `Join ${other.name}` })).toBeVisible();
    await expect(panel.getByText(`${other.members_count} ${other.members_count === 1 ? 'member' : 'members'}`).first()).toBeVisible();

    await joinByName(second, stale.name);
    await panel.getByRole('button', { name: `Join ${stale.name}` }).click();
    await expect(page.getByText(`You've already joined ${stale.name}`)).toBeVisible();
    await expect(panel.getByRole('button', { name: `Joined ${stale.name}` })).toBeDisabled();

    await panel.getByRole('button', { name: `Join ${other.name}` }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('key')).toBe(other.name);
    expect(new URL(page.url()).pathname).toMatch(/^\/home\/channel-page\/?$/);
    await expect(page.getByText(`Joined channel ${other.name} successfully!`)).toBeVisible();
  });
});

test.describe('layout shell', () => {
  test('side menu: live and Coming Soon items, active item, collapse', async ({ page }) => {
    await page.goto('/home/posts');
    const menu = page.getByRole('navigation', { name: 'App menu' });
    await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Create Channel' })).toHaveAttribute('href', '/home/create-channel');
    await expect(menu.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/home/explore');
    await expect(menu.getByRole('link', { name: 'Popular' })).toHaveAttribute('href', '/home/explore?sort=active');
    for (const label of ['Create Custom Feed', 'Manage Community']) {
      await expect(menu.getByRole('button', { name: new RegExp(`^${label}`) })).toBeDisabled();
    }
    await expect(menu.getByText('Coming Soon')).toHaveCount(2);
    await menu.getByRole('button', { name: 'Collapse side menu' }).click();
    await expect(menu.getByRole('button', { name: 'Expand side menu' })).toHaveAttribute('aria-expanded', 'false');
    await page.reload();
    await expect(menu.getByRole('button', { name: 'Expand side menu' })).toBeVisible();
    await menu.getByRole('button', { name: 'Expand side menu' }).click();
  });

  test('at 360 px: one header menu with every place, and Login for a visitor', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/home/posts');
    await expect(page.getByRole('region', { name: 'Popular Channels' })).toBeHidden();
    await page.getByRole('button', { name: 'Open header menu' }).click();
    const menu = page.getByRole('banner').getByRole('navigation', { name: 'App menu' });
    for (const [name, href] of [
      ['Home', '/home'],
      ['Explore', '/home/explore'],
      ['Popular', '/home/explore?sort=active'],
    ] as const) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await menu.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
