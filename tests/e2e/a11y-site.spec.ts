import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { STATIC_PAGES, THEMED_PAGES, openLogin } from './site-fixtures.ts';

/** axe (WCAG 2.1 A/AA and best practices) on what is on screen now: no serious or critical violations. */
async function expectNoSeriousViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const PAGES = ['/', ...STATIC_PAGES.map((p) => p.path)];

test('every static page passes axe', async ({ page }) => {
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The browser's default is a light system theme: the pages dark-mode.spec.ts runs axe on in it get that run once, there.
    if (!THEMED_PAGES.includes(path)) await expectNoSeriousViolations(page, path);
  }
});

test('the login modal, the mobile menu and the contact form errors pass axe', async ({ page }) => {
  await page.goto('/');
  const dialog = await openLogin(page);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid email address.');
  await expectNoSeriousViolations(page, 'login modal');

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expectNoSeriousViolations(page, 'mobile menu');

  await page.goto('/contactus');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expectNoSeriousViolations(page, 'contact form with errors');
});

test('every static page fits a 360 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of PAGES) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(360);
  }
});
