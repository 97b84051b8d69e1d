import { expect, test, type Page } from '@playwright/test';
import { createCircle, tinyPng } from './app-fixtures.ts';
import { signedInAs } from './roles.ts';

const editor = (page: Page) => page.getByRole('textbox', { name: 'Body' });

/** Pastes HTML into the editor the way a browser does, so Quill's own clipboard handling runs. */
async function pasteHtml(page: Page, html: string) {
  await editor(page).click();
  await editor(page).evaluate((node, markup) => {
    const data = new DataTransfer();
    data.setData('text/html', markup);
    data.setData('text/plain', markup.replace(/<[^>]+>/g, ''));
    node.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

test.describe('create post', () => {
  test('a text post in the pre-selected community, with only safe links kept, lands on the channel page', async ({ page }) => {
    const member = await signedInAs(page, 'member');
    const circle = await createCircle(member);
    await page.goto(`/home/create?channelName=${encodeURIComponent(circle.name)}`);

    await expect(page.getByRole('combobox', { name: 'Choose a channel' })).toHaveValue(circle.name);
    await expect(page.getByRole('tab')).toHaveText(['Text', 'Images & Video', 'Link', 'Poll']);
    const controls = page.getByRole('toolbar', { name: 'Formatting' }).locator('button, .ql-picker-label');
    await expect
      .poll(() => controls.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))))
      .toEqual([
        'Text style',
        'Bold',
        'Italic',
        'Underline',
        'Strikethrough',
        'Numbered list',
        'Bulleted list',
        'Link',
        'Image',
        'Clear formatting',
      ]);

    const title = page.getByLabel('Title *');
    await expect(title).toHaveAttribute('maxlength', '300');
    await title.fill('Monsoon ferry timings');
    await expect(page.getByText('21/100')).toBeVisible();

    await pasteHtml(
      page,
      '<p>Check <a href="javascript:alert(1)">this</a> and <a href="https://kpt.example.in/ferry">the schedule</a> daily</p>',
    );
    await expect(editor(page)).toContainText('the schedule daily');
    await page.getByRole('button', { name: 'Post', exact: true }).click();

    await expect(page).toHaveURL(
      new RegExp(`/home/channel-page\\?key=${encodeURIComponent(circle.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}&new=\\d+$`),
    );
    const card = page.getByRole('article', { name: 'Monsoon ferry timings' });
    await expect(card).toBeVisible();
    // The new post is marked and on screen.
    await expect(page.getByTestId('new-post')).toContainText('Monsoon ferry timings');
    await expect(page.getByTestId('new-post')).toBeInViewport();
    await expect(card.getByRole('link', { name: 'the schedule' })).toHaveAttribute('href', 'https://kpt.example.in/ferry');
    await expect(card.locator('a[href^="javascript"]')).toHaveCount(0);
    await expect(card.getByText('Check this and the schedule daily')).toBeVisible();
  });

  test('an images post: previews can be removed, upload progress shows while posting, the card shows the 3+ layout', async ({ page }) => {
    const member = await signedInAs(page, 'member');
    const circle = await createCircle(member);
    await page.goto('/home/create');
    const picker = page.getByRole('combobox', { name: 'Choose a channel' });
    await picker.fill(circle.name.slice(0, -2));
    await page.getByRole('option', { name: new RegExp(`b/${circle.name}`) }).click();
    await expect(picker).toHaveValue(circle.name);

    await page.getByRole('tab', { name: 'Images & Video' }).click();
    await expect(page.getByText('JPG, PNG, GIF, MP4 up to 100MB')).toBeVisible();
    const files = await Promise.all(
      [1, 2, 3, 4, 5].map(async (i) => ({ name: `shot-${i}.png`, mimeType: 'image/png', buffer: await tinyPng(i) })),
    );
    // A file the server would refuse (here an SVG) is left out with a note, the others are kept.
    const svg = { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') };
    await page.getByLabel('Choose images or videos').setInputFiles([...files, svg]);
    await expect(page.getByText('Only JPG, PNG, GIF or WebP images and MP4 videos can be added.')).toBeVisible();
    const previews = page.getByRole('list', { name: 'Selected media' }).getByRole('img');
    await expect(previews).toHaveCount(5);
    await page.getByRole('button', { name: 'Remove shot-5.png' }).click();
    await expect(previews).toHaveCount(4);
    await page.getByLabel('Title *').fill('Beach clean-up photos');

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/posts/', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    // Undescribed images get a reminder first (tests/e2e/image-descriptions.spec.ts); this journey posts them as they are.
    await page.getByRole('button', { name: 'Post anyway' }).click();
    // Files on their way show the upload's progress in the overlay; once sent, 'Processing...'.
    await expect(page.getByRole('status').filter({ hasText: /Uploading \d+%|Processing\.\.\./ })).toBeVisible();
    release();

    await expect(page).toHaveURL(new RegExp(`/home/channel-page\\?key=.*&new=\\d+$`));
    const card = page.getByRole('article', { name: 'Beach clean-up photos' });
    await expect(card.locator('img')).toHaveCount(3);
    await expect(card.getByRole('link', { name: /^\+1 more/ })).toBeVisible();
  });

  test('a refused post says the server message beside the form; a visitor is asked to log in', async ({ page, browser }) => {
    await signedInAs(page, 'member');
    await page.goto('/home/create');
    await page.getByLabel('Title *').fill('No community chosen');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This field may not be blank.' })).toBeVisible();
    await expect(page).toHaveURL(/\/home\/create/);

    const visitor = await browser.newPage();
    await visitor.goto('/home/create');
    await expect(visitor.getByText('Log in to create a post.')).toBeVisible();
    await expect(visitor.getByRole('main').getByRole('button', { name: 'Login' })).toBeVisible();
    await visitor.close();
  });
});
