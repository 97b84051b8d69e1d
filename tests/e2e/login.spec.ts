import { expect, test, type Page } from '@playwright/test';
import { otpFor, signInByApi, uniqueEmail } from './helpers.ts';
import { loginDialog, openLogin, pathOf, requestCode } from './site-fixtures.ts';

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const cookieNamed = async (page: Page, name: string) => (await page.context().cookies()).find((c) => c.name === name);

/** Creates an account through the API (as an earlier visit would have), leaving the browser signed out. */
async function existingAccount(page: Page): Promise<string> {
  const email = uniqueEmail('returning');
  await signInByApi(page, email);
  await page.context().clearCookies();
  return email;
}

test.describe('login modal', () => {
  test('e-mail step: validation, send failure, and the Processing overlay', async ({ page }) => {
    await page.goto('/');
    const dialog = await openLogin(page);
    await expect(dialog.getByText('Coming Soon...')).toBeVisible();
    await expect(dialog.getByText('By continuing, you agree to our Terms of Service and Privacy Policy.')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-conditions');
    await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');

    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid email address.');
    await requestCode(dialog, 'someone@example');
    await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid email address.');
    await expect(dialog.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');

    // Released by the test; made before the route runs, so a release that comes first (a slow machine runs the
    // route's handler after the overlay shows) is not lost.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/send-otp/', async (route) => {
      await released;
      await route.fulfill({ status: 503, json: { detail: 'Service unavailable' } });
    });
    await requestCode(dialog, uniqueEmail());
    await expect(dialog.getByRole('status')).toHaveText('Processing...');
    release();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to send OTP. Please try again.');
    await expect(dialog.getByText('Processing...')).toBeHidden();
    await expect(dialog.getByLabel('Email address')).toBeVisible();
  });

  test('OTP step: required code, at most 6 characters, a wrong code, then the 60-second countdown and resend', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const dialog = await openLogin(page);
    const email = uniqueEmail();
    await requestCode(dialog, email);
    const otp = dialog.getByLabel('One-time password (OTP)');
    await expect(otp).toBeFocused();
    await expect(dialog).toContainText(`We sent a 6-digit code to ${email}`);

    await dialog.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter the OTP.');
    await expect(otp).toHaveAttribute('maxlength', '6');
    await otp.pressSequentially('12345678');
    await expect(otp).toHaveValue('123456');

    await otp.fill(wrongCode(await otpFor(email)));
    await dialog.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Invalid or expired OTP. Please try again.');

    // The clock runs naturally until here, so a slow machine may already show 0:59 or less: pause it, then step.
    const countdownText = dialog.getByText('Resend OTP in');
    await expect(countdownText).toHaveText(/^Resend OTP in (1:00|0:[3-5]\d)$/);
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    const remaining = Number((await countdownText.textContent())!.match(/0:(\d\d)|1:00/)![1] ?? 60);
    await page.clock.runFor(1_000);
    await expect(countdownText).toHaveText(`Resend OTP in 0:${String(remaining - 1).padStart(2, '0')}`);
    await page.clock.runFor((remaining - 11) * 1_000);
    await expect(countdownText).toHaveText('Resend OTP in 0:10');
    await expect(dialog.getByRole('button', { name: 'Resend OTP' })).toHaveCount(0);
    await page.clock.fastForward(10_000);
    await expect(dialog.getByText('Resend available', { exact: true })).toBeVisible();

    const resent = page.waitForResponse((r) => r.url().endsWith('/api/auth/send-otp/') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Resend OTP' }).click();
    expect((await resent).status()).toBe(200);
    await expect(dialog.getByText('Resend OTP in')).toHaveText('Resend OTP in 1:00');

    await page.route('**/api/auth/send-otp/', (route) => route.abort('connectionrefused'));
    await page.clock.fastForward(60_000);
    await dialog.getByRole('button', { name: 'Resend OTP' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to send OTP. Please try again.');

    await dialog.getByRole('button', { name: 'Change e-mail' }).click();
    await expect(dialog.getByLabel('Email address')).toHaveValue(email);
  });

  test('a new user signs in, the profile is created, and the app opens at /home with both cookies', async ({ page }) => {
    await page.goto('/');
    const dialog = await openLogin(page);
    const email = uniqueEmail('new');
    await requestCode(dialog, email);
    await dialog.getByLabel('One-time password (OTP)').fill(await otpFor(email));
    const profileCreated = page.waitForResponse((r) => r.url().endsWith('/api/users/me/profile/') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Verify OTP' }).click();
    // The first sign-in asks for consent to the privacy notice (tests/e2e/data-rights.spec.ts) before the profile.
    await dialog.getByRole('button', { name: 'I am 18 or older and I agree' }).click();
    expect((await profileCreated).status()).toBe(201);
    await page.waitForURL((url) => url.pathname.startsWith('/home'));
    const access = await cookieNamed(page, 'access_token');
    const refresh = await cookieNamed(page, 'refresh_token');
    expect(access?.path).toBe('/');
    expect(access?.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(refresh?.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const verified = await page.request.post('/api/token/verify/', { data: { token: access!.value } });
    expect(verified.status()).toBe(200);
  });

  test('a returning user signs in without creating the profile again', async ({ page }) => {
    const email = await existingAccount(page);
    const profilePosts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/users/me/profile/') && r.method() === 'POST') profilePosts.push(r.url());
    });
    await page.goto('/');
    const dialog = await openLogin(page);
    await requestCode(dialog, `  ${email.toUpperCase()}  `);
    await expect(dialog.getByLabel('One-time password (OTP)')).toBeVisible();
    await dialog.getByLabel('One-time password (OTP)').fill(await otpFor(email));
    await dialog.getByRole('button', { name: 'Verify OTP' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/home'));
    expect(profilePosts).toEqual([]);
    expect((await cookieNamed(page, 'access_token'))?.path).toBe('/');
    expect(await cookieNamed(page, 'refresh_token')).toBeTruthy();
  });

  test('works by keyboard alone: focus stays inside, Escape closes and focus returns', async ({ page }) => {
    await page.goto('/');
    const login = page.getByRole('banner').getByRole('button', { name: 'Login' });
    await login.focus();
    await page.keyboard.press('Enter');
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByLabel('Email address')).toBeFocused();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    // The first and last focusable elements wrap round to each other.
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

    await dialog.getByLabel('Email address').focus();
    await page.keyboard.type(uniqueEmail());
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('One-time password (OTP)')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(login).toBeFocused();
  });
});

test.describe('start-up token check on /', () => {
  test('a valid token goes straight to /home, replacing the landing page in history', async ({ page }) => {
    await signInByApi(page);
    await page.goto('/about');
    await page.goto('/');
    await page.waitForURL((url) => url.pathname.startsWith('/home'));
    await page.goBack();
    expect(pathOf(page)).toBe('/about');
  });

  test('an expired access token is refreshed, then /home', async ({ page, baseURL }) => {
    const { access } = await signInByApi(page);
    await page.context().addCookies([{ name: 'access_token', value: `${access}x`, url: baseURL! }]);
    await page.goto('/');
    await page.waitForURL((url) => url.pathname.startsWith('/home'));
    const renewed = await cookieNamed(page, 'access_token');
    expect(renewed?.value).not.toBe(`${access}x`);
    expect((await page.request.post('/api/token/verify/', { data: { token: renewed!.value } })).status()).toBe(200);
  });

  test('when refreshing fails too, both tokens are cleared and the visitor stays on /', async ({ page, baseURL }) => {
    await page.context().addCookies([
      { name: 'access_token', value: 'not-a-token', url: baseURL! },
      { name: 'refresh_token', value: 'not-a-token-either', url: baseURL! },
    ]);
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/token/refresh/'));
    await page.goto('/');
    expect((await refreshed).status()).toBe(401);
    await expect.poll(() => cookieNamed(page, 'access_token')).toBeUndefined();
    expect(await cookieNamed(page, 'refresh_token')).toBeUndefined();
    expect(pathOf(page)).toBe('/');
  });

  test('a server that cannot be reached gets the connection message (in the page, not a browser alert)', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'access_token', value: 'some-token', url: baseURL! }]);
    await page.route('**/api/token/verify/', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
    page.on('dialog', (dialog) => {
      throw new Error(`a browser dialog opened: ${dialog.message()}`);
    });
    await page.goto('/');
    await expect(page.getByText('Connection Error: Cannot connect to the server. Please try again.')).toBeVisible();
    expect(pathOf(page)).toBe('/');
  });
});
