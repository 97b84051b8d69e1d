import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, Post } from '../../src/lib/api-types.ts';
import { comments, posts, scamDecisions } from '../../src/server/db/schema/index.ts';
import { IMAGE_TEXT_JOB } from '../../src/server/services/posts/index.ts';
import { runAdminCommand } from '../../src/server/staff/admin-command.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, multipart, type TestCircle, type TestUser } from '../helpers/fixtures.ts';
import { chatScreenshot, KYC_SCAM_MESSAGE } from '../helpers/screenshot.ts';
import { until } from '../helpers/until.ts';

type Paged<T> = { count: number; results: T[] };

const MONTH_AGO = new Date(Date.now() - 30 * 24 * 3_600_000);
/** Images' words are read within a minute of the upload: the job's poll, a worker's start and the reading itself. */
const WITHIN_A_MINUTE = 55_000;
const TEST_TIMEOUT = 70_000;
const FRIENDLY_CHAT = [['Are we still meeting at the library', 'at 5 pm? I will bring the notes.']];

let t: TestApp;
let author: TestUser;
let reader: TestUser;
let moderator: TestUser;
let circle: TestCircle;

const get = (app: TestApp, url: string, user: TestUser) => app.app.inject({ method: 'GET', url, headers: user.headers });
const inbox = async (app: TestApp, user: TestUser) => ((await get(app, '/api/notifications/', user)).json() as Paged<Notification>).results;
const publicFeedIds = async (app: TestApp, user: TestUser) =>
  ((await get(app, '/api/posts/public/feed/', user)).json() as Paged<Post>).results.map((p) => p.id);

async function postWithImage(app: TestApp, user: TestUser, where: TestCircle, title: string, image: Buffer) {
  const form = await multipart([
    ['circle', String(where.id)],
    ['title', title],
    ['images', { data: image, filename: 'screenshot.png', type: 'image/png' }],
  ]);
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/posts/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Post;
}

/** The screen-image-text jobs the queue has finished (pg-boss keeps them an hour). */
async function finishedJobs(app: TestApp): Promise<number> {
  const rows = await app.app.ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${IMAGE_TEXT_JOB} and state = 'completed'`,
  );
  return Number((Array.isArray(rows) ? rows : rows.rows)[0].n);
}

beforeAll(async () => {
  t = await buildTestApp({}, { OCR_ENABLED: '1', JOB_POLL_SECONDS: '0.5' });
  author = await createUser(t.app, 'author', { createdAt: MONTH_AGO });
  reader = await createUser(t.app, 'reader', { createdAt: MONTH_AGO });
  moderator = await createUser(t.app, 'mod', { createdAt: MONTH_AGO });
  await runAdminCommand(t.app.ctx.db, ['grant', 'moderator', moderator.username]);
  circle = await createCircle(t.app, author, 'Screenshots');
});
afterAll(async () => {
  await t?.close();
});

describe('the words in a post’s or comment’s images', () => {
  it(
    'warns readers of a post whose screenshot reads as a scam shown to others, and tells its author',
    async () => {
      // "Look what I got" reads as a member showing what was sent to them: the shield warns rather than holds.
      const created = await postWithImage(t, author, circle, 'Look what I got today', await chatScreenshot(KYC_SCAM_MESSAGE));
      expect(created).toMatchObject({ moderation_status: 'visible', safety_warning: null });
      const warned = await until(
        'the warning',
        async () => {
          const seen = (await get(t, `/api/posts/${created.id}/`, reader)).json() as Post;
          return seen.safety_warning !== null && seen;
        },
        WITHIN_A_MINUTE,
      );
      expect(warned).toMatchObject({ moderation_status: 'visible', safety_warning: { kind: 'scam' } });
      expect((await inbox(t, author)).find((n) => n.post_id === created.id)).toMatchObject({
        code: 'postWarnedForImage',
        text: 'Your post now shows a scam warning: the text in its image looks like a scam',
      });
      // An edit of its title is read with the same image's words: the warning stays.
      const edited = await t.app.inject({
        method: 'PATCH',
        url: `/api/posts/${created.id}/`,
        headers: author.headers,
        payload: { title: 'Look what I got this morning' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ title: 'Look what I got this morning', safety_warning: { kind: 'scam' } });
    },
    TEST_TIMEOUT,
  );

  it(
    'publishes a post with an innocent title at once; a screenshot of a scam in it then holds it for review, and its author is told',
    async () => {
      const created = await postWithImage(t, author, circle, 'Good morning friends', await chatScreenshot(KYC_SCAM_MESSAGE));
      expect(created).toMatchObject({ moderation_status: 'visible', safety_warning: null });
      expect(await publicFeedIds(t, reader)).toContain(created.id);

      await until(
        'the hold',
        async () => (await get(t, `/api/posts/${created.id}/`, author)).json().moderation_status === 'held',
        WITHIN_A_MINUTE,
      );
      expect((await get(t, `/api/posts/${created.id}/`, reader)).statusCode).toBe(404);
      expect(await publicFeedIds(t, reader)).not.toContain(created.id);
      const queue = (await get(t, '/api/staff/reports/', moderator)).json() as Paged<{ item: { id: number; kind: string } }>;
      expect(queue.results.some((c) => c.item.kind === 'post' && c.item.id === created.id)).toBe(true);
      const [told] = (await inbox(t, author)).filter((n) => n.post_id === created.id);
      expect(told).toMatchObject({
        kind: 'moderation_action',
        actor: null,
        code: 'postHeldForImage',
        params: {},
        text: 'Your post is held for review: the text in its image looks like a scam',
      });
      // What the shield saw is kept with the post, for staff's decision to teach it; its reasons say where it came from.
      const [row] = await t.app.ctx.db.select().from(posts).where(eq(posts.id, created.id));
      expect(row).toMatchObject({ scamVerdict: 'held', moderationStatus: 'held' });
      expect(row.moderationReasons).toContain('image-text');
      expect(row.imageText).toContain('kyc.update@okaxis');

      // Staff removing it as a scam teach the shield the words it saw (not the title alone) and register the screenshot's UPI ID.
      const removal = await t.app.inject({
        method: 'POST',
        url: '/api/moderation/actions/',
        headers: moderator.headers,
        payload: { action: 'remove', reason: 'Scam', category: 'scam', post: created.id },
      });
      expect(removal.statusCode, removal.body).toBe(200);
      const [decision] = await t.app.ctx.db.select().from(scamDecisions).where(eq(scamDecisions.postId, created.id));
      expect(decision).toMatchObject({ label: 'scam' });
      expect(decision.text).toMatch(/^Good morning friends\n[\s\S]*kyc\.update@okaxis/);
      const registered = (await get(t, '/api/staff/scam-identifiers/', moderator)).json() as Paged<{ kind: string; value: string }>;
      expect(registered.results).toContainEqual(expect.objectContaining({ kind: 'upi', value: 'kyc.update@okaxis' }));
    },
    TEST_TIMEOUT,
  );

  it(
    'holds a comment whose image is the screenshot, and tells its author',
    async () => {
      const host = await postWithImage(t, reader, circle, 'Library timings', await chatScreenshot(FRIENDLY_CHAT));
      const form = await multipart([
        ['post', String(host.id)],
        ['body', 'Same here'],
        ['media', { data: await chatScreenshot(KYC_SCAM_MESSAGE), filename: 'shot.png', type: 'image/png' }],
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/posts/comments/',
        headers: { ...author.headers, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ moderation_status: 'visible' });
      const id = res.json().id as number;
      const [row] = await until(
        'the comment held',
        async () => {
          const rows = await t.app.ctx.db.select().from(comments).where(eq(comments.id, id));
          return rows[0].moderationStatus === 'held' && rows;
        },
        WITHIN_A_MINUTE,
      );
      expect(row.imageText).toContain('kyc.update@okaxis');
      expect((await inbox(t, author)).find((n) => n.comment_id === id)).toMatchObject({ code: 'commentHeldForImage' });
      // The post whose own screenshot is a friendly chat stays as it was, and keeps no words of it.
      const [hostRow] = await t.app.ctx.db.select().from(posts).where(eq(posts.id, host.id));
      expect(hostRow).toMatchObject({ moderationStatus: 'visible', scamVerdict: 'ok', imageText: null });
    },
    TEST_TIMEOUT,
  );
});

describe('OCR_MAX_IMAGE_MB', () => {
  let small: TestApp;
  afterAll(async () => {
    await small?.close();
  });

  it(
    'skips a larger image: the post keeps the verdict of its own words',
    async () => {
      // About 10 KB: a phone screenshot is larger.
      small = await buildTestApp({}, { OCR_ENABLED: '1', JOB_POLL_SECONDS: '0.5', OCR_MAX_IMAGE_MB: '0.01' });
      const poster = await createUser(small.app, 'poster', { createdAt: MONTH_AGO });
      const where = await createCircle(small.app, poster, 'Big screenshots');
      const created = await postWithImage(small, poster, where, 'Good morning friends', await chatScreenshot(KYC_SCAM_MESSAGE));
      await until('the job', async () => (await finishedJobs(small)) === 1, WITHIN_A_MINUTE);
      const [row] = await small.app.ctx.db.select().from(posts).where(eq(posts.id, created.id));
      expect(row).toMatchObject({ moderationStatus: 'visible', scamVerdict: 'ok', imageText: null });
      expect(await inbox(small, poster)).toEqual([]);
    },
    TEST_TIMEOUT,
  );
});
