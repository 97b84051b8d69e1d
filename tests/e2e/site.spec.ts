import { expect, test } from '@playwright/test';
import { STATIC_PAGES, loginDialog, openLogin, pathOf } from './site-fixtures.ts';

test.describe('header and footer', () => {
  test('every header link leads to its page, and the logo back home', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    for (const [name, path, heading] of [
      ['About Us', '/about', 'About Us'],
      ['FAQ', '/faq', 'FAQ'],
      ['Contact Us', '/contactus', 'Contact Us'],
      ['Pricing', '/pricing-page', 'Pricing'],
    ] as const) {
      await header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      expect(pathOf(page)).toBe(path);
      await expect(header.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    }
    await header.getByRole('link', { name: 'Bharat Square' }).click();
    expect(pathOf(page)).toBe('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Speak freely.');
  });

  test('every footer link leads to its page; social, e-mail and the copyright year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [name, path, heading] of [
      ['Privacy Policy', '/privacy', 'Privacy Policy'],
      ['Refund Policy', '/refund', 'Refund Policy'],
      ['Terms & Conditions', '/terms-conditions', 'Terms & Conditions'],
      ['Grievance Officer', '/grievance', 'Grievance Officer'],
      ['Contact Us', '/contactus', 'Contact Us'],
      ['Pricing', '/pricing-page', 'Pricing'],
      ['FAQ', '/faq', 'FAQ'],
      ['About Us', '/about', 'About Us'],
    ] as const) {
      await footer.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      expect(pathOf(page)).toBe(path);
    }
    for (const [name, host] of [
      ['Instagram', 'instagram.com'],
      ['LinkedIn', 'linkedin.com'],
      ['WhatsApp', 'wa.me'],
      ['Facebook', 'facebook.com'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        new RegExp(`^https://(www\\.)?${host.replace('.', '\\.')}/`),
      );
    }
    await expect(footer.getByRole('link', { name: 'support@bharatsquare.in' })).toHaveAttribute('href', 'mailto:support@bharatsquare.in');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Bharat Square Technologies Pvt. Ltd.`);
  });

  test('a prebuilt page shows the visitor’s current year, not the build year', async ({ page }) => {
    await page.clock.install({ time: new Date('2031-03-15T10:00:00+05:30') });
    await page.goto('/privacy');
    await expect(page.getByRole('contentinfo')).toContainText('© 2031 Bharat Square Technologies Pvt. Ltd.');
  });

  test('on a phone the menu offers the section anchors and Login', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const [name, anchor] of [
      ['Features', '/#features'],
      ['Channels', '/#channels'],
      ['Pricing', '/#pricing'],
    ] as const) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', anchor);
    }
    await menu.getByRole('link', { name: 'Channels', exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Verified channels, anonymous voices' })).toBeInViewport();

    await menuButton.click();
    await menu.getByRole('button', { name: 'Login' }).click();
    await expect(loginDialog(page)).toBeVisible();
    // Nothing on any page is wider than a 360 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('landing page', () => {
  test('hero, channels, figures computed from the data (none printed that it cannot back) and Aadhaar coming soon', async ({ page }) => {
    const figures = page.waitForResponse((response) => response.url().endsWith('/api/site/figures/'));
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Explore Channels' })).toHaveAttribute('href', '/home/explore');
    const computed = (await (await figures).json()) as Record<string, number | null>;
    const list = main.getByRole('definition');
    // Only the figures the server computed show; nothing made up (100 %, 24/7, 98 %, 85k+) is printed.
    const shown = Object.values(computed).filter((value) => value !== null).length;
    await expect(list).toHaveCount(shown);
    for (const made of ['98%', '24/7', '85k+', '120+']) await expect(main.getByText(made, { exact: true })).toHaveCount(0);
    if (computed.channels !== null) await expect(main.getByText('channels', { exact: true })).toBeVisible();
    const channels = page.getByRole('region', { name: 'Verified channels, anonymous voices' });
    for (const [name, verification] of [
      ['Campus Connect', 'Academic ID verification'],
      ['Science Hub', 'Academic e-mail verification'],
      ['Finance Forum', 'Professional certification'],
    ] as const) {
      const card = channels.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      await expect(card).toContainText(verification);
    }
    await expect(channels.getByText('Coming Soon', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'What members say' })).toHaveCount(0);
    await main.getByRole('link', { name: 'Explore Channels' }).click();
    await expect(page).toHaveURL(/\/home\/explore$/);
  });

  test('the carousel advances on a card click and every 5 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Bharat Square features' });
    const current = carousel.locator('[data-dot][aria-current="true"]');
    await expect(current).toHaveText('Show feature 1: A feed of your channels');
    // Time stands still from here, so a slow machine cannot slip past the 5-second tick between steps.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));

    await carousel.getByRole('group', { name: /^1 of 6/ }).click();
    await expect(current).toHaveText('Show feature 2: Channels that ask for proof');
    await expect(carousel.getByRole('group', { name: /^2 of 6/ })).toBeInViewport();

    await page.clock.runFor(4_000);
    await expect(current).toHaveText('Show feature 2: Channels that ask for proof');
    await page.clock.runFor(1_100);
    await expect(current).toHaveText('Show feature 3: Scam detection');

    await carousel.getByRole('button', { name: 'Pause carousel' }).click();
    await page.clock.runFor(12_000);
    await expect(current).toHaveText('Show feature 3: Scam detection');
  });

  test('the carousel stands still for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Bharat Square features' });
    await expect(carousel.getByRole('button', { name: 'Play carousel' })).toBeVisible();
    await page.clock.runFor(11_000);
    await expect(carousel.locator('[data-dot][aria-current="true"]')).toHaveText(/Show feature 1:/);
    await carousel.getByRole('button', { name: 'Next feature' }).click();
    await expect(carousel.locator('[data-dot][aria-current="true"]')).toHaveText(/Show feature 2:/);
  });
});

test.describe('static pages', () => {
  test('each page is prebuilt with its title, description, canonical link and OpenGraph tags', async ({ page, request }) => {
    for (const { path, canonical, heading } of [...STATIC_PAGES, { path: '/pricing', canonical: '/pricing', heading: 'Pricing' }]) {
      // The served HTML itself carries the metadata (no script is needed to see it), at the path itself:
      // a canonical URL must not redirect.
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      await page.setContent(html);
      const href = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(href, path).toMatch(/^https?:\/\//);
      expect(new URL(href!).pathname, path).toBe(canonical);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', href!);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${heading} | Bharat Square`);
      expect(await page.title()).toBe(`${heading} | Bharat Square`);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0, path).toBeGreaterThan(50);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description!);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/.+\/og-image\.png$/);
    }
  });

  test('the landing page is canonical at /, and sitemap.xml and robots.txt list the pages', async ({ page, request }) => {
    await page.goto('/');
    const home = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(home!).pathname).toBe('/');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const { canonical } of STATIC_PAGES) expect(sitemap).toContain(new URL(canonical, home!).toString());
    expect(sitemap).not.toContain('/pricing-page');
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${new URL('/sitemap.xml', home!)}`);
  });

  test('the pages say what the spec fixes: plans, refund terms, four questions, what we store', async ({ page }) => {
    await page.goto('/pricing-page');
    const plans = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Choose Plan' }).or(page.getByRole('link', { name: 'Choose Plan' })) });
    await expect(plans).toHaveCount(3);
    await expect(plans.nth(0)).toContainText('Free');
    await expect(plans.nth(0)).toContainText('₹0 per month');
    await expect(plans.nth(1)).toContainText('₹199 per month');
    for (const feature of ['Ad-free', 'Early access', 'Priority support']) await expect(plans.nth(1)).toContainText(feature);
    await expect(plans.nth(2)).toContainText('₹999 per month');
    for (const feature of ['Custom branding', 'Analytics', 'Dedicated account manager']) await expect(plans.nth(2)).toContainText(feature);

    await page.goto('/refund');
    const refund = page.getByRole('article');
    for (const term of [
      'within 7 days of purchase',
      'Partial use',
      'One-time purchases that have been delivered',
      'Live ads',
      'Donations',
      '3-5 business days',
      '7-10 business days',
    ]) {
      await expect(refund).toContainText(term);
    }

    await page.goto('/faq');
    const questions = page.getByRole('article').locator('details');
    await expect(questions).toHaveCount(4);
    await questions.first().getByText('How can Bharat Square be verified and anonymous').click();
    await expect(questions.first()).toContainText('keyed fingerprint');

    await page.goto('/privacy');
    for (const fact of [
      'not the address itself',
      'anonymous handle, colour and animal',
      'EXIF',
      'GPS',
      'with the e-mail address you gave us',
    ]) {
      await expect(page.getByRole('article')).toContainText(fact);
    }
  });
});

test.describe('page security', () => {
  test('pages come with a CSP, no framing and nosniff, and the browser refuses none of their scripts', async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    for (const path of ['/', '/about', '/grievance', '/modlog', '/no-such-page']) {
      const res = await page.goto(path);
      const headers = res!.headers();
      expect(headers['content-security-policy'], path).toMatch(/frame-ancestors 'none'/);
      expect(headers['content-security-policy'], path).toMatch(/script-src 'self'/);
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
    }
    // The islands still run: the landing page's Login opens its dialog.
    await page.goto('/');
    await openLogin(page);
    expect(refused).toEqual([]);
  });

  test('a POST to a page is refused with 405 and Allow, not a server error', async ({ request }) => {
    const res = await request.post('/about', { data: { any: 'body' } });
    expect(res.status()).toBe(405);
    expect(res.headers()['allow']).toBe('GET, HEAD');
  });
});
