import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';

/** axe (WCAG 2.1 A/AA) on what is on screen now: no serious or critical violations, contrast included. */
async function expectNoSeriousViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The header's theme select on a wide screen (the mobile menu holds another, hidden). */
const themeSelect = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Theme' }).first();

const PAGES = ['/', '/hi/', '/about', '/hi/privacy', '/pricing-page', '/hi/faq', '/home/posts'];
const DARK_CANVAS = 'rgb(15, 13, 12)';

for (const scheme of ['light', 'dark'] as const) {
  for (const path of PAGES) {
    test(`${path} passes axe in the ${scheme} theme, following the system`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
      if (path === '/home/posts') await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoSeriousViolations(page, `${scheme} ${path}`);
    });
  }
}

test('a chosen dark theme is there from the first frame of a reload, over a light system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/about');
  await themeSelect(page).selectOption('dark');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  // Before the body exists, nothing has been painted: what <html> looks like then is the first frame's frame.
  await page.addInitScript(() => {
    new MutationObserver((_changes, observer) => {
      if (!document.body) return;
      observer.disconnect();
      const root = document.documentElement;
      (window as unknown as { firstFrame: unknown }).firstFrame = { dark: root.classList.contains('dark'), background: getComputedStyle(root).backgroundColor };
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => 'firstFrame' in window);
  expect(await page.evaluate(() => (window as unknown as { firstFrame: unknown }).firstFrame)).toEqual({ dark: true, background: DARK_CANVAS });

  // The first screenshot we can take shows the dark canvas, not white.
  await page.waitForLoadState('domcontentloaded');
  const shot = await page.screenshot({ clip: { x: 0, y: 300, width: 4, height: 4 } });
  const { data } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
  expect(Math.max(data[0], data[1], data[2])).toBeLessThan(60);

  // Back to the system's (light) theme.
  await themeSelect(page).selectOption('system');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
});

test('the app screens follow a dark system theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/home/posts');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(DARK_CANVAS);
});
