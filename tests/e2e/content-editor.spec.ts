import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { editorPort } from '../../playwright.config.ts';

const REFUND = 'src/content/pages/refund.mdx';

/** Opens the editor once Vite has prepared its dependencies (a first visit to a fresh `astro dev` may reload the page once). */
async function openEditor(page: Page) {
  await page.goto('/editor');
  await page.waitForLoadState('networkidle');
  await page.goto('/editor');
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('button').first()).toBeVisible({ timeout: 30_000 });
}

test.describe('content editor', () => {
  test.use({ baseURL: `http://127.0.0.1:${editorPort}` });

  test('an editor changes the refund page in the editor: the file and the preview show the new text; an invalid page is not saved', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const original = readFileSync(REFUND, 'utf8');
    const sentence = `Refunds to a card usually show within ${2 + (Date.now() % 5)} working days of approval.`;
    try {
      await openEditor(page);
      await page.getByRole('button', { name: 'Refund Policy' }).click();
      const text = page.getByLabel('Text (MDX)');
      await expect(text).toHaveValue(/We want you to be happy/, { timeout: 30_000 });
      // The schema's fields, filled from the file.
      await expect(page.getByLabel('title *')).toHaveValue('Refund Policy');
      await expect(page.getByLabel('effective *')).toHaveValue('2026-11-26');
      await expect(page.getByLabel('policy')).toBeChecked();

      await text.fill(`${await text.inputValue()}\n${sentence} Questions: `);
      await text.press('End');
      await page.getByRole('button', { name: 'Insert: Support e-mail address' }).click();
      await expect(text).toHaveValue(/Questions: <SupportEmail \/>/);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status')).toHaveText('Saved refund.mdx. The preview shows the new text.');
      expect(readFileSync(REFUND, 'utf8')).toContain(`${sentence} Questions: <SupportEmail />`);
      const preview = page.frameLocator('iframe[title="Preview"]');
      await expect(preview.getByText(sentence)).toBeVisible({ timeout: 60_000 });
      await expect(preview.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();

      // The collection's schema refuses a one-letter title: nothing is written, the field says why.
      await page.getByLabel('title *').fill('R');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status')).toHaveText('Not saved: fix the fields marked below.');
      await expect(page.getByRole('alert').filter({ hasText: /at least 2/ })).toBeVisible();
      expect(readFileSync(REFUND, 'utf8')).toContain('title: Refund Policy');
    } finally {
      writeFileSync(REFUND, original);
    }
  });

  test('the translations are listed with their state', async ({ page }) => {
    await openEditor(page);
    await expect(page.locator('[data-translation="hi/refund"]')).toHaveAttribute('data-state', 'current', { timeout: 30_000 });
    await expect(page.locator('[data-translation="hi/refund"]')).toContainText('hi: current');
  });
});

test('the built site and its server carry no editor', async ({ request }) => {
  expect((await request.get('/editor')).status()).toBe(404);
  expect((await request.get('/editor/api/pages')).status()).toBe(404);
});
