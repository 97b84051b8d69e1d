import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './helpers.ts';

const form = (page: Page) => page.getByRole('form', { name: 'Send us a message' });

test('the contact page shows how to reach us, with a map only behind a link', async ({ page, baseURL }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto('/contactus');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'support@bharatsquare.in' })).toHaveAttribute('href', 'mailto:support@bharatsquare.in');
  await expect(main.getByRole('link', { name: /^\+91/ })).toHaveAttribute('href', /^tel:\+91\d+$/);
  await expect(main.locator('address')).toContainText('Pune, Maharashtra');
  for (const name of ['Instagram', 'LinkedIn', 'WhatsApp', 'Facebook'])
    await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(main.getByRole('img', { name: /map of Baner, Pune/ })).toBeVisible();
  await expect(main.getByRole('link', { name: /Open the map/ })).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\//);
  await expect(form(page)).toBeVisible();
  // No third-party script, map tile or font: everything comes from our own origin.
  expect(requested.filter((url) => new URL(url).origin !== new URL(baseURL!).origin)).toEqual([]);
});

test('both fields are required', async ({ page }) => {
  await page.goto('/contactus');
  await form(page).getByRole('button', { name: 'Send message' }).click();
  await expect(form(page).getByText('Email is required', { exact: true })).toBeVisible();
  await expect(form(page).getByText('Message is required', { exact: true })).toBeVisible();
  await expect(form(page).getByLabel('Email')).toBeFocused();

  await form(page).getByLabel('Email').fill(uniqueEmail('contact'));
  await form(page).getByRole('button', { name: 'Send message' }).click();
  await expect(form(page).getByText('Email is required')).toBeHidden();
  await expect(form(page).getByText('Message is required', { exact: true })).toBeVisible();
  await expect(form(page).getByLabel('Message')).toBeFocused();
});

test('a message is sent: Sending... with the form disabled, then success and empty fields', async ({ page }) => {
  await page.goto('/contactus');
  const email = uniqueEmail('contact');
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact/', async (route) => {
    await released;
    await route.continue();
  });
  await form(page).getByLabel('Email').fill(email);
  await form(page).getByLabel('Message').fill('Can my college start a private channel for alumni?');
  const posted = page.waitForRequest('**/api/contact/');
  await form(page).getByRole('button', { name: 'Send message' }).click();
  expect((await posted).postDataJSON()).toEqual({ email, message: 'Can my college start a private channel for alumni?' });
  await expect(form(page).getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(form(page).getByLabel('Email')).toBeDisabled();
  await expect(form(page).getByLabel('Message')).toBeDisabled();
  const answered = page.waitForResponse('**/api/contact/');
  release();
  expect((await answered).status()).toBe(201);
  await expect(form(page).getByText('Your message was sent successfully!')).toBeVisible();
  await expect(form(page).getByLabel('Email')).toHaveValue('');
  await expect(form(page).getByLabel('Message')).toHaveValue('');
  await expect(form(page).getByRole('button', { name: 'Send message' })).toBeEnabled();
});

test('a failed send says so and clears the fields', async ({ page }) => {
  await page.route('**/api/contact/', (route) => route.fulfill({ status: 500, json: { detail: 'Internal Server Error' } }));
  await page.goto('/contactus');
  await form(page).getByLabel('Email').fill(uniqueEmail('contact'));
  await form(page).getByLabel('Message').fill('Hello');
  await form(page).getByRole('button', { name: 'Send message' }).click();
  await expect(form(page).getByRole('alert')).toHaveText('Failed to send message. Please try again later.');
  await expect(form(page).getByLabel('Email')).toHaveValue('');
  await expect(form(page).getByLabel('Message')).toHaveValue('');
});
