import { expect, type Locator, type Page } from '@playwright/test';

/** Every static page: the route the links use, its canonical path (spec section 2) and its heading. */
export const STATIC_PAGES = [
  { path: '/about', canonical: '/about', heading: 'About Us' },
  { path: '/terms-conditions', canonical: '/terms-conditions', heading: 'Terms & Conditions' },
  { path: '/privacy', canonical: '/privacy', heading: 'Privacy Policy' },
  { path: '/contactus', canonical: '/contactus', heading: 'Contact Us' },
  { path: '/pricing-page', canonical: '/pricing', heading: 'Pricing' },
  { path: '/faq', canonical: '/faq', heading: 'FAQ' },
  { path: '/refund', canonical: '/refund', heading: 'Refund Policy' },
] as const;

/**
 * The pages tests/e2e/dark-mode.spec.ts runs axe on in the light and in the dark theme; a light system is the browser's
 * default, so tests/e2e/a11y-site.spec.ts leaves those pages' light-theme axe run to it.
 */
export const THEMED_PAGES = ['/', '/hi/', '/about', '/hi/privacy', '/pricing-page', '/hi/faq', '/home/posts'];

/** The path without the trailing slash the static server adds (/about → /about/). */
export const pathOf = (page: Page) => new URL(page.url()).pathname.replace(/(.)\/$/, '$1');

export const loginDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Login to Bharat Square' });

/** Opens the login modal from the header, as a visitor on a desktop screen would. */
export async function openLogin(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Types an address into the e-mail step and asks for a code. */
export async function requestCode(dialog: Locator, email: string) {
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
}
