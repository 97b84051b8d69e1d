import { expect, test } from '@playwright/test';
import { createCircle, createPost, joinByName, signInMember, uniqueName } from './app-fixtures.ts';
import { chooseSiteLanguage, englishOnScreen } from './languages.ts';
import { signedInAs } from './roles.ts';

/**
 * The five languages beyond English and Hindi: a reader who switches to Kannada reads the feed and a channel in it; a
 * Bengali static page names its twins in every language; a first visit follows the browser's language.
 */

const SEVEN = ['en', 'hi', 'mr', 'bn', 'ta', 'te', 'kn'];

test('switch to Kannada from the profile menu and read the feed and a channel page, with no English but names and posts', async ({
  page,
  browser,
  baseURL,
}) => {
  // Another member's channel and post (an owner's page carries the channel's settings too), joined by me.
  const ownerPage = await browser.newPage({ baseURL });
  const owner = await signedInAs(ownerPage, 'member');
  const circle = await createCircle(owner, uniqueName('Kannada Circle'));
  const post = await createPost(owner, { circle: circle.name, title: `Bengaluru metro timings ${Date.now()}` });
  await ownerPage.close();
  const me = await signInMember(page);
  await joinByName(me, circle.name);
  // The description and the channel's address name the channel: they go first, before the name is taken out of the
  // text. What is left of the name is its initial on the channel's avatar, a single letter.
  const mine = [circle.description, `b/${circle.name}`, circle.name, post.title, post.posted_by];

  await page.goto('/home/posts?sort=new');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('button', { name: 'ಕನ್ನಡ' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'kn-IN');
  expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('kn');

  // The feed, in Kannada: the new post with its count and time worded from the Kannada catalog.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ಫೀಡ್');
  const card = page.getByRole('article', { name: post.title });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: '0 ಕಾಮೆಂಟ್‌ಗಳು' })).toBeVisible();
  await expect(card.locator('time')).toHaveText(/ಈಗಷ್ಟೇ|ನಿಮಿಷದ ಹಿಂದೆ|ನಿಮಿಷಗಳ ಹಿಂದೆ/);
  await expect(page.getByLabel('ಕ್ರಮ:')).toBeVisible();
  expect(await englishOnScreen(page, mine)).toEqual([]);

  // The channel page, in Kannada: its card, rules and sort, and the post.
  await page.goto(`/home/channel-page/${circle.id}`);
  await expect(page.getByRole('heading', { name: 'ಭಾರತ್ ಸ್ಕ್ವೇರ್‌ನ ನಿಯಮಗಳು' })).toBeVisible();
  await expect(page.getByRole('article', { name: post.title })).toBeVisible();
  expect(await englishOnScreen(page, mine)).toEqual([]);
});

test('a Bengali static page carries its lang, canonical and hreflang links to all seven languages, and says the English policy governs', async ({
  page,
  request,
}) => {
  await page.goto('/bn/privacy');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn-IN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('গোপনীয়তা নীতি');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/bn\/privacy$/);
  for (const lang of SEVEN) {
    const path = lang === 'en' ? '/privacy' : `/${lang}/privacy`;
    await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute('href', new RegExp(`${path}$`));
  }
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', /\/privacy$/);
  const governs = page.getByRole('note').filter({ hasText: 'ইংরেজি পাঠটিই' });
  await expect(governs.getByRole('link', { name: 'ইংরেজি পাঠ পড়ুন' })).toHaveAttribute('href', '/privacy');
  await page.goto('/bn/faq');
  expect(await englishOnScreen(page, [], 'main')).toEqual([]);

  // An earlier version kept in English and Hindi only names those twins, and the Bengali history lists it without a link.
  await page.goto('/privacy/history/1');
  await expect(page.locator('link[rel="alternate"][hreflang="hi"]')).toHaveCount(1);
  await expect(page.locator('link[rel="alternate"][hreflang="bn"]')).toHaveCount(0);
  await page.goto('/bn/privacy/history');
  await expect(page.getByRole('heading', { level: 2, name: 'সংস্করণ 1' })).toBeVisible();

  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/bn/about', '/kn/privacy', '/ta/', '/te/faq', '/mr/refund']) expect(sitemap).toContain(`${path}</loc>`);
});

test('the language menu lists every language in its own script; the choice is kept, and a first visit follows the browser', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/');
  await chooseSiteLanguage(page, 'বাংলা');
  await expect(page).toHaveURL(/\/bn\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn-IN');
  const menu = page.getByRole('banner').getByRole('list', { name: 'ভাষা', includeHidden: true }).first();
  await expect(menu.getByRole('link', { includeHidden: true })).toHaveText(['English', 'हिन्दी', 'मराठी', 'தமிழ்', 'తెలుగు', 'ಕನ್ನಡ']);
  expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('bn');
  // The choice is kept: an unprefixed page follows it, an explicit one does not.
  await page.goto('/about');
  await expect(page).toHaveURL(/\/bn\/about\/?$/);
  await page.goto('/te/about');
  await page.waitForLoadState('load');
  expect(new URL(page.url()).pathname).toBe('/te/about');

  // A first visit from a browser that prefers Tamil: the app screens render in Tamil, a static page moves to its twin.
  const tamil = await browser.newContext({ baseURL, locale: 'ta-IN', serviceWorkers: 'block' });
  const reader = await tamil.newPage();
  await reader.goto('/home/posts');
  await expect(reader.locator('html')).toHaveAttribute('lang', 'ta-IN');
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('ஃபீடு');
  await reader.goto('/faq');
  await expect(reader).toHaveURL(/\/ta\/faq\/?$/);
  await tamil.close();
});
