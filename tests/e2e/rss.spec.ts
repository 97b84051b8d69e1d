import { expect, test, type Page } from '@playwright/test';
import { createCircle, createPost, uniqueName } from './app-fixtures.ts';
import { signedInAs } from './roles.ts';

/** The feed a page announces, fetched and read by the browser's own XML parser, as a feed reader would. */
async function announcedFeed(page: Page) {
  const link = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
  await expect(link).toHaveCount(1);
  const href = (await link.getAttribute('href'))!;
  return page.evaluate(async (url) => {
    const res = await fetch(url);
    const doc = new DOMParser().parseFromString(await res.text(), 'application/xml');
    return {
      url,
      status: res.status,
      type: res.headers.get('content-type'),
      wellFormed: doc.getElementsByTagName('parsererror').length === 0,
      version: doc.documentElement.getAttribute('version'),
      title: doc.querySelector('channel > title')?.textContent,
      items: [...doc.querySelectorAll('item')].map((item) => ({
        title: item.querySelector('title')?.textContent,
        link: item.querySelector('link')?.textContent,
        date: item.querySelector('pubDate')?.textContent,
        excerpt: item.querySelector('description')?.textContent,
      })),
    };
  }, href);
}

test.describe('RSS feeds', () => {
  test('a public channel and the public feed announce feeds a reader can parse; a private channel has none', async ({ page }) => {
    const member = await signedInAs(page, 'member');
    const circle = await createCircle(member);
    const title = uniqueName('Tea & biscuits <ranked>');
    const post = await createPost(member, { circle: circle.name, title, description: '<p>Parle-G <em>first</em></p>' });

    await page.goto(`/home/channel-page/${circle.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `b/${circle.name}` })).toBeVisible();
    const channelFeed = await announcedFeed(page);
    expect(channelFeed).toMatchObject({
      url: `/home/channel-page/${circle.id}/rss.xml`,
      status: 200,
      type: 'application/rss+xml; charset=utf-8',
      wellFormed: true,
      version: '2.0',
    });
    expect(channelFeed.title).toBe(`b/${circle.name} on Bharat Square`);
    expect(channelFeed.items).toEqual([
      {
        title,
        link: expect.stringMatching(new RegExp(`/home/comments/${post.id}$`)),
        date: expect.stringMatching(/ GMT$/),
        excerpt: 'Parle-G first',
      },
    ]);

    await page.goto('/home/posts');
    const publicFeed = await announcedFeed(page);
    expect(publicFeed).toMatchObject({ url: '/rss.xml', status: 200, wellFormed: true, version: '2.0' });
    // Journeys run two at a time, so another may have posted since: the post is among the newest, not always first.
    expect(publicFeed.items.map((item) => item.title)).toContain(title);

    const hidden = await createCircle(member, uniqueName('E2E Private'), 'private');
    await page.goto(`/home/channel-page/${hidden.id}`);
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveCount(0);
    expect((await page.request.get(`/home/channel-page/${hidden.id}/rss.xml`)).status()).toBe(404);
  });
});
