import { expect, test } from '@playwright/test';
import { createCircle, createPost, signInMember } from './app-fixtures.ts';
import { signedInAs } from './roles.ts';

const BANNER = 'This may be a scam. Never share an OTP or UPI PIN. Report fraud at 1930 or cybercrime.gov.in.';

test.describe('scam shield', () => {
  test('a scam post is held: its author sees "Held for review", a reader finds nothing', async ({ page, browser }) => {
    const author = await signInMember(page);
    const circle = await createCircle(author);
    const scam = await createPost(author, {
      circle: circle.name,
      title: 'Your SBI account will be blocked today',
      description: '<p>Update your KYC now at sbi-kyc-update.in or call 9876543210 immediately.</p>',
    });
    expect(scam.moderation_status).toBe('held');
    await createPost(author, { circle: circle.name, title: 'Which bank has the best FD rate?' });

    await page.goto(`/home/comments/${scam.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your SBI account will be blocked today' })).toBeVisible();
    await expect(page.getByText('Held for review')).toBeVisible();

    const readerPage = await (await browser.newContext()).newPage();
    await signedInAs(readerPage, 'member');
    await readerPage.goto(`/home/channel-page?key=${encodeURIComponent(circle.name)}`);
    await expect(readerPage.getByRole('article', { name: 'Which bank has the best FD rate?' })).toBeVisible();
    await expect(readerPage.getByText('Your SBI account will be blocked today')).toHaveCount(0);
  });

  test('a warned post shows the banner on its card and its page', async ({ page }) => {
    const author = await signInMember(page);
    const circle = await createCircle(author);
    const warned = await createPost(author, {
      circle: circle.name,
      title: 'Earn ₹3000 daily from home',
      description: '<p>Simple like and earn work, message on WhatsApp for details.</p>',
    });
    expect(warned.moderation_status).toBe('visible');

    await page.goto(`/home/channel-page?key=${encodeURIComponent(circle.name)}`);
    const card = page.getByRole('article', { name: 'Earn ₹3000 daily from home' });
    await expect(card.getByRole('note')).toHaveText(BANNER);
    await page.goto(`/home/comments/${warned.id}`);
    await expect(page.getByRole('note')).toHaveText(BANNER);
  });
});

test('a moderator removes a scam as a scam; the same UPI ID in new words from another account is held', async ({ page, browser }) => {
  const scammer = await signInMember(page);
  const circle = await createCircle(scammer);
  const upi = `refund.${Date.now().toString(36)}@ybl`;
  // Worded so the text alone does not hold it: the moderator's decision is what teaches the shield.
  const first = await createPost(scammer, {
    circle: circle.name,
    title: 'Selling my old cycle',
    description: `<p>Pay the token amount to ${upi} and I will keep it for you.</p>`,
  });
  expect(first.moderation_status).not.toBe('held');
  const reporter = await signInMember(await (await browser.newContext()).newPage());
  expect(
    (await reporter.page.request.post('/api/reports/', { headers: reporter.auth, data: { post: first.id, reason: 'scam' } })).status(),
  ).toBe(201);

  const staffPage = await (await browser.newContext()).newPage();
  await signedInAs(staffPage, 'moderator');
  await staffPage.goto('/staff#reports');
  const item = staffPage.getByTestId('review-case').filter({ hasText: 'Selling my old cycle' });
  await expect(item).toBeVisible();
  await item.getByLabel(/^Reason/).fill('Advance-payment scam');
  await item.getByRole('combobox', { name: 'What it was' }).selectOption('scam');
  await item.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(item).toHaveCount(0);

  const second = await signInMember(await (await browser.newContext()).newPage());
  const again = await createPost(second, {
    circle: circle.name,
    title: 'Bicycle for sale, good condition',
    description: `<p>Send ₹500 to ${upi} to book a visit.</p>`,
  });
  await second.page.goto(`/home/comments/${again.id}`);
  await expect(second.page.getByText('Held for review')).toBeVisible();
});
