import { expect, test } from '@playwright/test';
import { createCircle, createComment, createPost, uniqueName } from './app-fixtures.ts';
import { signedInAs } from './roles.ts';

test('search: each tab, the empty and no-result texts, keyboard and Escape', async ({ page }) => {
  const member = await signedInAs(page, 'member');
  const word = `zebu${Date.now().toString(36)}`;
  const circle = await createCircle(member, uniqueName(`Circle ${word}`));
  const post = await createPost(member, { circle: circle.name, title: `About the ${word} herd` });
  await createComment(member, post.id, `A comment on the ${word} herd`);

  let searchCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/posts/search/')) searchCalls++;
  });
  await page.goto('/home/posts');
  await page.getByRole('searchbox', { name: 'Search', exact: true }).focus();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const input = dialog.getByPlaceholder('Search anything...');
  await expect(input).toBeFocused();
  await expect(dialog.getByText('Search for posts, channels, or comments')).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
  // The focus stays in the dialog: Tab wraps around from the last control (the Relevant/New order) to the first.
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('combobox')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('tab', { name: 'Posts' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(input).toBeFocused();

  // Blank: no call.
  await input.fill('   ');
  await page.waitForTimeout(450);
  expect(searchCalls).toBe(0);
  await expect(dialog.getByText('Search for posts, channels, or comments')).toBeVisible();

  await input.pressSequentially(word, { delay: 20 });
  const postHit = dialog.getByRole('link', { name: new RegExp(`About the ${word} herd`) });
  await expect(postHit).toHaveAttribute('href', `/home/comments/${post.id}`);
  expect(searchCalls).toBe(1);

  await dialog.getByRole('tab', { name: 'Channels' }).click();
  await expect(dialog.getByRole('link', { name: new RegExp(`b/${circle.name}`) })).toHaveAttribute(
    'href',
    `/home/channel-page/${circle.id}`,
  );
  await dialog.getByRole('tab', { name: 'Comments' }).click();
  await expect(dialog.getByRole('link', { name: new RegExp(`A comment on the ${word} herd`) })).toHaveAttribute(
    'href',
    `/home/comments/${post.id}`,
  );

  // A word nothing resembles, in any spelling (a misspelling like "zebuuu" would find the herd by its skeleton).
  await input.fill(`xq${[...word].reverse().join('')}vj`);
  await expect(dialog.getByText('No results found')).toBeVisible();
  await input.fill('');
  await expect(dialog.getByText('Search for posts, channels, or comments')).toBeVisible();

  // Escape closes the modal even with a query in the box (a search field's own Escape would only empty it).
  await input.fill(word);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The close button closes it as well (and it stays closed while the box gets the focus back).
  await page.getByRole('searchbox', { name: 'Search', exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close search' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('searchbox', { name: 'Search', exact: true })).toBeFocused();
  await expect(dialog).toBeHidden();

  // Keyboard: open from the box, arrows to the first post hit, Enter opens it.
  await page.getByRole('searchbox', { name: 'Search', exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: 'Posts' }).click();
  await input.fill(word);
  await expect(postHit).toBeVisible();
  await input.focus();
  await page.keyboard.press('ArrowDown');
  await expect(postHit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/home/comments/${post.id}$`));
});

test('search as a visitor finds public posts', async ({ page }) => {
  await page.goto('/home/posts');
  await page.getByRole('searchbox', { name: 'Search', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByPlaceholder('Search anything...').fill('cricket');
  await expect(dialog.getByRole('link').first()).toHaveAttribute('href', /^\/home\/comments\/\d+$/);
});

test('from the keyboard: Tab onto the header box opens the modal with the focus in it; Escape hands the focus back', async ({ page }) => {
  await page.goto('/home/posts');
  // The Login button appears once the header island runs.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  await page.getByRole('link', { name: 'Bharat Square home' }).focus();
  await page.keyboard.press('Tab');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog.getByPlaceholder('Search anything...')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const box = page.getByRole('searchbox', { name: 'Search', exact: true });
  await expect(box).toBeFocused();
  // Moving on from the box leaves the modal closed.
  await page.keyboard.press('Tab');
  await expect(box).not.toBeFocused();
  await expect(dialog).toBeHidden();
});

test('a focus on the box before the header island has run still opens the search once it runs', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/AppHeader*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/home/posts', { waitUntil: 'domcontentloaded' });
  await page.getByRole('searchbox', { name: 'Search', exact: true }).focus();
  release();
  await expect(page.getByRole('dialog', { name: 'Search' }).getByPlaceholder('Search anything...')).toBeFocused();
});

test('search: Hinglish typed in Latin letters finds a post written in Devanagari, says so, and opens it', async ({ page }) => {
  const member = await signedInAs(page, 'member');
  const tag = `zq${Date.now().toString(36)}`;
  const circle = await createCircle(member, uniqueName('Circle Hinglish'));
  const title = `धोखाधड़ी से सावधान ${tag}`;
  const post = await createPost(member, { circle: circle.name, title });

  await page.goto('/home/posts');
  await page.getByRole('searchbox', { name: 'Search', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByPlaceholder('Search anything...').fill('dhokhadhadi');
  // The words were matched in the other script: the dialog says which.
  await expect(dialog.getByText('Showing results for धोखाधड़ी')).toBeVisible();
  const hit = dialog.getByRole('link', { name: new RegExp(tag) });
  await expect(hit).toHaveAttribute('href', `/home/comments/${post.id}`);
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/home/comments/${post.id}`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});
