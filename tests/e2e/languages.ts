import type { Page } from '@playwright/test';

/**
 * Reading a screen in another language: the Latin words left in its visible text once members' own writing is
 * taken out, and the static site's language switch.
 */
export async function englishOnScreen(page: Page, userContent: string[] = [], root = 'body'): Promise<string[]> {
  const text = await page.evaluate((rootSelector) => {
    const clone = document.querySelector(rootSelector)!.cloneNode(true) as HTMLElement;
    // Members' writing and names: post titles and bodies, handles, channel names and what the server says of a channel.
    const selectors = [
      'article h2',
      'article h3',
      'article .rich-text',
      'article header',
      'article [role="note"]',
      '[aria-labelledby="popular-heading"] li a',
      'input',
      'select',
      'script',
      'style',
      '[hidden]',
    ];
    clone.querySelectorAll(selectors.join(',')).forEach((node) => node.remove());
    // Only what is rendered: the clone has no layout, so hidden parts are found on the original.
    return clone.innerText ?? clone.textContent ?? '';
  }, root);
  let remaining = text;
  for (const content of userContent) remaining = remaining.split(content).join(' ');
  // File types, the language switch's own name, and the names of the social networks the footer links to.
  const allowed = new Set(['JPG', 'PNG', 'GIF', 'MP4', 'WebP', 'MB', 'English', 'Instagram', 'LinkedIn', 'WhatsApp', 'Facebook']);
  return [...remaining.matchAll(/[A-Za-z]{2,}/g)].map((m) => m[0]).filter((word) => !allowed.has(word));
}

/** Opens the header's language menu on a static page and picks a language by its own name (`বাংলা`). */
export async function chooseSiteLanguage(page: Page, name: string): Promise<void> {
  const banner = page.getByRole('banner');
  await banner.locator('[data-language-menu] > summary').first().click();
  await banner.getByRole('link', { name, exact: true }).first().click();
}
