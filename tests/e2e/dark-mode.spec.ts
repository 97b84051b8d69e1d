import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signedInAs } from './roles.ts';
import { THEMED_PAGES } from './site-fixtures.ts';

/** axe (WCAG 2.1 A/AA) on what is on screen now: no serious or critical violations, contrast included. */
async function expectNoSeriousViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The header's theme select on a wide screen (the mobile menu holds another, hidden). */
const themeSelect = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Theme' }).first();

const DARK_CANVAS = 'rgb(15, 13, 12)';

for (const scheme of ['light', 'dark'] as const) {
  for (const path of THEMED_PAGES) {
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
      (window as unknown as { firstFrame: unknown }).firstFrame = {
        dark: root.classList.contains('dark'),
        background: getComputedStyle(root).backgroundColor,
      };
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => 'firstFrame' in window);
  expect(await page.evaluate(() => (window as unknown as { firstFrame: unknown }).firstFrame)).toEqual({
    dark: true,
    background: DARK_CANVAS,
  });

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

/** WCAG contrast of two CSS colours as the browser computed them (rgb/rgba; alpha is laid over the background). */
function contrast(fg: string, bg: string): number {
  const parse = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
  const [br, bgc, bb] = parse(bg);
  const [fr, fgc, fb, fa = 1] = parse(fg);
  const mix = [fr * fa + br * (1 - fa), fgc * fa + bgc * (1 - fa), fb * fa + bb * (1 - fa)];
  const lum = ([r, g, b]: number[]) =>
    [r, g, b]
      .map((v) => v / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [a, b] = [lum(mix), lum([br, bgc, bb])].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the post editor's toolbar icons and placeholder keep 4.5:1 in the ${scheme} theme`, async ({ page }) => {
    await signedInAs(page, 'member');
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/home/create');
    const toolbar = page.locator('.ql-toolbar').first();
    await expect(toolbar).toBeVisible();
    const colours = await page.evaluate(() => {
      const background = (element: Element | null): string => {
        for (let el = element; el; el = el.parentElement) {
          const colour = getComputedStyle(el).backgroundColor;
          if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
        }
        return getComputedStyle(document.documentElement).backgroundColor;
      };
      const stroke = document.querySelector('.ql-toolbar .ql-stroke')!;
      const editor = document.querySelector('.ql-editor')!;
      return {
        icon: getComputedStyle(stroke).stroke,
        iconBackground: background(document.querySelector('.ql-toolbar')),
        placeholder: getComputedStyle(editor, '::before').color,
        editorBackground: background(editor),
      };
    });
    expect(contrast(colours.icon, colours.iconBackground)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colours.placeholder, colours.editorBackground)).toBeGreaterThanOrEqual(4.5);
  });
}
