import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, reports } from '../../src/server/db/schema/index.ts';
import { runAdminCommand } from '../../src/server/staff/admin-command.ts';
import { buildTestApp, movableClock, type TestApp } from '../helpers/app.ts';
import { addMember, comment, createCircle, createUser, post as insertPost, type TestCircle, type TestUser } from '../helpers/fixtures.ts';

const DAY = 86_400_000;
const clock = movableClock(new Date('2026-11-20T06:30:00Z'));
let t: TestApp;
let owner: TestUser;
let author: TestUser;
let moderator: TestUser;
let members: TestUser[];
let circle: TestCircle;
beforeAll(async () => {
  t = await buildTestApp({ autoHideReports: 3 }, {}, { clock });
  // Established accounts (older than NEW_ACCOUNT_HOURS), whose reports count toward hiding an item.
  const established = new Date(clock.now().getTime() - 3 * DAY);
  [owner, author, moderator, ...members] = await Promise.all(
    Array.from({ length: 10 }, () => createUser(t.app, 'user', { createdAt: established })),
  );
  await runAdminCommand(t.app.ctx.db, ['grant', 'moderator', moderator.username]);
  circle = await createCircle(t.app, owner, `Pune Rains ${Date.now().toString(36)}`);
});
afterAll(() => t?.close());

type Headers = { authorization: string };
/** An IPv4 address of a network of the member's own (a /24 each), unless one is given. */
const networkOf = (who: TestUser) => `10.${(who.id >> 8) & 255}.${who.id & 255}.7`;
const report = (who: TestUser, payload: Record<string, unknown>, ip = networkOf(who)) =>
  t.app.inject({ method: 'POST', url: '/api/reports/', headers: who.headers, payload, remoteAddress: ip });
const act = (who: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/moderation/actions/', headers: who.headers, payload });
const get = (url: string, headers?: Headers) => t.app.inject({ method: 'GET', url, headers });
const newPost = (title = 'Flooded underpass near Baner') => insertPost(t.app, author, circle, title);
async function newComment(postId: number, body = 'Avoid the Sus road too') {
  const res = await t.app.inject({ method: 'POST', url: '/api/posts/comments/', headers: author.headers, payload: { post: postId, body } });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

describe('POST /api/reports/', () => {
  it('takes a report of a post with a reason and a note: 201; a repeat by the same member is 200 with the first', async () => {
    const postId = await newPost();
    const at = clock.now().toISOString();
    const first = await report(members[0], { post: postId, reason: 'spam', note: 'Same text in five channels' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      post: postId,
      comment: null,
      reason: 'spam',
      note: 'Same text in five channels',
      status: 'open',
      created_at: at,
    });
    const again = await report(members[0], { post: postId, reason: 'hate' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.app.ctx.db.select().from(reports).where(eq(reports.postId, postId))).toHaveLength(1);
  });

  it('takes a report of a comment; the note is optional', async () => {
    const commentId = await newComment(await newPost());
    const res = await report(members[1], { comment: commentId, reason: 'harassment' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ post: null, comment: commentId, reason: 'harassment', note: '' });
  });

  it('checks its input and needs a signed-in member', async () => {
    const postId = await newPost();
    expect((await t.app.inject({ method: 'POST', url: '/api/reports/', payload: { post: postId, reason: 'spam' } })).statusCode).toBe(401);
    const bad = await report(members[0], { post: postId, reason: 'boring', note: 'x'.repeat(501) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      reason: ['"boring" is not a valid choice.'],
      note: ['Ensure this field has no more than 500 characters.'],
    });
    expect((await report(members[0], { reason: 'spam' })).json()).toEqual({ non_field_errors: ['Give either a post or a comment.'] });
    expect((await report(members[0], { post: postId, comment: 1, reason: 'spam' })).json()).toEqual({
      non_field_errors: ['Give either a post or a comment.'],
    });
    expect((await report(members[0], { post: postId })).json()).toEqual({ reason: ['This field is required.'] });
    const missing = await report(members[0], { post: 999_999, reason: 'spam' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ detail: 'Post not found.' });
    expect((await report(members[0], { comment: 999_999, reason: 'spam' })).json()).toMatchObject({ detail: 'Comment not found.' });
  });

  it('hides an item from everyone but its author and staff once AUTO_HIDE_REPORTS distinct members reported it', async () => {
    const postId = await newPost('Send ₹500 to win a bike');
    await report(members[0], { post: postId, reason: 'scam' });
    await report(members[0], { post: postId, reason: 'scam' }); // the same member counts once
    await report(members[1], { post: postId, reason: 'spam' });
    const [before] = await t.app.ctx.db.select().from(posts).where(eq(posts.id, postId));
    expect(before).toMatchObject({ moderationStatus: 'visible', hiddenByReports: false });
    expect((await report(members[2], { post: postId, reason: 'scam', note: 'asks for UPI' })).statusCode).toBe(201);
    const [after] = await t.app.ctx.db.select().from(posts).where(eq(posts.id, postId));
    expect(after).toMatchObject({ moderationStatus: 'held', hiddenByReports: true });
    // A fourth member cannot see it any more, so cannot report it.
    expect((await report(members[3], { post: postId, reason: 'scam' })).statusCode).toBe(404);

    const queue = (await get('/api/staff/reports/', moderator.headers)).json();
    const entry = queue.results.find((c: { item: { id: number; kind: string } }) => c.item.kind === 'post' && c.item.id === postId);
    expect(entry).toMatchObject({
      status: 'open',
      reports_count: 3,
      reasons: [
        { reason: 'scam', label: 'Scam or fraud', count: 2 },
        { reason: 'spam', label: 'Spam', count: 1 },
      ],
      notes: [{ reason: 'scam', note: 'asks for UPI' }],
      item: {
        title: 'Send ₹500 to win a bike',
        author: author.username,
        moderation_status: 'held',
        moderation_label: 'Hidden pending review',
      },
      author: { username: author.username },
    });
    // The most reported come first; staff see who reported, a channel's owner does not.
    expect(queue.results[0].reports_count).toBe(3);
    expect(entry.reporters).toEqual(
      [0, 1, 2].map((i) => ({ username: members[i].username, counted: true, created_at: expect.any(String) })),
    );
    const ownersQueue = (await get(`/api/circles/${circle.id}/reports/`, owner.headers)).json();
    expect(ownersQueue.results.find((c: { item: { id: number } }) => c.item.id === postId).reporters).toBeNull();
    expect(JSON.stringify(ownersQueue)).not.toContain(members[2].username);

    // Dismissing the reports shows it again and closes the case.
    const dismissed = await act(moderator, { post: postId, action: 'dismiss', reason: 'A real giveaway by the channel' });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().item).toMatchObject({ moderation_status: 'visible', moderation_label: null });
    const open = (await get('/api/staff/reports/', moderator.headers)).json();
    expect(open.results.some((c: { item: { id: number } }) => c.item.id === postId)).toBe(false);
  });
});

describe('reports that do not hide', () => {
  it("three fresh accounts, or three accounts of one network, do not hide anyone's post; staff see each report and whether it counted", async () => {
    const postId = await newPost('Traffic update for Hinjewadi');
    const fresh = await Promise.all(
      [0, 1, 2].map(() => createUser(t.app, 'fresh', { createdAt: new Date(clock.now().getTime() - 3_600_000) })),
    );
    for (const who of fresh) expect((await report(who, { post: postId, reason: 'spam' })).statusCode).toBe(201);
    const sameNetwork = await Promise.all(
      [0, 1, 2].map(() => createUser(t.app, 'neighbour', { createdAt: new Date(clock.now().getTime() - 3 * DAY) })),
    );
    for (const [i, who] of sameNetwork.entries())
      expect((await report(who, { post: postId, reason: 'spam' }, `203.0.113.${10 + i}`)).statusCode).toBe(201);
    // IPv6: addresses of one /64 are one network too.
    const sixes = await Promise.all([0, 1].map(() => createUser(t.app, 'six', { createdAt: new Date(clock.now().getTime() - 3 * DAY) })));
    for (const [i, who] of sixes.entries())
      expect((await report(who, { post: postId, reason: 'spam' }, `2001:db8:1:2::${i + 1}`)).statusCode).toBe(201);

    // 8 reports, of which 2 count (one network each): still visible to everyone.
    expect((await get(`/api/posts/${postId}/`)).json()).toMatchObject({ id: postId, moderation_status: 'visible' });
    const queue = (await get('/api/staff/reports/', moderator.headers)).json();
    const entry = queue.results.find((c: { item: { id: number; kind: string } }) => c.item.kind === 'post' && c.item.id === postId);
    expect(entry.reports_count).toBe(8);
    expect(entry.reporters.map((r: { username: string; counted: boolean }) => [r.username, r.counted])).toEqual([
      ...fresh.map((who) => [who.username, false]),
      ...sameNetwork.map((who, i) => [who.username, i === 0]),
      ...sixes.map((who, i) => [who.username, i === 0]),
    ]);

    // A third established account of another network makes three that count: hidden pending review.
    expect((await report(members[5], { post: postId, reason: 'spam' })).statusCode).toBe(201);
    expect((await get(`/api/posts/${postId}/`)).statusCode).toBe(404);
  });
});

describe('review queues and who may see them', () => {
  it('shows staff every channel, a channel owner only theirs, and no one else', async () => {
    const postId = await newPost();
    await report(members[4], { post: postId, reason: 'misinformation' });
    expect((await get('/api/staff/reports/')).statusCode).toBe(401);
    expect((await get('/api/staff/reports/', members[0].headers)).statusCode).toBe(403);
    const mine = await get(`/api/circles/${circle.id}/reports/`, owner.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().results.map((c: { item: { circle: { id: number } } }) => c.item.circle.id)).toEqual(
      Array(mine.json().results.length).fill(circle.id),
    );
    expect(mine.json().results.some((c: { item: { id: number } }) => c.item.id === postId)).toBe(true);
    const other = await createCircle(t.app, members[5]);
    const refused = await get(`/api/circles/${circle.id}/reports/`, members[5].headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ detail: 'Only this channel’s owner or a moderator can review its reports.' });
    expect((await get(`/api/circles/${other.id}/reports/`, members[5].headers)).json()).toMatchObject({ count: 0, results: [] });
    expect((await get(`/api/circles/${circle.id}/reports/`, moderator.headers)).statusCode).toBe(200);
    expect((await get('/api/circles/999999/reports/', owner.headers)).statusCode).toBe(404);
  });
});

describe("the reported author's recent writing", () => {
  it('shows a channel owner only what the feed shows them: nothing from a private channel they are not in', async () => {
    const hideout = await createCircle(t.app, await createUser(t.app), `Hideout ${Date.now().toString(36)}`, { channelType: 'private' });
    await addMember(t.app, hideout, author);
    const secretPost = await insertPost(t.app, author, hideout, 'Diary: my landlord is my uncle');
    const secretComment = await comment(t.app, author, secretPost, 'Private reply about my exams');
    const postId = await newPost('Waterlogging on FC road');
    await report(members[6], { post: postId, reason: 'spam' });

    const queue = (await get(`/api/circles/${circle.id}/reports/`, owner.headers)).json();
    const entry = queue.results.find((c: { item: { id: number; kind: string } }) => c.item.kind === 'post' && c.item.id === postId);
    expect(entry.author.recent.map((r: { excerpt: string }) => r.excerpt)).toContain('Waterlogging on FC road');
    const listed = entry.author.recent.map((r: { id: number; kind: string }) => `${r.kind}:${r.id}`);
    expect(listed).not.toContain(`post:${secretPost}`);
    expect(listed).not.toContain(`comment:${secretComment}`);
    expect(JSON.stringify(entry)).not.toMatch(/landlord|exams/);
  });
});

describe('POST /api/moderation/actions/', () => {
  it('removes with a reason (required), closes the case, tells the reporters, and restores', async () => {
    const postId = await newPost('Guaranteed 3% daily returns');
    await report(members[0], { post: postId, reason: 'scam' });
    expect((await act(moderator, { post: postId, action: 'remove' })).json()).toEqual({
      reason: ['Give a reason: it is shown in place of the item and in the moderation log.'],
    });
    const removed = await act(moderator, { post: postId, action: 'remove', reason: 'Investment scam' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().item).toMatchObject({ moderation_status: 'removed', moderation_label: 'Removed by moderators: Investment scam' });
    const [row] = await t.app.ctx.db.select().from(reports).where(eq(reports.postId, postId));
    expect(row.status).toBe('upheld');
    expect((await act(moderator, { post: postId, action: 'remove', reason: 'again' })).json()).toMatchObject({
      detail: 'This item is already removed.',
    });

    const restored = await act(moderator, { post: postId, action: 'restore', reason: 'Appeal upheld' });
    expect(restored.json().item).toMatchObject({ moderation_status: 'visible', moderation_label: null });
    expect((await act(moderator, { post: postId, action: 'dismiss' })).json()).toMatchObject({
      detail: 'There are no open reports on this item.',
    });
  });

  it('lets a channel owner act in their channel only, and not undo a moderator', async () => {
    const postId = await newPost('Selling exam answers');
    const commentId = await newComment(postId, 'DM me for the paper');
    expect((await act(members[0], { post: postId, action: 'remove', reason: 'no' })).statusCode).toBe(403);
    const byOwner = await act(owner, { comment: commentId, action: 'remove', reason: 'Cheating' });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().item).toMatchObject({ kind: 'comment', moderation_status: 'removed' });
    await act(moderator, { post: postId, action: 'remove', reason: 'Exam fraud' });
    const undo = await act(owner, { post: postId, action: 'restore' });
    expect(undo.statusCode).toBe(403);
    expect(undo.json()).toMatchObject({ detail: 'A moderator decided on this item; only a moderator can change it.' });
    const siteWide = await act(owner, { post: postId, action: 'suspend', duration: '7d', scope: 'site' });
    expect(siteWide.statusCode).toBe(403);
    expect(siteWide.json()).toMatchObject({ detail: 'Only moderators can suspend a member from the whole site.' });
  });

  it('warns the author (reason required) and checks the suspension input', async () => {
    const postId = await newPost();
    expect((await act(owner, { post: postId, action: 'warn' })).statusCode).toBe(400);
    expect((await act(owner, { post: postId, action: 'warn', reason: 'Keep it civil' })).statusCode).toBe(200);
    expect((await act(owner, { post: postId, action: 'suspend' })).json()).toEqual({ duration: ['Choose how long the suspension lasts.'] });
    expect((await act(owner, { post: postId, action: 'suspend', duration: '2d' })).json()).toEqual({
      duration: ['"2d" is not a valid choice.'],
    });
    expect((await act(owner, { post: postId, action: 'ban' })).json()).toEqual({ action: ['"ban" is not a valid choice.'] });
    expect((await act(owner, { post: 999_999, action: 'warn', reason: 'x' })).statusCode).toBe(404);
  });
});

describe('suspensions', () => {
  it('keeps a member suspended from a channel from writing there (403 with the end in words), and lets them write elsewhere', async () => {
    clock.set(new Date('2026-11-20T06:30:00Z'));
    const target = await createUser(t.app);
    const postId = await insertPost(t.app, target, circle, 'Spam again');
    const suspended = await act(owner, { post: postId, action: 'suspend', duration: '1d', reason: 'Spam' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().ends_at).toBe('2026-11-21T06:30:00.000Z');

    const write = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: target.headers,
      payload: { circle: circle.id, title: 'Hello' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({
      detail: `You are suspended from b/${circle.name} until 21 November 2026 at 12:00 pm IST.`,
      code: 'suspended',
      suspended_until: '2026-11-21T06:30:00.000Z',
    });
    const comment = await t.app.inject({
      method: 'POST',
      url: '/api/posts/comments/',
      headers: target.headers,
      payload: { post: postId, body: 'hi' },
    });
    expect(comment.statusCode).toBe(403);
    const like = await t.app.inject({ method: 'POST', url: `/api/posts/likes/?post_id=${postId}`, headers: target.headers });
    expect(like.statusCode).toBe(403);

    const elsewhere = await createCircle(t.app, members[6]);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: target.headers,
      payload: { circle: elsewhere.id, title: 'Hello' },
    });
    expect(ok.statusCode).toBe(201);

    clock.advance(DAY + 1000);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: target.headers,
      payload: { circle: circle.id, title: 'Back' },
    });
    expect(later.statusCode).toBe(201);
  });

  it('keeps a member suspended from a channel from editing their posts there, as from editing their comments', async () => {
    clock.set(new Date('2026-11-20T06:30:00Z'));
    const target = await createUser(t.app);
    const postId = await insertPost(t.app, target, circle, 'Before the suspension');
    expect((await act(owner, { post: postId, action: 'suspend', duration: '1d', reason: 'Spam' })).statusCode).toBe(200);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/posts/${postId}/`,
      headers: target.headers,
      payload: { title: 'Edited while suspended' },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({
      detail: `You are suspended from b/${circle.name} until 21 November 2026 at 12:00 pm IST.`,
      code: 'suspended',
      suspended_until: '2026-11-21T06:30:00.000Z',
    });
    const unchanged = (await get(`/api/posts/${postId}/`)).json();
    expect(unchanged).toMatchObject({ title: 'Before the suspension' });
    expect(unchanged).not.toHaveProperty('edited_at');
    clock.advance(DAY + 1000);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/posts/${postId}/`, headers: target.headers, payload: { title: 'After it' } }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps a member suspended site-wide from every write until the end, for 1, 7 or 30 days or for good', async () => {
    for (const [duration, days] of [
      ['1d', 1],
      ['7d', 7],
      ['30d', 30],
    ] as const) {
      const target = await createUser(t.app);
      const postId = await insertPost(t.app, target, circle);
      const res = await act(moderator, { post: postId, action: 'suspend', duration, scope: 'site', reason: 'Repeated scams' });
      expect(res.json().ends_at).toBe(new Date(clock.now().getTime() + days * DAY).toISOString());
      const elsewhere = await createCircle(t.app, members[6]);
      for (const [method, url, payload] of [
        ['POST', '/api/posts/', { circle: elsewhere.id, title: 'x' }],
        ['POST', '/api/circles/', { name: `Ch ${Math.random().toString(36).slice(2, 8)}`, description: 'x' }],
        ['POST', '/api/reports/', { post: postId, reason: 'spam' }],
      ] as const) {
        const refused = await t.app.inject({ method, url, headers: target.headers, payload });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().detail).toMatch(/^Your account is suspended until \d{1,2} [A-Z][a-z]+ 2026 at \d{1,2}:\d\d [ap]m IST\.$/);
      }
      // Reading, signing out and complaining to the grievance officer stay open.
      expect((await get('/api/posts/user/feed/', target.headers)).statusCode).toBe(200);
      clock.advance(days * DAY + 1000);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/posts/', headers: target.headers, payload: { circle: elsewhere.id, title: 'x' } }))
          .statusCode,
      ).toBe(201);
    }
    const target = await createUser(t.app);
    const postId = await insertPost(t.app, target, circle);
    const forever = await act(moderator, { post: postId, action: 'suspend', duration: 'permanent', scope: 'site', reason: 'Sextortion' });
    expect(forever.json().ends_at).toBeNull();
    clock.advance(3650 * DAY);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: target.headers,
      payload: { circle: circle.id, title: 'x' },
    });
    expect(refused.json()).toMatchObject({ detail: 'Your account is suspended permanently.', code: 'suspended', suspended_until: null });
  });
});

describe('GET /api/modlog/', () => {
  it('lists decisions newest first: action, reason, excerpt, acting role, time; never who reported', async () => {
    const warned = await newPost('Older decisions');
    for (let i = 0; i < 10; i++) await act(owner, { post: warned, action: 'warn', reason: `Warning ${i}` });
    const postId = await newPost('Lottery: KBC prize, pay fee');
    await report(members[3], { post: postId, reason: 'scam', note: 'called me' });
    await act(moderator, { post: postId, action: 'remove', reason: 'Lottery scam' });
    const commentId = await newComment(postId, 'Rude words here');
    await act(owner, { comment: commentId, action: 'remove', reason: 'Insults' });

    const log = await get('/api/modlog/');
    expect(log.statusCode).toBe(200);
    const body = log.json();
    expect(body.results[0]).toEqual({
      id: expect.any(Number),
      action: 'remove',
      action_label: 'Removed',
      reason: 'Insults',
      excerpt: 'Rude words here',
      post_id: postId,
      comment_id: commentId,
      circle: { id: circle.id, name: circle.name },
      actor: `Owner of b/${circle.name}`,
      ends_at: null,
      created_at: expect.any(String),
    });
    expect(body.results[1]).toMatchObject({
      action: 'remove',
      reason: 'Lottery scam',
      excerpt: 'Lottery: KBC prize, pay fee',
      actor: 'Moderator',
    });
    expect(JSON.stringify(body)).not.toContain(members[3].username);
    expect(body.count).toBeGreaterThan(10);
    expect(body.next).toMatch(/\/api\/modlog\/\?page=2$/);

    const channel = (await get(`/api/modlog/?circle=${encodeURIComponent(circle.name)}`)).json();
    expect(channel.results.every((e: { circle: { id: number } | null }) => e.circle?.id === circle.id)).toBe(true);
    expect((await get('/api/modlog/?circle=no-such-channel')).statusCode).toBe(404);
  });

  it('keeps a private channel’s decisions to its members', async () => {
    const privateCircle = await createCircle(t.app, owner, undefined, { channelType: 'private' });
    const postId = await insertPost(t.app, owner, privateCircle, 'Members only secret');
    await act(owner, { post: postId, action: 'warn', reason: 'Careful' });
    expect(JSON.stringify((await get('/api/modlog/')).json())).not.toContain('Members only secret');
    expect((await get(`/api/modlog/?circle=${privateCircle.id}`)).statusCode).toBe(404);
    const asOwner = (await get(`/api/modlog/?circle=${privateCircle.id}`, owner.headers)).json();
    expect(asOwner.results[0]).toMatchObject({ action: 'warn', excerpt: 'Members only secret' });
  });
});

describe('private titles in the log', () => {
  it("a site-wide suspension about a private channel's post shows its title to the channel's members only", async () => {
    const privateCircle = await createCircle(t.app, owner, undefined, { channelType: 'private' });
    const target = await createUser(t.app);
    await addMember(t.app, privateCircle, target);
    const postId = await insertPost(t.app, target, privateCircle, 'Whispered secret title');
    const suspended = await act(moderator, { post: postId, action: 'suspend', duration: '1d', scope: 'site', reason: 'Scams' });
    expect(suspended.statusCode).toBe(200);

    for (const viewer of [undefined, members[0].headers]) {
      const log = (await get('/api/modlog/', viewer)).json();
      const entry = log.results.find((e: { action: string; reason: string }) => e.action === 'suspend' && e.reason === 'Scams');
      expect(entry).toMatchObject({ action: 'suspend', circle: null, excerpt: '', post_id: null, comment_id: null, actor: 'Moderator' });
      expect(JSON.stringify(log)).not.toContain('Whispered secret title');
    }
    const asMember = (await get('/api/modlog/', owner.headers)).json();
    expect(asMember.results.find((e: { reason: string }) => e.reason === 'Scams')).toMatchObject({
      excerpt: 'Whispered secret title',
      post_id: postId,
    });
  });
});

describe('what the scam shield held', () => {
  it('waits in the staff queue without reports; staff release it, its channel owner may not', async () => {
    const scammer = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: scammer.headers,
      payload: {
        circle: circle.id,
        title: 'Receive ₹5000 cashback',
        description: 'Scan this QR code and enter your UPI PIN to receive the money in your account. Collect request sent, approve it now.',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().moderation_status).toBe('held');
    const postId = res.json().id as number;
    const queue = (await get('/api/staff/reports/', moderator.headers)).json();
    const held = queue.results.find((c: { item: { id: number; kind: string } }) => c.item.kind === 'post' && c.item.id === postId);
    expect(held).toMatchObject({ reports_count: 0, reasons: [], item: { moderation_status: 'held', moderation_label: null } });

    expect((await act(owner, { post: postId, action: 'restore' })).statusCode).toBe(403);
    const released = await act(moderator, { post: postId, action: 'restore', reason: 'A real bank offer' });
    expect(released.statusCode).toBe(200);
    expect(released.json().item.moderation_status).toBe('visible');
    expect((await get(`/api/posts/${postId}/`)).json().moderation_status).toBe('visible');
  });
});

describe('what readers see', () => {
  it('hides an item its reports hid from everyone but its author ("Hidden pending review") and staff; a removed one keeps its place with the reason', async () => {
    const postId = await newPost('Reported thrice');
    const commentId = await newComment(postId, 'A reply that stays');
    for (const m of members.slice(0, 3)) await report(m, { post: postId, reason: 'spam' });
    expect((await get(`/api/posts/${postId}/`)).statusCode).toBe(404);
    expect((await get(`/api/posts/${postId}/`, members[4].headers)).statusCode).toBe(404);
    const feed = (await get(`/api/posts/public/feed/?circle=${circle.id}`)).json();
    expect(feed.results.map((p: { id: number }) => p.id)).not.toContain(postId);
    const mine = (await get(`/api/posts/${postId}/`, author.headers)).json();
    expect(mine).toMatchObject({ moderation_status: 'held', hidden_pending_review: true, title: 'Reported thrice' });
    expect((await get(`/api/posts/${postId}/`, moderator.headers)).json()).toMatchObject({
      moderation_status: 'held',
      hidden_pending_review: true,
    });

    await act(moderator, { post: postId, action: 'remove', reason: 'Spam ring' });
    const removed = (await get(`/api/posts/${postId}/`)).json();
    expect(removed).toMatchObject({ moderation_status: 'removed', removed_reason: 'Spam ring', title: '', description: '' });
    expect(removed.hidden_pending_review).toBeUndefined();
    const thread = (await get(`/api/posts/comments/list/?post_id=${postId}`)).json();
    expect(thread.comments.results.map((c: { id: number }) => c.id)).toContain(commentId);

    await act(owner, { comment: commentId, action: 'remove', reason: 'Off topic' });
    const after = (await get(`/api/posts/comments/list/?post_id=${postId}`)).json();
    expect(after.comments.results.find((c: { id: number }) => c.id === commentId)).toMatchObject({
      moderation_status: 'removed',
      removed_reason: 'Off topic',
      body: '',
    });
  });
});
