import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, Paged, Post } from '../../src/lib/api-types.ts';
import { SCHEDULED_POSTS_JOB } from '../../src/server/services/posts/index.ts';
import { buildTestApp, movableClock, type TestApp } from '../helpers/app.ts';
import { UNTOUCHED_POST, addMember, createCircle, createUser, type TestCircle, type TestUser } from '../helpers/fixtures.ts';

const MINUTE = 60_000;
const clock = movableClock();
let t: TestApp;
let author: TestUser;
let reader: TestUser;
let open: TestCircle;

beforeAll(async () => {
  t = await buildTestApp({}, {}, { clock });
  author = await createUser(t.app, 'scheduler');
  reader = await createUser(t.app, 'reader');
  open = await createCircle(t.app, author, 'Timed Talk');
});
afterAll(() => t.close());

type Call = { user?: TestUser | null; lang?: string };
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, { user = author, lang }: Call = {}) =>
  t.app.inject({ method, url, payload, headers: { ...user?.headers, ...(lang ? { 'accept-language': lang } : {}) } });
const ahead = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
const schedule = (fields: Record<string, unknown>, call?: Call) =>
  inject('POST', '/api/posts/', { circle: open.id, title: 'Later', ...fields }, call);
/** The minute's job, as pg-boss runs it. */
const runTheJob = () => t.app.ctx.services.scheduled.publishDue();
const ids = (page: Paged<Post>) => page.results.map((post) => post.id);

describe('scheduling a post', () => {
  it('refuses a publish_at that is not a time, under 2 minutes ahead or over 30 days ahead, in the reader’s language', async () => {
    for (const [publishAt, message] of [
      ['tomorrow', 'Enter a date and time with its time zone, such as 2030-05-01T18:30+05:30.'],
      ['2030-05-01T18:30', 'Enter a date and time with its time zone, such as 2030-05-01T18:30+05:30.'],
      [ahead(MINUTE), 'Choose a time at least 2 minutes from now.'],
      [ahead(-MINUTE), 'Choose a time at least 2 minutes from now.'],
      [ahead(31 * 24 * 60 * MINUTE), 'Choose a time at most 30 days from now.'],
    ]) {
      const res = await schedule({ publish_at: publishAt });
      expect(res.statusCode, publishAt).toBe(400);
      expect(res.json()).toEqual({ publish_at: [message] });
    }
    const hindi = await schedule({ publish_at: ahead(MINUTE) }, { lang: 'hi' });
    expect(hindi.json()).toEqual({ publish_at: ['अभी से कम से कम 2 मिनट बाद का समय चुनें।'] });
  });

  it('answers 201 with the Post, status scheduled; no one else can find it anywhere until the job publishes it at its time', async () => {
    const publishAt = ahead(10 * MINUTE);
    const res = await schedule({ title: 'Budget night watch party', description: '<p>See you <b>there</b></p>', publish_at: publishAt });
    expect(res.statusCode, res.body).toBe(201);
    const scheduled = res.json() as Post;
    expect(scheduled).toEqual({
      id: expect.any(Number),
      title: 'Budget night watch party',
      description: '<p>See you <b>there</b></p>',
      images: [],
      videos: [],
      posted_by: author.username,
      posted_by_color: author.color,
      created_at: expect.any(String),
      circle: { id: open.id, name: open.name, channel_type: 'public' },
      ...UNTOUCHED_POST,
      language: 'en',
      status: 'scheduled',
      publish_at: publishAt,
    });
    const id = scheduled.id;

    // Its author sees it, in their list and by its id.
    expect((await inject('GET', `/api/posts/${id}/`)).json()).toEqual(scheduled);
    const mine = (await inject('GET', '/api/users/me/scheduled/')).json() as Paged<Post>;
    expect(mine.results).toEqual([scheduled]);
    expect(mine.count).toBe(1);

    // Nobody else does: not by its id, nor in any feed, channel page, search, RSS or the author's profile.
    const hidden = async () => {
      for (const user of [reader, null]) {
        expect((await inject('GET', `/api/posts/${id}/`, undefined, { user })).statusCode).toBe(404);
        expect((await inject('GET', '/api/users/me/scheduled/', undefined, { user })).json()).toMatchObject(user ? { count: 0 } : {});
      }
      expect(ids((await inject('GET', '/api/posts/public/feed/', undefined, { user: null })).json())).not.toContain(id);
      expect(ids((await inject('GET', '/api/posts/user/feed/', undefined, { user: reader })).json())).not.toContain(id);
      expect(ids((await inject('GET', `/api/posts/public/feed/?circle=${open.id}`, undefined, { user: null })).json())).not.toContain(id);
      expect(ids((await inject('GET', `/api/users/${author.username}/posts/`, undefined, { user: reader })).json())).not.toContain(id);
      const found = (await inject('GET', '/api/posts/search/?q=watch%20party', undefined, { user: reader })).json();
      expect(JSON.stringify(found)).not.toContain('Budget night');
      expect((await inject('GET', '/rss.xml', undefined, { user: null })).body).not.toContain('Budget night');
    };
    await hidden();
    // The reader cannot change or cancel it either.
    expect((await inject('PATCH', `/api/posts/${id}/`, { title: 'Mine now' }, { user: reader })).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/posts/${id}/`, undefined, { user: reader })).statusCode).toBe(404);

    // A minute before its time the job leaves it.
    clock.advance(9 * MINUTE);
    await runTheJob();
    await hidden();

    // At its time the job publishes it under the same id, for everyone.
    clock.advance(MINUTE);
    await runTheJob();
    const published = await inject('GET', `/api/posts/${id}/`, undefined, { user: reader });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ id, title: 'Budget night watch party', status: 'published', moderation_status: 'visible' });
    expect(published.json()).not.toHaveProperty('publish_at');
    expect(ids((await inject('GET', '/api/posts/public/feed/', undefined, { user: null })).json())).toContain(id);
    expect(((await inject('GET', '/api/users/me/scheduled/')).json() as Paged<Post>).results).toEqual([]);
    // Published once only: another run changes nothing.
    expect(await runTheJob()).toBe(0);
  });

  it('is published by a job defined on the queue every minute', async () => {
    await expect(t.app.ctx.services.jobs.depths()).resolves.toHaveProperty(SCHEDULED_POSTS_JOB);
  });

  it('lets its author change its text and move its time, or cancel it; a published post cannot be moved', async () => {
    const first = (await schedule({ title: 'Draft one', publish_at: ahead(60 * MINUTE) })).json() as Post;
    const second = (await schedule({ title: 'Draft two', publish_at: ahead(60 * MINUTE) })).json() as Post;

    clock.advance(1000);
    const moved = await inject('PATCH', `/api/posts/${first.id}/`, { title: 'Final one', publish_at: ahead(3 * MINUTE) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: first.id, title: 'Final one', status: 'scheduled' });
    const tooSoon = await inject('PATCH', `/api/posts/${first.id}/`, { publish_at: ahead(MINUTE) });
    expect(tooSoon.json()).toEqual({ publish_at: ['Choose a time at least 2 minutes from now.'] });

    // Most recently changed first.
    expect(ids((await inject('GET', '/api/users/me/scheduled/')).json())).toEqual([first.id, second.id]);

    expect((await inject('DELETE', `/api/posts/${second.id}/`)).statusCode).toBe(204);
    expect((await inject('GET', `/api/posts/${second.id}/`)).statusCode).toBe(404);
    expect(ids((await inject('GET', '/api/users/me/scheduled/')).json())).toEqual([first.id]);

    clock.advance(3 * MINUTE);
    await runTheJob();
    expect((await inject('GET', `/api/posts/${first.id}/`, undefined, { user: reader })).json()).toMatchObject({ title: 'Final one' });
    // Cancelled, it never appears.
    clock.advance(60 * MINUTE);
    await runTheJob();
    expect((await inject('GET', `/api/posts/${second.id}/`, undefined, { user: reader })).statusCode).toBe(404);

    const again = await inject('PATCH', `/api/posts/${first.id}/`, { publish_at: ahead(10 * MINUTE) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ publish_at: ['This post is already published: only a scheduled post can be moved.'] });
  });

  it('carries a poll, which opens when the post is published', async () => {
    const closes = ahead(24 * 60 * MINUTE);
    const made = await schedule({
      title: 'Which day?',
      publish_at: ahead(3 * MINUTE),
      poll: { options: ['Sat', 'Sun'], multiple: false, closes_at: closes },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().poll).toMatchObject({
      options: [
        { text: 'Sat', votes: null },
        { text: 'Sun', votes: null },
      ],
      closes_at: closes,
      closed: false,
    });
    // It must stay open a while after its publish time.
    const closesFirst = await schedule({
      publish_at: ahead(3 * MINUTE),
      poll: { options: ['A', 'B'], multiple: false, closes_at: ahead(30 * MINUTE) },
    });
    expect(closesFirst.json()).toEqual({ poll: ['Close the poll at least 60 minutes and at most 30 days after it opens.'] });
    clock.advance(3 * MINUTE);
    await runTheJob();
    const published = await inject('GET', `/api/posts/${made.json().id}/`, undefined, { user: reader });
    expect(published.json()).toMatchObject({
      status: 'published',
      poll: { options: [{ text: 'Sat' }, { text: 'Sun' }], closes_at: closes },
    });
    const vote = await inject(
      'POST',
      `/api/posts/${made.json().id}/poll/votes/`,
      { options: [published.json().poll.options[1].id] },
      { user: reader },
    );
    expect(vote.json()).toMatchObject({ total_votes: 1 });
  });

  it('pages the list by cursor', async () => {
    const many = await createUser(t.app, 'many-scheduled');
    for (let i = 0; i < 12; i += 1) await schedule({ title: `Post ${i}`, publish_at: ahead(60 * MINUTE) }, { user: many });
    const first = (await inject('GET', '/api/users/me/scheduled/', undefined, { user: many })).json() as Paged<Post>;
    expect(first.count).toBe(12);
    expect(first.results).toHaveLength(10);
    const nextPage = await inject('GET', first.next!.replace('http://localhost', ''), undefined, { user: many });
    expect(nextPage.statusCode, `${first.next} ${nextPage.body}`).toBe(200);
    const next = nextPage.json() as Paged<Post>;
    expect(next.results.map((post) => post.title)).toEqual(['Post 1', 'Post 0']);
  });
});

describe('publishing at its time', () => {
  const notificationsOf = async (user: TestUser) =>
    ((await inject('GET', '/api/notifications/', undefined, { user })).json() as Paged<Notification>).results;

  it('refused by the checks then (here: its author suspended), the post is kept and its author told', async () => {
    const owner = await createUser(t.app, 'owner');
    const closed = await createCircle(t.app, owner, 'Inner Room', { channelType: 'private' });
    const member = await createUser(t.app, 'leaver');
    await addMember(t.app, closed, member);
    const made = (
      await schedule({ circle: closed.id, title: 'For the room', publish_at: ahead(5 * MINUTE) }, { user: member })
    ).json() as Post;
    expect(made.status).toBe('scheduled');
    await t.app.ctx.services.suspensions.suspend({ userId: member.id, circleId: null, duration: '1d', reason: 'Spam' });

    clock.advance(5 * MINUTE);
    await runTheJob();
    expect((await inject('GET', `/api/posts/${made.id}/`, undefined, { user: owner })).statusCode).toBe(404);
    const kept = (await inject('GET', '/api/users/me/scheduled/', undefined, { user: member })).json() as Paged<Post>;
    expect(kept.results).toEqual([{ ...made, publish_refused: true }]);
    expect((await notificationsOf(member))[0]).toMatchObject({
      kind: 'scheduled_post',
      code: 'scheduledPostRefused',
      params: { title: 'For the room', channel: 'Inner Room' },
    });
    // Refused once, it is not tried again every minute; a new time (once the member may write) tries again.
    clock.advance(2 * 24 * 60 * MINUTE);
    await runTheJob();
    expect((await notificationsOf(member)).filter((item) => item.code === 'scheduledPostRefused')).toHaveLength(1);
    await inject('PATCH', `/api/posts/${made.id}/`, { publish_at: ahead(2 * MINUTE) }, { user: member });
    clock.advance(2 * MINUTE);
    await runTheJob();
    expect((await inject('GET', `/api/posts/${made.id}/`, undefined, { user: owner })).json()).toMatchObject({ status: 'published' });
  });

  it('held by the scam shield then, it goes to the review queue as any held post, and its author is told', async () => {
    const made = (
      await schedule({
        title: 'Your SBI account will be blocked today',
        description:
          '<p>Update KYC now at <a href="http://sbi-kyc-update.in/login">sbi-kyc-update.in</a> or call 9876543210 immediately.</p>',
        publish_at: ahead(2 * MINUTE),
      })
    ).json() as Post;
    clock.advance(2 * MINUTE);
    await runTheJob();
    expect((await inject('GET', `/api/posts/${made.id}/`)).json()).toMatchObject({ status: 'published', moderation_status: 'held' });
    expect((await inject('GET', `/api/posts/${made.id}/`, undefined, { user: reader })).statusCode).toBe(404);
    expect((await notificationsOf(author))[0]).toMatchObject({ kind: 'scheduled_post', code: 'scheduledPostHeld', post_id: made.id });
  });
});
