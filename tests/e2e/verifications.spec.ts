import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { otpFor, signInByApi } from './helpers.ts';
import { signedInAs } from './roles.ts';
import { uniqueName } from './app-fixtures.ts';

const personal = () => `member.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@gmail.com`;
const handleOf = async (page: import('@playwright/test').Page, access: string) =>
  (
    (await (await page.request.get('/api/users/me/profile/', { headers: { Authorization: `Bearer ${access}` } })).json()) as {
      profile: { username: string };
    }
  ).profile.username;

test.describe('verified communities', () => {
  test('a new member is asked to verify for Campus Connect, verifies an academic address, comes back and joins', async ({ page }) => {
    await signInByApi(page, personal());
    await page.goto('/home/channel-page?key=Campus%20Connect');
    await expect(page.getByTestId('channel-requirement')).toHaveText('Members verified: academic e-mail');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'you need a verified academic e-mail address' });
    await expect(notice).toBeVisible();
    await notice.getByRole('link', { name: 'Verify now' }).click();

    await expect(page).toHaveURL(/\/profile\?return=.*#verifications$/);
    const section = page.getByRole('region', { name: 'Verifications' });
    const address = `student.${Date.now()}@example.ac.in`;
    await section.getByLabel('E-mail address').fill(address);
    await section.getByRole('button', { name: 'Send code' }).click();
    await section.getByLabel('Verification code').fill(await otpFor(address));
    await section.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(section.getByRole('status')).toHaveText('Address verified.');
    await expect(page.getByRole('list', { name: 'Identity' }).getByText('Verified academic')).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();

    await section.getByRole('link', { name: 'Back to where you were' }).click();
    await expect(page).toHaveURL('/home/channel-page?key=Campus%20Connect');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Joined' })).toBeDisabled();
  });

  test('an owner creates an institution-only channel', async ({ page }) => {
    await signInByApi(page, `owner.${Date.now()}@iitb.ac.in`);
    const name = uniqueName('IITB Only');
    await page.goto('/home/create-channel');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Description').fill('Only verified IIT Bombay members');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /One institution/ }).check();
    await page.getByLabel('Institution (name or mail domain)').fill('Bombay');
    await page.getByRole('button', { name: /IIT Bombay/ }).click();
    await expect(page.getByText('Chosen: @iitb.ac.in')).toBeVisible();
    await page.getByRole('button', { name: 'Create Channel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `b/${name}` })).toBeVisible();
    await expect(page.getByTestId('channel-requirement')).toHaveText('Members verified: IIT Bombay e-mail');
  });

  test('a moderator approves a credential and the member’s chip and badge change', async ({ page, browser }) => {
    const { access } = await signInByApi(page, personal());
    await page.goto('/profile#verifications');
    await expect(page.getByText('Unverified', { exact: true })).toBeVisible();
    const section = page.getByRole('region', { name: 'Verifications' });
    await section.getByLabel('Credential', { exact: true }).selectOption('ca');
    const card = await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 20, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer();
    await section
      .getByLabel('Certificate or ID card (image or PDF)')
      .setInputFiles({ name: 'icai.jpg', mimeType: 'image/jpeg', buffer: card });
    await section.getByRole('button', { name: 'Send for review' }).click();
    await expect(section.getByRole('list', { name: 'Your credential requests' })).toContainText(
      'Chartered accountant (CA): Waiting for review',
    );

    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signedInAs(staffPage, 'moderator');
    await staffPage.goto('/staff');
    const request = staffPage.getByRole('list', { name: 'Credential requests' }).getByRole('listitem').last();
    await expect(request.getByRole('img', { name: 'Document: Chartered accountant (CA)' })).toBeVisible();
    await request.getByLabel(/Reason/).fill('Membership number checked');
    await request.getByRole('button', { name: 'Approve' }).press('Enter');
    await expect(request).toHaveCount(0);
    await staffContext.close();

    await page.reload();
    await expect(page.getByRole('list', { name: 'Identity' }).getByText('Verified CA')).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    expect(await handleOf(page, access)).toBeTruthy();
  });
});
