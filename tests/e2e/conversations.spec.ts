import { expect, test, type Page } from '@playwright/test';
import { createCircle, createComment, createPost, signInMember, uniqueName, type Member } from './app-fixtures.ts';
import { signedInAs } from './roles.ts';

/** The comment reading `text`: of the comments containing it (it and the ones it replies to), the innermost. */
const commentItem = (page: Page, text: string) =>
  page
    .getByTestId('comment')
    .filter({ has: page.getByText(text, { exact: true }) })
    .last();

/** Replies to the comment reading `text` through its inline reply box (Enter sends). */
async function replyTo(page: Page, text: string, reply: string) {
  const item = commentItem(page, text);
  await item.getByRole('button', { name: 'Reply', exact: true }).first().click();
  const box = item.getByRole('textbox').first();
  await box.fill(reply);
  await box.press('Enter');
  // The reply box closes once sent (waiting for it keeps the next click off a moving layout); until then its text
  // matches the reply too, so the posted reply is looked for among the comments.
  await expect(box).toBeHidden();
  await expect(page.getByTestId('comment').getByText(reply, { exact: true })).toBeVisible();
}

async function upvote(member: Member, commentId: number) {
  const res = await member.page.request.post(`/api/posts/comments/upvotes/?comment_id=${commentId}`, { headers: member.auth });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test.describe('conversations', () => {
  test("a reply to another member's comment counts up their bell without a reload, and leads to the comment", async ({ page, browser }) => {
    const author = await signInMember(page);
    const circle = await createCircle(author);
    const post = await createPost(author, { circle: circle.name, title: uniqueName('Monsoon commute') });
    await createComment(author, post.id, 'Which trains are running?');

    // The author waits on the feed with the live stream open.
    const streamOpen = page.waitForResponse((res) => res.url().includes('/api/notifications/stream/'));
    await page.goto('/home/posts');
    await streamOpen;
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    await signedInAs(otherPage, 'member');
    await otherPage.goto(`/home/comments/${post.id}`);
    await replyTo(otherPage, 'Which trains are running?', 'The harbour line is up again');
    const replied = Date.now();

    const bell = page.getByRole('button', { name: 'Notifications (1 unread)' });
    await expect(bell).toBeVisible({ timeout: 2_000 });
    expect(Date.now() - replied).toBeLessThan(2_500);
    await expect(page.getByTestId('unread-count')).toHaveText('1');

    await bell.click();
    const entry = page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: /replied to your comment/ });
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`/home/comments/${post.id}#comment-\\d+$`));
    await expect(page.locator('[data-highlighted]')).toContainText('The harbour line is up again');
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await otherContext.close();
  });

  test('a reply three levels deep nests under its parents; a collapsed thread says how many replies it hides', async ({ page }) => {
    const member = await signedInAs(page, 'member');
    const circle = await createCircle(member);
    const post = await createPost(member, { circle: circle.name, title: uniqueName('Deep thread') });
    await createComment(member, post.id, 'Level zero');
    await page.goto(`/home/comments/${post.id}`);

    await replyTo(page, 'Level zero', 'Level one');
    await replyTo(page, 'Level one', 'Level two');
    await replyTo(page, 'Level two', 'Level three');
    await expect(page.locator('[data-depth="3"]')).toContainText('Level three');
    await expect(page.getByTestId('comment-count')).toHaveText('4 Comments');

    await page.reload();
    await expect(page.locator('[data-depth="3"]')).toContainText('Level three');
    const top = page.locator('[data-depth="0"]');
    await top.getByRole('button', { name: 'Collapse thread' }).first().click();
    await expect(top.getByRole('button', { name: '+ 3 replies hidden' })).toBeVisible();
    await expect(page.getByText('Level three', { exact: true })).toHaveCount(0);
    await top.getByRole('button', { name: '+ 3 replies hidden' }).click();
    await expect(page.getByText('Level three', { exact: true })).toBeVisible();
  });

  test('sort by Top puts the most upvoted comment first and keeps the order in the URL; an upvote toggles', async ({ page, browser }) => {
    const member = await signedInAs(page, 'member');
    const circle = await createCircle(member);
    const post = await createPost(member, { circle: circle.name, title: uniqueName('Best snacks') });
    const popular = await createComment(member, post.id, 'Vada pav, obviously');
    await createComment(member, post.id, 'Misal pav');
    const voterContext = await browser.newContext();
    const voter = await signInMember(await voterContext.newPage());
    await upvote(voter, popular.id);
    await voterContext.close();

    await page.goto(`/home/comments/${post.id}`);
    await page.getByRole('button', { name: 'Sort by: Best' }).click();
    await page.getByRole('menuitemradio', { name: 'New' }).click();
    await expect(page.getByTestId('comment').first()).toContainText('Misal pav');
    await page.getByRole('button', { name: 'Sort by: New' }).click();
    await page.getByRole('menuitemradio', { name: 'Top' }).click();
    await expect(page).toHaveURL(/[?&]sort=top/);
    await expect(page.getByTestId('comment').first()).toContainText('Vada pav, obviously');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sort by: Top' })).toBeVisible();
    await expect(page.getByTestId('comment').first()).toContainText('Vada pav, obviously');

    const vote = commentItem(page, 'Misal pav').getByRole('button', { name: /^Upvote/ });
    await expect(vote).toHaveAttribute('aria-pressed', 'false');
    await vote.click();
    await expect(vote).toHaveAttribute('aria-pressed', 'true');
    await expect(vote).toHaveAccessibleName('Upvote (1 upvote)');
    await vote.click();
    await expect(vote).toHaveAccessibleName('Upvote (0 upvotes)');
  });

  test('the author edits a post (it shows edited) and then deletes it', async ({ page }) => {
    const member = await signedInAs(page, 'member');
    const circle = await createCircle(member);
    const title = uniqueName('Draft announcement');
    const post = await createPost(member, { circle: circle.name, title, description: '<p>First words</p>' });
    await page.goto(`/home/comments/${post.id}`);
    const article = page.getByRole('article');
    await article.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Title').fill(`${title} (final)`);
    await page.getByLabel('Text').fill('Better words');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${title} (final)` })).toBeVisible();
    await expect(article.getByText('Better words')).toBeVisible();
    await expect(article.getByText('· edited')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('article').getByText('· edited')).toBeVisible();

    await page.getByRole('article').getByRole('button', { name: 'Delete' }).click();
    // Asked in the page, not in a browser dialog.
    await page.getByRole('dialog', { name: 'Delete this post? Its comments go with it.' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/home\/?$|\/home\/posts/);
    expect((await page.request.get(`/api/posts/${post.id}/`)).status()).toBe(404);
    await page.goto(`/home/channel-page/${circle.id}`);
    await expect(page.getByText('No posts to display.')).toBeVisible();
  });
});
