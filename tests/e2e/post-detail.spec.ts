import { expect, test, type Page } from '@playwright/test';
import { createCircle, createPost, signInMember, tinyPng } from './app-fixtures.ts';
import { signedInAs } from './roles.ts';

const commentBox = (page: Page) => page.getByLabel('Add a comment');
const comments = (page: Page) => page.getByTestId('comment');

test.describe('post detail', () => {
  test('opens by reloading its URL; comments by Enter, with emoji and media; empty and wrong-type alerts', async ({ page }) => {
    const member = await signedInAs(page, 'member');
    const circle = await createCircle(member);
    const post = await createPost(member, {
      circle: circle.name,
      title: 'Kambala season opens',
      description: '<p>Race <strong>schedule</strong> inside</p>',
      images: 1,
    });

    await page.goto(`/home/comments/${post.id}`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Kambala season opens' })).toBeVisible();
    const article = page.getByRole('article', { name: 'Kambala season opens' });
    await expect(article.getByRole('link', { name: `b/${circle.name}` })).toBeVisible();
    await expect(article.getByText('schedule', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
    await expect(article.getByRole('img', { name: 'Kambala season opens: image 1' })).toBeVisible();
    await expect(page.getByTestId('comment-count')).toHaveText('0 Comments');
    await expect(page.getByText('Sort by: Best')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Comment', exact: true })).toBeDisabled();

    await commentBox(page).press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter a comment or select media.' })).toBeVisible();

    await expect(page.getByRole('group', { name: 'Emojis' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add emoji' }).click();
    await expect(page.getByRole('group', { name: 'Emojis' }).getByRole('button')).toHaveCount(9);
    await commentBox(page).fill('<b>Not bold</b> ');
    await page.getByRole('button', { name: 'folded hands' }).click();
    await commentBox(page).press('Enter');
    await expect(comments(page).first()).toContainText('<b>Not bold</b> 🙏');
    await expect(page.getByTestId('comment-count')).toHaveText('1 Comment');
    await expect(commentBox(page)).toHaveValue('');

    const attach = page.getByLabel('Choose an image or video');
    const typeError = page.getByRole('alert').filter({ hasText: 'Please select an image or video file.' });
    await attach.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(typeError).toBeVisible();
    await commentBox(page).fill('x');
    // An image the server would refuse (SVG) gets the same answer at once, not a failed upload.
    await attach.setInputFiles({ name: 'buffalo.png', mimeType: 'image/png', buffer: await tinyPng(8) });
    await expect(typeError).toBeHidden();
    await attach.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expect(typeError).toBeVisible();
    await commentBox(page).fill('');
    await attach.setInputFiles({ name: 'buffalo.png', mimeType: 'image/png', buffer: await tinyPng(7) });
    await expect(page.getByRole('img', { name: 'buffalo.png' })).toBeVisible();
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(comments(page)).toHaveCount(2);
    await expect(comments(page).first().getByRole('img')).toBeVisible();
    await expect(page.getByTestId('comment-count')).toHaveText('2 Comments');

    await page.reload();
    await expect(comments(page)).toHaveCount(2);
    await expect(comments(page).nth(1)).toContainText('<b>Not bold</b> 🙏');
  });

  test("the sidebar joins the community for real and shows its member count and its rules (the site's until the owner writes some)", async ({
    page,
    browser,
  }) => {
    const ownerPage = await (await browser.newContext()).newPage();
    const owner = await signInMember(ownerPage);
    const circle = await createCircle(owner);
    const post = await createPost(owner, { circle: circle.name, title: 'Sidebar join test' });
    await signedInAs(page, 'member');

    await page.goto(`/home/comments/${post.id}`);
    const sidebar = page.getByRole('complementary', { name: 'Community' });
    await expect(sidebar.getByTestId('community-members')).toHaveText('1 member');
    await expect(sidebar.getByRole('heading', { name: "Bharat Square's rules" })).toBeVisible();
    await expect(sidebar.getByRole('listitem')).toHaveCount(5);
    const written = await ownerPage.request.put(`/api/circles/${circle.id}/rules/`, {
      headers: owner.auth,
      data: { rules: [{ title: 'Be kind', body: 'No personal attacks.' }] },
    });
    expect(written.status()).toBe(200);
    await page.reload();
    await expect(sidebar.getByRole('heading', { name: `Rules of b/${circle.name}` })).toBeVisible();
    await expect(sidebar.getByRole('listitem')).toHaveCount(1);
    await expect(sidebar.getByRole('listitem')).toContainText('Be kind');
    await sidebar.getByRole('button', { name: 'Join Community' }).click();
    await expect(page.getByText(`Joined channel ${circle.name} successfully!`)).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Joined' })).toBeDisabled();
    await expect(sidebar.getByTestId('community-members')).toHaveText('2 members');
    await ownerPage.context().close();
  });

  test('long unbroken names and texts fit a 360 px phone: post page and channel page (the same cards as the feed)', async ({ page }) => {
    const member = await signedInAs(page, 'member');
    const name = `Z${'z'.repeat(36)}${Date.now().toString(36)}`.slice(0, 50);
    const res = await page.request.post('/api/circles/', {
      headers: member.auth,
      data: { name, description: 'D'.repeat(400), channel_type: 'public' },
    });
    expect(res.status(), await res.text()).toBe(201);
    const circle = (await res.json()) as { id: number };
    const post = await createPost(member, {
      circle: name,
      title: 'W'.repeat(120),
      description: `<p>https://example.com/${'x'.repeat(150)}</p>`,
    });
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [`/home/comments/${post.id}`, `/home/channel-page/${circle.id}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: /^(W+|b\/Z+.*)$/ }).first()).toBeVisible();
      await expect(page.getByRole('main').getByText(`b/${name}`).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });

  test("a missing post shows 'Error Loading Comments' and Go back leads to the feed", async ({ page }) => {
    await page.goto('/home/comments/99999999');
    await expect(page.getByRole('heading', { name: 'Error Loading Comments' })).toBeVisible();
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/home\/posts\/?$/);
  });

  test("a public post's HTML carries its title in <title> and OpenGraph; a private one does not", async ({ page }) => {
    const member = await signedInAs(page, 'member');
    const open = await createPost(member, {
      circle: (await createCircle(member)).name,
      title: 'Pilikula zoo reopens',
      description: '<p>New enclosures for the tigers.</p>',
      images: 1,
    });
    const html = await (await page.request.get(`/home/comments/${open.id}`)).text();
    expect(html).toContain('<title>Pilikula zoo reopens | b/');
    expect(html).toMatch(/<meta property="og:title" content="Pilikula zoo reopens \| b\/[^"]+"/);
    expect(html).toContain('<meta property="og:description" content="New enclosures for the tigers."');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/media\/[^"]+\.png"/);

    const hidden = await createPost(member, { circle: (await createCircle(member, undefined, 'private')).name, title: 'Secret plans' });
    const privateHtml = await (await page.request.get(`/home/comments/${hidden.id}`)).text();
    expect(privateHtml).toContain('<title>Post | Bharat Square</title>');
    expect(privateHtml).not.toContain('Secret plans');
  });
});
