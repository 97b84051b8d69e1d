import { expect, test, type Page } from '@playwright/test';
import { createCircle, createPost, signInMember, uniqueName } from './app-fixtures.ts';
import { signedInAs } from './roles.ts';

const card = (page: Page, title: string) => page.getByRole('main').getByRole('article', { name: title });

test.describe('posts in many languages', () => {
  test('a member shows posts in Hindi only: the feed keeps a Hindi post and leaves an English one out, and the profile says so', async ({
    page,
    browser,
  }) => {
    // Another member writes both (a member's own posts always show in their feed).
    const writerPage = await browser.newPage();
    const writer = await signedInAs(writerPage, 'member');
    const circle = await createCircle(writer, uniqueName('Bhasha'));
    const stamp = Date.now();
    const hindi = await createPost(writer, { circle: circle.name, title: `आज ऑफिस में बहुत काम था ${stamp}` });
    const english = await createPost(writer, { circle: circle.name, title: `Placement season starts on Monday ${stamp}` });
    expect([hindi.language, english.language]).toEqual(['hi', 'en']);
    await writerPage.close();

    // A new member reads in the language of their screens (English) until they choose.
    await signInMember(page);
    await page.goto('/home/posts');
    // The page comes rendered: wait for its island before using its controls.
    await page.waitForLoadState('networkidle');
    await expect(card(page, english.title)).toBeVisible();
    await expect(card(page, hindi.title)).toHaveCount(0);

    const chooser = page.locator('summary', { hasText: 'Show posts in:' });
    await expect(chooser).toContainText('English');
    await chooser.click();
    await page.getByRole('checkbox', { name: 'हिन्दी', exact: true }).check();
    await expect(card(page, hindi.title)).toBeVisible();
    await page.getByRole('checkbox', { name: 'English', exact: true }).uncheck();
    await expect(chooser).toContainText('हिन्दी');
    await expect(chooser).not.toContainText('English');
    // Hindi covers Hinglish: its box is ticked with it, and fixed.
    await expect(page.getByRole('checkbox', { name: 'Hinglish (Hindi in Latin letters)' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Hinglish (Hindi in Latin letters)' })).toBeDisabled();

    await expect(card(page, hindi.title)).toBeVisible();
    await expect(card(page, english.title)).toHaveCount(0);

    // The choice is the member's: a new page of the feed keeps it, and the profile shows it.
    await page.reload();
    await expect(card(page, hindi.title)).toBeVisible();
    await expect(card(page, english.title)).toHaveCount(0);
    await page.goto('/profile');
    const settings = page.getByRole('region', { name: 'Show posts in' });
    await expect(settings.getByRole('checkbox', { name: 'हिन्दी', exact: true })).toBeChecked();
    await expect(settings.getByRole('checkbox', { name: 'English', exact: true })).not.toBeChecked();
    // The last language ticked cannot be unticked.
    await expect(settings.getByRole('checkbox', { name: 'हिन्दी', exact: true })).toBeDisabled();
  });
});
