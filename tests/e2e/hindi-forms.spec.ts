import { expect, test } from '@playwright/test';
import { signInByApi } from './helpers.ts';

/**
 * The public forms and the privacy table, in Hindi: the prebuilt /hi pages, and the grievance pages by the lang cookie;
 * then a member's safety, verification and data sections, and the moderation log, by the same cookie.
 */
test.describe('public forms in Hindi', () => {
  test('the privacy page words its table of stored data in Hindi', async ({ page }) => {
    await page.goto('/hi/privacy');
    const table = page.getByRole('region', { name: 'हम क्या रखते हैं, हर फ़ील्ड के हिसाब से' });
    await expect(table.getByRole('columnheader')).toHaveText(['क्या', 'फ़ील्ड', 'क्यों', 'कब तक']);
    await expect(table.getByText('आपका खाता नंबर', { exact: true })).toBeVisible();
  });

  test('the contact form asks for what is missing in Hindi', async ({ page }) => {
    await page.goto('/hi/contactus');
    await expect(page.getByRole('heading', { name: 'हमें संदेश भेजें' })).toBeVisible();
    await expect(page.getByText('हमें फ़ॉलो करें')).toBeVisible();
    const send = page.getByRole('button', { name: 'संदेश भेजें' });
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByText('ई-मेल ज़रूरी है')).toBeVisible();
    await expect(page.getByText('संदेश ज़रूरी है')).toBeVisible();
  });

  test('the grievance page and its tracker follow the lang cookie', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'lang', value: 'hi', url: baseURL! }]);
    await page.goto('/grievance');
    await expect(page.getByRole('heading', { name: 'शिकायत अधिकारी', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'शिकायत दर्ज करें' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'शिकायत दर्ज करने के बाद क्या होता है' })).toBeVisible();
    const file = page.getByRole('button', { name: 'शिकायत दर्ज करें' });
    await expect(file).toBeEnabled();
    await file.click();
    await expect(page.getByText('चुनें कि शिकायत किस बारे में है')).toBeVisible();

    await page.goto('/grievance/track');
    await expect(page.getByRole('alert')).toHaveText('यह शिकायत नहीं मिली। देख लें कि आपने मेल में आया पूरा लिंक खोला है।');
  });

  test("a member's profile sections and the moderation log read in Hindi", async ({ page, baseURL }) => {
    await signInByApi(page);
    await page.context().addCookies([{ name: 'lang', value: 'hi', url: baseURL! }]);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'सत्यापन', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'कोड भेजें' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'सुरक्षा सेटिंग' })).toBeVisible();
    await expect(page.getByText('आपने किसी को ब्लॉक नहीं किया है।')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'आपका डेटा' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'गोपनीयता नीति' })).toHaveAttribute('href', '/hi/privacy');

    await page.goto('/modlog');
    await expect(page.getByRole('heading', { name: 'मॉडरेशन लॉग', level: 1 })).toBeVisible();
  });
});
