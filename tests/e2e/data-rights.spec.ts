import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { readZip } from '../helpers/zip.ts';
import { NOTICE_TITLE, UNDER_18_MESSAGE } from '../../src/lib/privacy-notice.ts';
import { createCircle, createPost, uniqueName, type Member } from './app-fixtures.ts';
import { otpFor, signInByApi, uniqueEmail } from './helpers.ts';
import { openLogin, requestCode } from './site-fixtures.ts';

const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 4412);

/** The newest code mailed to `email` after the first `after` mails (a second code to the same address). */
async function codeAfter(email: string, after: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${MAIL_PORT}/__mail/otp?to=${encodeURIComponent(email)}&after=${after}`);
  if (!res.ok) throw new Error(`no new code for ${email}`);
  return ((await res.json()) as { code: string }).code;
}
const mailCount = async (email: string) =>
  ((await (await fetch(`http://127.0.0.1:${MAIL_PORT}/__mail/otp?to=${encodeURIComponent(email)}`)).json()) as { count: number }).count;

const zipEntries = (file: string) => readZip(readFileSync(file));

test('a new member sees the privacy notice; an under-18 answer stops sign-up, an adult one signs in', async ({ page }) => {
  await page.goto('/');
  let dialog = await openLogin(page);
  const young = uniqueEmail('young');
  await requestCode(dialog, young);
  await dialog.getByLabel('One-time password (OTP)').fill(await otpFor(young));
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(dialog.getByRole('heading', { name: NOTICE_TITLE })).toBeVisible();
  await expect(dialog.getByText('A keyed fingerprint (hash) of your sign-in address, never the address itself')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await expect(dialog.getByRole('link', { name: 'Grievance Officer' })).toHaveAttribute('href', '/grievance');
  await dialog.getByRole('button', { name: 'I am under 18' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(UNDER_18_MESSAGE);
  expect((await page.context().cookies()).find((c) => c.name === 'access_token')).toBeUndefined();
  await dialog.getByRole('button', { name: 'Back to the site' }).click();
  await expect(dialog).toBeHidden();

  dialog = await openLogin(page);
  const adult = uniqueEmail('adult');
  await requestCode(dialog, adult);
  await dialog.getByLabel('One-time password (OTP)').fill(await otpFor(adult));
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await dialog.getByRole('button', { name: 'I am 18 or older and I agree' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/home'));
  expect((await page.context().cookies()).find((c) => c.name === 'access_token')).toBeTruthy();
});

test('a member downloads their data: the page shows progress, survives a reload, and the zip holds data.json and the uploads', async ({
  page,
}) => {
  const { access } = await signInByApi(page);
  const member: Member = { page, access, auth: { Authorization: `Bearer ${access}` } };
  const circle = await createCircle(member);
  const posted = await createPost(member, { circle: circle.name, title: uniqueName('Exported post'), images: 1 });

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Download my data' }).click();
  await page.reload();
  const download = page.getByRole('link', { name: 'Download the zip' });
  await expect(download).toBeVisible({ timeout: 20_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const entries = await zipEntries(await file.path());
  const data = JSON.parse(entries.get('data.json')!.toString()) as { posts: { title: string }[]; consent_records: unknown[] };
  expect(data.posts.map((p) => p.title)).toEqual([posted.title]);
  expect(data.consent_records).toHaveLength(1);
  const imageName = posted.images[0].split('/').pop()!;
  expect(entries.get(`media/${imageName}`)?.length).toBeGreaterThan(0);
});

test('a member deletes the account and its posts are gone from the feed', async ({ page }) => {
  const { access, email } = await signInByApi(page);
  const member: Member = { page, access, auth: { Authorization: `Bearer ${access}` } };
  const circle = await createCircle(member);
  const posted = await createPost(member, { circle: circle.name, title: uniqueName('Soon erased') });
  await page.goto('/home');
  await expect(page.getByRole('article', { name: posted.title })).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByLabel(/Your sign-in e-mail address/).fill(email);
  const before = await mailCount(email);
  await page.getByRole('button', { name: 'Send deletion code' }).click();
  await page.getByLabel('Deletion code').fill(await codeAfter(email, before));
  await expect(page.getByRole('radio', { name: 'Erase them too, with their photos and videos' })).toBeChecked();
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your account is being deleted' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'access_token')).toBeUndefined();

  await expect
    .poll(
      async () => {
        await page.goto('/home');
        await page.getByRole('article').first().waitFor();
        return page.getByRole('article', { name: posted.title }).count();
      },
      { timeout: 20_000 },
    )
    .toBe(0);
});

test('a member withdraws consent from the profile: told what it means first, then signed out with the date of the erasure', async ({
  page,
}) => {
  const { access } = await signInByApi(page);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Withdraw consent' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('erased after 72 hours');
  await dialog.getByRole('button', { name: 'Withdraw consent' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your consent is withdrawn and you are signed out' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'access_token')).toBeUndefined();
  // The server stopped at once: the token the member held is refused.
  const baseURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4411)}`;
  expect((await page.request.get(`${baseURL}/api/users/me/profile/`, { headers: { Authorization: `Bearer ${access}` } })).status()).toBe(
    401,
  );
});
