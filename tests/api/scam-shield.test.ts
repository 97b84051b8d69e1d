import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, CommentsResponse, Paged, Post } from '../../src/lib/api-types.ts';
import { circles, comments, posts } from '../../src/server/db/schema/index.ts';
import { SCAM_WARNING_MESSAGE } from '../../src/server/services/safety/index.ts';
import { createSiteServices } from '../../src/server/services/site/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import QRCode from 'qrcode';
import { createCircle, createUser, multipart, type TestCircle, type TestUser } from '../helpers/fixtures.ts';
import { runAdminCommand } from '../../src/server/staff/admin-command.ts';

let t: TestApp;
let scammer: TestUser;
let reader: TestUser;
let circle: TestCircle;

const MONTH_AGO = new Date(Date.now() - 30 * 24 * 3_600_000);
const SCAM_TITLE = 'Your SBI account will be blocked today';
const SCAM_BODY = '<p>Update KYC now at <a href="http://sbi-kyc-update.in/login">sbi-kyc-update.in</a> or call 9876543210 immediately.</p>';
const WARNED_TITLE = 'Earn ₹3000 daily from home';
const WARNED_BODY = '<p>Simple like and earn work, message on WhatsApp for details.</p>';

const createPost = (user: TestUser, title: string, description = '') =>
  t.app.inject({ method: 'POST', url: '/api/posts/', headers: user.headers, payload: { circle: circle.id, title, description } });
const createComment = (user: TestUser, post: number, body: string) =>
  t.app.inject({ method: 'POST', url: '/api/posts/comments/', headers: user.headers, payload: { post, body } });
const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.headers });
const feedIds = async (url: string, user?: TestUser) => ((await get(url, user)).json() as Paged<Post>).results.map((p) => p.id);
const searchIds = async (q: string, user?: TestUser) => {
  const res = await get(`/api/posts/search/?q=${encodeURIComponent(q)}`, user);
  return res.json().search as { posts: { id: number }[]; comments: { id: number }[]; channels: { id: number; description: string }[] };
};

let heldId: number;
let warnedId: number;
let honestId: number;

/**
 * Each group of tests gets its own app (a scammer, a reader and the reader's circle) and makes what it
 * reads in its `beforeAll`, so no test depends on another having run before it.
 */
function freshApp(prepare: () => Promise<void> = async () => {}) {
  beforeAll(async () => {
    t = await buildTestApp();
    scammer = await createUser(t.app, 'scammer', { createdAt: MONTH_AGO });
    reader = await createUser(t.app, 'reader', { createdAt: MONTH_AGO });
    circle = await createCircle(t.app, reader, 'Money Matters');
    await prepare();
  });
  afterAll(() => t.close());
}

const HONEST_TITLE = 'Beware of KYC update SMS';
const HONEST_BODY =
  '<p>Banks never ask for your OTP. Report fraud at 1930 or <a href="https://cybercrime.gov.in">cybercrime.gov.in</a>.</p>';

describe('posts the scam shield reads', () => {
  let created: Record<'held' | 'warned' | 'honest', Awaited<ReturnType<typeof createPost>>>;
  freshApp(async () => {
    created = {
      held: await createPost(scammer, SCAM_TITLE, SCAM_BODY),
      warned: await createPost(scammer, WARNED_TITLE, WARNED_BODY),
      honest: await createPost(reader, HONEST_TITLE, HONEST_BODY),
    };
    [heldId, warnedId, honestId] = [created.held.json().id, created.warned.json().id, created.honest.json().id];
  });

  it('holds a scam: the 201 answer says held, with the banner, and the author sees it', async () => {
    const res = created.held;
    expect(res.statusCode).toBe(201);
    const post = res.json() as Post;
    expect(post.moderation_status).toBe('held');
    expect(post.safety_warning).toEqual({ kind: 'scam', message: SCAM_WARNING_MESSAGE });
    expect(post.removed_reason).toBeNull();
    heldId = post.id;
    const own = await get(`/api/posts/${heldId}/`, scammer);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: heldId, title: SCAM_TITLE, moderation_status: 'held' });
  });

  it('stores the verdict and the reasons for staff', async () => {
    const [row] = await t.app.ctx.db.select().from(posts).where(eq(posts.id, heldId));
    expect(row.scamVerdict).toBe('held');
    expect(row.moderationReasons).toEqual(
      expect.arrayContaining(['scheme:kyc-threat', expect.stringMatching(/^link:lookalike sbi-kyc-update\.in/)]),
    );
  });

  it('warns readers about a suspicious post without holding it', async () => {
    const res = created.warned;
    expect(res.statusCode).toBe(201);
    const post = res.json() as Post;
    expect(post).toMatchObject({ moderation_status: 'visible', safety_warning: { kind: 'scam', message: SCAM_WARNING_MESSAGE } });
    warnedId = post.id;
    expect((await get(`/api/posts/${warnedId}/`)).json()).toMatchObject({ safety_warning: { kind: 'scam' } });
  });

  it('leaves an honest post and a warning about scams alone', async () => {
    const honest = created.honest;
    expect(honest.json()).toMatchObject({ moderation_status: 'visible', safety_warning: null });
    expect(honest.json().id).toBe(honestId);
  });

  it('keeps the held post out of every read path for others', async () => {
    for (const viewer of [undefined, reader]) {
      expect((await get(`/api/posts/${heldId}/`, viewer)).statusCode).toBe(404);
      expect(await feedIds('/api/posts/public/feed/', viewer)).not.toContain(heldId);
      expect(await feedIds(`/api/posts/public/feed/?circle=${circle.id}`, viewer)).not.toContain(heldId);
      expect((await searchIds('SBI account blocked', viewer)).posts).toEqual([]);
      expect((await get(`/api/posts/comments/list/?post_id=${heldId}`, viewer)).statusCode).toBe(404);
    }
    expect(await feedIds('/api/posts/user/feed/', reader)).toEqual([honestId, warnedId]);
    const like = await t.app.inject({ method: 'POST', url: `/api/posts/likes/?post_id=${heldId}`, headers: reader.headers });
    expect(like.statusCode).toBe(404);
    expect(await createSiteServices(t.app.ctx.db, t.app.ctx.services.tokens, t.config).postPreview(heldId)).toBeNull();
    expect(await createSiteServices(t.app.ctx.db, t.app.ctx.services.tokens, t.config).postPreview(honestId)).not.toBeNull();
  });

  it('lets the author find their held post in their feeds, search and profile', async () => {
    expect(await feedIds('/api/posts/user/feed/', scammer)).toContain(heldId);
    expect((await searchIds('SBI account blocked', scammer)).posts.map((p) => p.id)).toEqual([heldId]);
    const profile = (await get('/api/users/me/profile/', scammer)).json();
    expect(profile.posts.results.map((p: Post) => p.id)).toContain(heldId);
  });

  it('does not count held posts in the circle’s posts count (nor the feed’s total)', async () => {
    const [row] = await t.app.ctx.db.select({ postsCount: circles.postsCount }).from(circles).where(eq(circles.id, circle.id));
    expect(row.postsCount).toBe(2);
    expect(((await get('/api/posts/public/feed/')).json() as Paged<Post>).count).toBe(2);
  });

  it('shows a removed post in its place without its content, and lists it nowhere', async () => {
    await t.app.ctx.db.update(posts).set({ moderationStatus: 'removed', removedReason: 'Spam' }).where(eq(posts.id, warnedId));
    try {
      const res = await get(`/api/posts/${warnedId}/`, reader);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        moderation_status: 'removed',
        removed_reason: 'Spam',
        title: '',
        description: '',
        safety_warning: null,
      });
      expect(await feedIds('/api/posts/public/feed/', reader)).toEqual([honestId]);
      const [row] = await t.app.ctx.db.select({ postsCount: circles.postsCount }).from(circles).where(eq(circles.id, circle.id));
      expect(row.postsCount).toBe(1);
    } finally {
      // Put back as it was, for the tests that read the warned post.
      await t.app.ctx.db.update(posts).set({ moderationStatus: 'visible', removedReason: null }).where(eq(posts.id, warnedId));
    }
  });
});

describe('comments the scam shield reads', () => {
  let heldComment: Comment;
  let res: Awaited<ReturnType<typeof createComment>>;
  let fine: Awaited<ReturnType<typeof createComment>>;
  freshApp(async () => {
    honestId = (await createPost(reader, HONEST_TITLE, HONEST_BODY)).json().id;
    res = await createComment(
      scammer,
      honestId,
      'Sir I sent 2000 by mistake, accept the collect request and enter UPI PIN to receive it back',
    );
    heldComment = res.json();
    fine = await createComment(reader, honestId, 'Thanks for the warning, my uncle got the same SMS.');
  });

  it('holds a scam comment: visible to its author, not to others, and not counted', async () => {
    expect(res.statusCode).toBe(201);
    expect(heldComment).toMatchObject({ moderation_status: 'held', safety_warning: { kind: 'scam', message: SCAM_WARNING_MESSAGE } });
    expect(fine.json()).toMatchObject({ moderation_status: 'visible', safety_warning: null });

    const forReader = (await get(`/api/posts/comments/list/?post_id=${honestId}`, reader)).json() as CommentsResponse;
    expect(forReader.comments.results.map((c) => c.id)).toEqual([fine.json().id]);
    expect(forReader.comments.count).toBe(1);
    expect(forReader.post.comment_count).toBe(1);
    const forAuthor = (await get(`/api/posts/comments/list/?post_id=${honestId}`, scammer)).json() as CommentsResponse;
    expect(forAuthor.comments.results.map((c) => c.id)).toEqual([fine.json().id, heldComment.id]);
    expect((await searchIds('collect request', reader)).comments).toEqual([]);
  });

  it('keeps a removed comment’s place in the thread without its words', async () => {
    await t.app.ctx.db.update(comments).set({ moderationStatus: 'removed', removedReason: 'Scam' }).where(eq(comments.id, heldComment.id));
    try {
      const thread = (await get(`/api/posts/comments/list/?post_id=${honestId}`, reader)).json() as CommentsResponse;
      const removed = thread.comments.results.find((c) => c.id === heldComment.id);
      expect(removed).toMatchObject({ moderation_status: 'removed', removed_reason: 'Scam', body: '', media_url: null });
      expect(thread.post.comment_count).toBe(1);
    } finally {
      // Held again, as the shield left it, for the test that reads the held comment.
      await t.app.ctx.db.update(comments).set({ moderationStatus: 'held', removedReason: null }).where(eq(comments.id, heldComment.id));
    }
  });
});

describe('new accounts', () => {
  const SHORT_LINK = 'Free recharge for everyone this week, details here: bit.ly/fr33-recharge';
  freshApp();

  it('hold a new account’s suspicious link that an established account only gets a warning for', async () => {
    const newcomer = await createUser(t.app);
    expect((await createPost(newcomer, 'Recharge offer', SHORT_LINK)).json()).toMatchObject({ moderation_status: 'held' });
    expect((await createPost(reader, 'Recharge offer', SHORT_LINK)).json()).toMatchObject({
      moderation_status: 'visible',
      safety_warning: { kind: 'scam' },
    });
  });

  it('NEW_ACCOUNT_HOURS=0 turns the readier holding off', async () => {
    const relaxed = await buildTestApp({ newAccountHours: 0 });
    try {
      const owner = await createUser(relaxed.app);
      const open = await createCircle(relaxed.app, owner);
      const res = await relaxed.app.inject({
        method: 'POST',
        url: '/api/posts/',
        headers: owner.headers,
        payload: { circle: open.id, title: 'Recharge offer', description: SHORT_LINK },
      });
      expect(res.json()).toMatchObject({ moderation_status: 'visible', safety_warning: { kind: 'scam' } });
    } finally {
      await relaxed.close();
    }
    // A second app with its own database: slow on a busy machine.
  }, 120_000);
});

describe('channel descriptions', () => {
  freshApp();

  it('hide a held description from everyone but the owner', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/circles/',
      headers: scammer.headers,
      payload: {
        name: 'Crypto Kings',
        description:
          'Guaranteed 5% daily returns on crypto trading! Join our VIP Telegram t.me/cryptokings and double your money. Pay ₹4999 joining fee to 9876543210',
        channel_type: 'public',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toMatch(/Guaranteed/);
    const listed = (await get('/api/circles/', reader)).json() as Paged<{ id: number; description: string }>;
    expect(listed.results.find((c) => c.id === res.json().id)?.description).toBe('');
    const forOwner = (await get('/api/circles/', scammer)).json() as Paged<{ id: number; description: string }>;
    expect(forOwner.results.find((c) => c.id === res.json().id)?.description).toMatch(/Guaranteed/);
    const found = (await searchIds('Crypto Kings', reader)).channels.find((c) => c.id === res.json().id);
    expect(found?.description).toBe('');
    expect(
      (await createSiteServices(t.app.ctx.db, t.app.ctx.services.tokens, t.config).circlePreview({ id: String(res.json().id) }))
        ?.description,
    ).toBe('');
  });
});

describe('the suspect registry', () => {
  let moderator: TestUser;
  let members: TestUser[];
  const SCAM =
    '<p>Refund of ₹4,999 pending. Pay verification charge to <b>refund.help@ybl</b> or call 9123456789, details at <a href="https://www.onlinesbi.sbi">onlinesbi.sbi</a></p>';
  const remove = (user: TestUser, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/moderation/actions/',
      headers: user.headers,
      payload: { action: 'remove', reason: 'Scam', ...payload },
    });
  const identifiers = async () =>
    (
      (await get('/api/staff/scam-identifiers/', moderator)).json() as Paged<{
        id: number;
        kind: string;
        value: string;
        status: string;
        source_item: unknown;
        created_at: string;
      }>
    ).results;

  freshApp(async () => {
    moderator = await createUser(t.app, 'mod', { createdAt: MONTH_AGO });
    members = await Promise.all([1, 2, 3].map(() => createUser(t.app, 'member', { createdAt: MONTH_AGO })));
    await runAdminCommand(t.app.ctx.db, ['grant', 'moderator', moderator.username]);
  });

  it('refuses a category that is not a report reason', async () => {
    const id = (await createPost(scammer, 'Old books for sale', '<p>Good condition.</p>')).json().id;
    const res = await remove(moderator, { post: id, category: 'lottery' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ category: ['"lottery" is not a valid choice.'] });
  });

  it('registers a scam’s identifiers when staff remove it as a scam, never an official domain nor an amount', async () => {
    const id = (await createPost(scammer, 'Refund pending', SCAM)).json().id;
    expect((await remove(moderator, { post: id, category: 'scam' })).statusCode).toBe(200);
    const rows = await identifiers();
    expect(rows.map((r) => [r.kind, r.value, r.status]).sort()).toEqual([
      ['phone', '+919123456789', 'registered'],
      ['upi', 'refund.help@ybl', 'registered'],
    ]);
    expect(rows[0]).toMatchObject({ source_item: { kind: 'post', id }, created_at: expect.any(String) });
    expect(rows.some((r) => r.value.includes('onlinesbi') || r.kind === 'domain' || r.kind === 'amount')).toBe(false);
  });

  it('holds a later post carrying the registered UPI ID in new words, and tells staff which identifier held it', async () => {
    const res = await createPost(
      reader,
      'Books for sale',
      '<p>Selling my old textbooks, send the money to refund.help@ybl and I will courier them.</p>',
    );
    expect(res.json()).toMatchObject({ moderation_status: 'held' });
    const [row] = await t.app.ctx.db.select().from(posts).where(eq(posts.id, res.json().id));
    expect(row.moderationReasons).toContain('registry:upi refund.help@ybl');
    const queue = (await get('/api/staff/reports/', moderator)).json() as Paged<{
      item: { id: number; kind: string };
      held_by: string[] | null;
    }>;
    expect(queue.results.find((c) => c.item.kind === 'post' && c.item.id === res.json().id)?.held_by).toEqual([
      'registry:upi refund.help@ybl',
    ]);
  });

  it('reads the QR code in a post’s image: a UPI payment code warns readers, and a registered payee holds the post', async () => {
    const qrPost = async (user: TestUser, title: string, payload: string) => {
      const image = await QRCode.toBuffer(payload, { type: 'png', width: 300, margin: 2 });
      const form = await multipart([
        ['circle', String(circle.id)],
        ['title', title],
        ['description', '<p>Scan it.</p>'],
        ['images', { data: image, filename: 'qr.png', type: 'image/png' }],
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/posts/',
        headers: { ...user.headers, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Post & { id: number };
    };
    // A payment code whose payee nobody reported: readers are warned (scanning a payment code only ever sends money).
    const unknown = await qrPost(reader, 'Trek club bus booking', 'upi://pay?pa=trek.club@okaxis&pn=Trek%20Club');
    expect(unknown).toMatchObject({ safety_warning: { kind: 'scam' } });
    const [warned] = await t.app.ctx.db.select().from(posts).where(eq(posts.id, unknown.id));
    expect(warned.moderationReasons).toContain('qr:upi-pay trek.club@okaxis');
    // The payee staff registered from an earlier scam, hidden in a QR code with honest words: held, and staff told why.
    const registered = await qrPost(reader, 'Old cycle for sale', 'upi://pay?pa=refund.help@ybl&pn=Seller&am=500');
    expect(registered).toMatchObject({ moderation_status: 'held' });
    const [held] = await t.app.ctx.db.select().from(posts).where(eq(posts.id, registered.id));
    expect(held.moderationReasons).toContain('registry:upi refund.help@ybl');
    // A code holding a plain link is read as a link: no payment request, nothing registered.
    const honest = await qrPost(reader, 'Our study group notes', 'https://example.org/notes');
    expect(honest).toMatchObject({ moderation_status: 'visible' });
    const [plain] = await t.app.ctx.db.select().from(posts).where(eq(posts.id, honest.id));
    expect(plain.moderationReasons.filter((reason) => reason.startsWith('qr:') || reason.startsWith('registry:'))).toEqual([]);
  });

  it('holds a later comment carrying the registered number spelled another way', async () => {
    const postId = (await createPost(reader, 'Cricket tonight', '<p>Who is watching?</p>')).json().id;
    const res = await createComment(members[0], postId, 'Ring me on nine one two three four five six seven eight nine for tickets');
    expect(res.json()).toMatchObject({ moderation_status: 'held' });
    const [row] = await t.app.ctx.db.select().from(comments).where(eq(comments.id, res.json().id));
    expect(row.moderationReasons).toContain('registry:phone +919123456789');
  });

  it('counts a channel owner’s removal as a scam as one report, not a registration', async () => {
    const id = (await createPost(scammer, 'Contact', '<p>Payments for the class trip to trip.fund@okhdfc please.</p>')).json().id;
    expect((await remove(reader, { post: id, category: 'scam' })).statusCode).toBe(200);
    expect((await identifiers()).some((r) => r.value === 'trip.fund@okhdfc')).toBe(false);
  });

  it('marks an identifier suspected once AUTO_HIDE_REPORTS members reported it as a scam, and warns about later items', async () => {
    const id = (await createPost(scammer, 'Notes for sale', '<p>Class 12 notes, pay to notes.seller@okicici.</p>')).json().id;
    for (const member of members) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reports/',
        headers: member.headers,
        payload: { post: id, reason: 'scam' },
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await identifiers()).find((r) => r.value === 'notes.seller@okicici')).toMatchObject({ kind: 'upi', status: 'suspected' });
    const later = await createPost(reader, 'Notes', '<p>Good notes, ask notes.seller@okicici.</p>');
    expect(later.json()).toMatchObject({ moderation_status: 'visible', safety_warning: { kind: 'scam', message: SCAM_WARNING_MESSAGE } });
  });

  it('lets staff list and delete identifiers; 403 for everyone else', async () => {
    expect((await get('/api/staff/scam-identifiers/', reader)).statusCode).toBe(403);
    const [first] = await identifiers();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/staff/scam-identifiers/${first.id}/`, headers: reader.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/staff/scam-identifiers/${first.id}/`, headers: moderator.headers })).statusCode,
    ).toBe(204);
    expect((await identifiers()).some((r) => r.id === first.id)).toBe(false);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/staff/scam-identifiers/${first.id}/`, headers: moderator.headers })).statusCode,
    ).toBe(404);
  });
});
