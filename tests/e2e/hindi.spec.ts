import { expect, test } from '@playwright/test';
import { otpFor, signInByApi, uniqueEmail } from './helpers.ts';
import { createCircle, createComment, createPost, signInMember, uniqueName } from './app-fixtures.ts';
import { signedInAs } from './roles.ts';
import { chooseSiteLanguage, englishOnScreen } from './languages.ts';

/**
 * A visitor who reads Hindi: switches on the landing page, signs in, writes a post and reads the feed, and finds
 * no English on those screens beyond what members wrote (titles, handles, channel names) and fixed tokens.
 */

test('switch to Hindi on the landing page, sign in, create a post and read the feed, without English', async ({ page }) => {
  await page.goto('/');
  await chooseSiteLanguage(page, 'हिन्दी');
  await expect(page).toHaveURL(/\/hi\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('खुलकर बोलिए।');
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/$/);
  expect(
    await englishOnScreen(page, [
      'b/Campus Connect',
      'b/Finance Forum',
      'Campus Connect',
      'Science Hub',
      'Finance Forum',
      'SaffronTiger',
      'ECE',
      'VLSI',
      'EXIF',
      'GPS',
      'AI',
      'Bharat Square Technologies Pvt. Ltd.',
      'support@bharatsquare.in',
      'B.Tech',
    ]),
  ).toEqual([]);
  expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('hi');

  // Sign in through the modal, in Hindi.
  await page.getByRole('banner').getByRole('button', { name: 'लॉग इन' }).click();
  const dialog = page.getByRole('dialog', { name: 'भारत स्क्वेयर में लॉग इन करें' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'ओटीपी भेजें' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('कृपया सही ई-मेल पता डालें।');
  const email = uniqueEmail('hindi');
  await dialog.getByLabel('ई-मेल पता').fill(email);
  await dialog.getByRole('button', { name: 'ओटीपी भेजें' }).click();
  await expect(dialog.getByText('यह 5 मिनट तक मान्य है।')).toBeVisible();
  expect(await englishOnScreen(page, [email], 'dialog[open]')).toEqual([]);
  await dialog.getByLabel('वन-टाइम पासवर्ड (ओटीपी)').fill('000000');
  await dialog.getByRole('button', { name: 'ओटीपी जाँचें' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('ओटीपी ग़लत है या उसकी मियाद ख़त्म हो गई। कृपया फिर कोशिश करें।');
  await dialog.getByLabel('वन-टाइम पासवर्ड (ओटीपी)').fill(await otpFor(email));
  await dialog.getByRole('button', { name: 'ओटीपी जाँचें' }).click();
  await dialog.getByRole('button', { name: 'मेरी उम्र 18 साल या उससे ज़्यादा है और मैं सहमत हूँ' }).click();
  await expect(page).toHaveURL(/\/home\/posts/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');

  // A channel to post in (made through the API, as another test would), then the post, written in Hindi.
  const access = (await page.context().cookies()).find((c) => c.name === 'access_token')!.value;
  const circle = await createCircle({ page, access, auth: { Authorization: `Bearer ${access}` } }, uniqueName('Hindi Circle'));
  await page.goto(`/home/create?channelName=${encodeURIComponent(circle.name)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('पोस्ट बनाएँ');
  await expect(page.getByRole('tab')).toHaveText(['लेख', 'फ़ोटो और वीडियो', 'लिंक', 'पोल']);
  expect(await englishOnScreen(page, [circle.name])).toEqual([]);
  const title = `मानसून में लोकल ट्रेन का समय ${Date.now()}`;
  await page.getByLabel('शीर्षक *').fill(title);
  await page.getByRole('button', { name: 'पोस्ट करें', exact: true }).click();
  await expect(page).toHaveURL(/\/home\/channel-page/);

  // The feed, in Hindi: the new post with its counts and time in Hindi.
  await page.goto('/home/posts?sort=new');
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: '0 टिप्पणियाँ' })).toBeVisible();
  await expect(card.locator('time')).toHaveText(/अभी-अभी|मिनट पहले/);
  await expect(page.getByLabel('क्रम:')).toBeVisible();
  expect(await englishOnScreen(page, [circle.name])).toEqual([]);

  // Back to English from the profile menu: the same address, now in English.
  await page.getByRole('button', { name: 'प्रोफ़ाइल मेन्यू' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByRole('article', { name: title }).getByRole('link', { name: '0 Comments' })).toBeVisible();
});

test('the Hindi static pages carry lang, hreflang and canonical links, and the sitemap lists both languages', async ({ page, request }) => {
  await page.goto('/hi/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/hi\/about$/);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/about$/);
  await expect(page.locator('link[rel="alternate"][hreflang="hi"]')).toHaveAttribute('href', /\/hi\/about$/);
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.locator('link[rel="alternate"][hreflang="hi"]')).toHaveAttribute('href', /\/hi\/about$/);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/about', '/hi/about', '/hi/terms-conditions', '/hi/privacy', '/hi/']) expect(sitemap).toContain(`${path}</loc>`);
});

test('the post page, notifications, search and the create-channel wizard speak Hindi', async ({ page, browser, baseURL }) => {
  const me = await signInMember(page);
  await page.context().addCookies([{ name: 'lang', value: 'hi', url: baseURL! }]);
  const circle = await createCircle(me, uniqueName('Hindi Thread'));
  const post = await createPost(me, { circle: circle.name, title: `Hindi thread ${Date.now()}` });
  // Another member comments, which tells me (in a notification the server words in English).
  const otherPage = await browser.newPage({ baseURL });
  const other = await signedInAs(otherPage, 'member');
  const comment = await createComment(other, post.id, 'A comment from the other member');
  await otherPage.close();
  const mine = [circle.description, circle.name, post.title, post.posted_by, comment.author, comment.body];

  // The post page: the article, the comment box and thread, the community card and its rules.
  await page.goto(`/home/comments/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByText(comment.body)).toBeVisible();
  await expect(page.getByRole('button', { name: 'टिप्पणी करें' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'जवाब दें' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'भारत स्क्वेयर के नियम' })).toBeVisible();
  expect(await englishOnScreen(page, mine, 'main')).toEqual([]);

  // Notifications: stored as a code and its values, worded in Hindi from the catalog.
  await page.goto('/home/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('सूचनाएँ');
  await expect(page.getByTestId('notification').first()).toContainText(`${comment.author} ने आपकी पोस्ट "${post.title}" पर टिप्पणी की`);
  expect(await englishOnScreen(page, mine, 'main')).toEqual([]);

  // Search: the prompt and the tabs.
  await page.getByRole('searchbox', { name: 'खोजें', exact: true }).click();
  const search = page.getByRole('dialog', { name: 'खोजें' });
  await expect(search.getByRole('tab')).toHaveText(['पोस्ट', 'चैनल', 'टिप्पणियाँ']);
  await expect(search.getByRole('status')).toHaveText('पोस्ट, चैनल या टिप्पणियाँ खोजें');
  await search.getByRole('button', { name: 'खोज बंद करें' }).click();

  // The editor's toolbar and its link tooltip, whose words Quill's theme writes in CSS.
  await page.goto(`/home/create?channelName=${encodeURIComponent(circle.name)}`);
  const editor = page.getByRole('textbox', { name: 'मुख्य भाग' });
  await editor.click();
  await page.keyboard.type('लिंक');
  await page.keyboard.press('ControlOrMeta+A');
  await page.getByRole('toolbar', { name: 'फ़ॉर्मैटिंग' }).getByRole('button', { name: 'लिंक' }).click();
  const tooltip = page.locator('.ql-tooltip');
  await expect(tooltip).toBeVisible();
  expect(await tooltip.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"लिंक डालें:"');
  expect(await tooltip.locator('a.ql-action').evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"सहेजें"');

  // The create-channel wizard's first step and its preview.
  await page.goto('/home/create-channel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('चैनल बनाएँ');
  await expect(page.getByText('चरण 1 / 2')).toBeVisible();
  await expect(page.getByText('आपके चैनल का विवरण')).toBeVisible();
  expect(await englishOnScreen(page, [], 'main')).toEqual([]);
});

test('identity chips and the animal read in Hindi on the profile and the member card; the handle stays as it is', async ({
  page,
  baseURL,
}) => {
  // An academic address: the profile shows the e-mail and the academic chip.
  const { access } = await signInByApi(page, uniqueEmail('scholar').replace('@example.com', '@iitb.ac.in'));
  await page.context().addCookies([{ name: 'lang', value: 'hi', url: baseURL! }]);
  const profile = (await (await page.request.get('/api/users/me/profile/', { headers: { Authorization: `Bearer ${access}` } })).json()) as {
    profile: { username: string };
    animal: string;
    color: string;
  };
  const handle = profile.profile.username;

  await page.goto('/profile');
  const chips = page.getByRole('list', { name: 'पहचान' });
  await expect(chips.getByRole('listitem')).toHaveText(['सत्यापित ई-मेल', 'सत्यापित शैक्षणिक']);
  const animal = page.locator('dt', { hasText: 'जानवर' }).locator('xpath=following-sibling::dd');
  await expect(animal).not.toHaveText(profile.animal);
  // The colour shows as its hex code, a value rather than a word.
  expect(await englishOnScreen(page, [handle, profile.color], 'dl')).toEqual([]);
  expect(await englishOnScreen(page, [], '#verifications ul')).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: handle })).toBeVisible();

  await page.goto(`/home/u/${handle}`);
  await expect(page.getByRole('heading', { level: 1, name: handle })).toBeVisible();
  await expect(page.getByText(/· .+ से सदस्य$/)).toBeVisible();
  expect(await englishOnScreen(page, [handle], 'main section')).toEqual([]);
});

test('an explicit /hi/ address wins over a cookie that says English; an unprefixed one follows a cookie that says Hindi', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  await page.goto('/hi/about');
  await expect(page.locator('html')).toHaveAttribute('lang', /^hi/);
  await page.waitForLoadState('load');
  expect(new URL(page.url()).pathname).toBe('/hi/about');
  await page.context().addCookies([{ name: 'lang', value: 'hi', url: baseURL! }]);
  await page.goto('/about');
  await expect(page).toHaveURL(/\/hi\/about\/?$/);
});

test("the 404 page speaks the reader's language: a /hi/ path, or the lang cookie", async ({ page, baseURL }) => {
  const hindi = await page.goto('/hi/no-such-page');
  expect(hindi!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('पेज नहीं मिला');
  await expect(page.locator('html')).toHaveAttribute('lang', /^hi/);
  await page.context().addCookies([{ name: 'lang', value: 'hi', url: baseURL! }]);
  await page.goto('/home/nowhere/at/all');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('पेज नहीं मिला');
  await page.context().addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});
