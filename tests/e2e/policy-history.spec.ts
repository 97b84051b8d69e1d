import { expect, test } from '@playwright/test';
import { readPages } from '../../src/content/page-files.ts';
import { signedInAs } from './roles.ts';

const refund = readPages().find((page) => page.id === 'refund')!.data;
const dayName = (date: Date) => date.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

test.describe('policy versions', () => {
  test('a policy lists every version with its date and changes, and an earlier version reads as it was', async ({ page }) => {
    await page.goto('/refund');
    await page.getByRole('link', { name: 'Earlier versions and what changed' }).click();
    await expect(page).toHaveURL(/\/refund\/history\/?$/);
    const versions = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(versions).toHaveCount(refund.history.length + 1);
    await expect(versions.first().getByRole('heading')).toHaveText(`Version ${refund.version} In force`);
    for (const change of refund.changes) await expect(versions.first()).toContainText(change);
    await expect(versions.nth(1).getByRole('heading')).toHaveText(`Version ${refund.history[0].version}`);

    await versions.nth(1).getByRole('link', { name: 'Read this version' }).click();
    await expect(page).toHaveURL(new RegExp(`/refund/history/${refund.history[0].version}/?$`));
    await expect(page.getByRole('note')).toContainText(`This is version ${refund.history[0].version}, in effect from`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Refund Policy');
    // Version 1 did not yet say how to tell us about a wrong charge.
    await expect(page.getByText('To tell us, write to')).toHaveCount(0);
    await page.goto('/refund');
    await expect(page.getByText('To tell us, write to')).toBeVisible();
  });

  test('the history reads in Hindi at /hi/…/history', async ({ page }) => {
    await page.goto('/hi/refund/history');
    await expect(page.getByRole('heading', { level: 2 }).first()).toContainText(`संस्करण ${refund.version}`);
    await expect(page.locator('html')).toHaveAttribute('lang', /^hi/);
  });

  test('a member sees a minor change once, for 30 days after it takes effect', async ({ page }) => {
    await signedInAs(page, 'member');
    await page.goto('/home');
    const notice = page.getByRole('status').filter({ hasText: 'We updated our Refund Policy' });
    const age = Date.now() - refund.effective.getTime();
    if (refund.material || refund.version === 1 || age < 0 || age >= 30 * 86_400_000) {
      // Outside that window (or for a material change, which asks again instead) there is no notice.
      await expect(notice).toHaveCount(0);
      return;
    }
    await expect(notice).toContainText(`We updated our Refund Policy on ${dayName(refund.effective)}: ${refund.changes.join(' ')}`);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(notice).toBeHidden();
  });
});
