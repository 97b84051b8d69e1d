import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged, Poll, Post } from '../../src/lib/api-types.ts';
import { eq } from 'drizzle-orm';
import { circles, pollVotes, users } from '../../src/server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, multipart, type TestCircle, type TestUser } from '../helpers/fixtures.ts';

/** Polls here may close 1 second after they open (POLL_MIN_CLOSE_SECONDS), so a test can see one close. */
const SOON_SECONDS = 1;
let t: TestApp;
let author: TestUser;
let voter: TestUser;
let other: TestUser;
let open: TestCircle;

beforeAll(async () => {
  t = await buildTestApp({}, { POLL_MIN_CLOSE_SECONDS: String(SOON_SECONDS) });
  author = await createUser(t.app, 'pollster');
  voter = await createUser(t.app, 'voter');
  other = await createUser(t.app, 'other-voter');
  open = await createCircle(t.app, author, 'Town Square');
});
afterAll(() => t.close());

const inAWhile = (ms: number) => new Date(Date.now() + ms).toISOString();
const DAY = 86_400_000;
const createPoll = (poll: unknown, user = author, circle: number = open.id) =>
  t.app.inject({ method: 'POST', url: '/api/posts/', headers: user.headers, payload: { circle, title: 'Which day?', poll } });
const vote = (postId: number, options: unknown, user: TestUser = voter) =>
  t.app.inject({ method: 'POST', url: `/api/posts/${postId}/poll/votes/`, headers: user.headers, payload: { options } });
const read = async (postId: number, user: TestUser | null) =>
  (await t.app.inject({ method: 'GET', url: `/api/posts/${postId}/`, headers: user?.headers })).json() as Post;

describe('making a poll', () => {
  it('answers 201 with the Post and its poll; no counts until the viewer votes; posts without one carry poll: null', async () => {
    const closesAt = inAWhile(3 * DAY);
    const res = await createPoll({ options: [' Saturday ', 'Sunday', 'Monday'], multiple: false, closes_at: closesAt });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json() as Post;
    expect(post.status).toBe('published');
    expect(post.poll).toEqual({
      options: [
        { id: expect.any(Number), text: 'Saturday', votes: null },
        { id: expect.any(Number), text: 'Sunday', votes: null },
        { id: expect.any(Number), text: 'Monday', votes: null },
      ],
      multiple: false,
      closes_at: closesAt,
      closed: false,
      verified_only: false,
      total_votes: null,
      my_votes: [],
    } satisfies Poll);
    // The feed shows it in the card, as it is.
    const feed = (await t.app.inject({ method: 'GET', url: '/api/posts/public/feed/' })).json() as Paged<Post>;
    expect(feed.results.find((item) => item.id === post.id)?.poll).toEqual(post.poll);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: author.headers,
      payload: { circle: open.id, title: 'No poll' },
    });
    expect(plain.json().poll).toBeNull();
  });

  it('takes the poll as JSON text in a multipart form', async () => {
    const form = await multipart([
      ['circle', String(open.id)],
      ['title', 'Form poll'],
      ['poll', JSON.stringify({ options: ['Yes', 'No'], multiple: true, closes_at: inAWhile(DAY) })],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts/',
      headers: { ...author.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().poll).toMatchObject({ multiple: true, options: [{ text: 'Yes' }, { text: 'No' }] });
  });

  it('refuses a poll that is malformed, has too few, too many, blank, long or repeated options, or closes too soon or too late', async () => {
    const closes_at = inAWhile(DAY);
    const cases: [unknown, string][] = [
      ['not json', 'Send the poll as {options, multiple, closes_at}: a list of texts, true or false, and a time.'],
      [{ options: ['A', 'B'], closes_at }, 'Send the poll as {options, multiple, closes_at}: a list of texts, true or false, and a time.'],
      [{ options: ['A'], multiple: false, closes_at }, 'Give a poll from 2 to 6 options.'],
      [{ options: ['1', '2', '3', '4', '5', '6', '7'], multiple: false, closes_at }, 'Give a poll from 2 to 6 options.'],
      [{ options: ['A', '  '], multiple: false, closes_at }, 'Write something in every option.'],
      [{ options: ['A', 'x'.repeat(101)], multiple: false, closes_at }, 'Keep each option within 100 characters.'],
      [{ options: ['Tea', 'tea'], multiple: false, closes_at }, 'Give each option only once.'],
      [
        { options: ['A', 'B'], multiple: false, closes_at: 'soon' },
        'Give the closing time as a date and time with its time zone, such as 2030-05-01T18:30+05:30.',
      ],
      [
        { options: ['A', 'B'], multiple: false, closes_at: inAWhile(-1000) },
        'Close the poll at least 1 minutes and at most 30 days after it opens.',
      ],
      [
        { options: ['A', 'B'], multiple: false, closes_at: inAWhile(31 * DAY) },
        'Close the poll at least 1 minutes and at most 30 days after it opens.',
      ],
      [
        { options: ['A', 'B'], multiple: false, closes_at, verified_only: true },
        'Only the owner of a channel with a verification requirement can keep a poll to verified members.',
      ],
    ];
    for (const [poll, message] of cases) {
      const res = await createPoll(poll);
      expect(res.statusCode, JSON.stringify(poll)).toBe(400);
      expect(res.json()).toEqual({ poll: [message] });
    }
  });
});

describe('voting', () => {
  it('counts one vote per member, changeable until it closes; counts and totals appear once the viewer voted', async () => {
    const post = (await createPoll({ options: ['Saturday', 'Sunday'], multiple: false, closes_at: inAWhile(DAY) })).json() as Post;
    const [saturday, sunday] = post.poll!.options.map((option) => option.id);

    const first = await vote(post.id, [saturday]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      options: [
        { id: saturday, votes: 1 },
        { id: sunday, votes: 0 },
      ],
      total_votes: 1,
      my_votes: [saturday],
    });
    // Someone who has not voted still sees no counts; a visitor neither.
    expect((await read(post.id, other)).poll).toMatchObject({
      total_votes: null,
      my_votes: [],
      options: [{ votes: null }, { votes: null }],
    });
    expect((await read(post.id, null)).poll).toMatchObject({ total_votes: null, my_votes: [] });

    // Changing the vote moves it; voting again the same way changes nothing.
    expect((await vote(post.id, [sunday])).json()).toMatchObject({
      options: [{ votes: 0 }, { votes: 1 }],
      total_votes: 1,
      my_votes: [sunday],
    });
    expect((await vote(post.id, [sunday])).json()).toMatchObject({ total_votes: 1 });
    expect((await vote(post.id, [saturday], other)).json()).toMatchObject({ options: [{ votes: 1 }, { votes: 1 }], total_votes: 2 });
  });

  it('refuses several options on a single-choice poll, an option of another poll, none, and a post without a poll', async () => {
    const single = (await createPoll({ options: ['A', 'B'], multiple: false, closes_at: inAWhile(DAY) })).json() as Post;
    const another = (await createPoll({ options: ['C', 'D'], multiple: true, closes_at: inAWhile(DAY) })).json() as Post;
    const [a, b] = single.poll!.options.map((option) => option.id);
    const several = await vote(single.id, [a, b]);
    expect(several.statusCode).toBe(400);
    expect(several.json()).toEqual({ options: ['Choose one option: this poll takes a single choice.'] });
    const foreign = await vote(single.id, [another.poll!.options[0].id]);
    expect(foreign.json()).toEqual({ options: ['Choose options of this poll.'] });
    expect((await vote(single.id, [])).json()).toEqual({ options: ['Choose at least one option.'] });
    expect((await vote(single.id, 'A')).statusCode).toBe(400);
    const plain = (
      await t.app.inject({ method: 'POST', url: '/api/posts/', headers: author.headers, payload: { circle: open.id, title: 'Plain' } })
    ).json();
    const none = await vote(plain.id, [a]);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ detail: 'This post has no poll.', code: 'polls.noPoll' });
    expect((await t.app.inject({ method: 'POST', url: `/api/posts/${single.id}/poll/votes/`, payload: { options: [a] } })).statusCode).toBe(
      401,
    );

    // Several options on a multiple-choice poll count once each.
    const [c, d] = another.poll!.options.map((option) => option.id);
    expect((await vote(another.id, [c, d])).json()).toMatchObject({
      options: [{ votes: 1 }, { votes: 1 }],
      total_votes: 2,
      my_votes: [c, d],
    });
  });

  it('once closed, shows everyone the results and takes no more votes (400)', async () => {
    const post = (
      await createPoll({ options: ['Yes', 'No'], multiple: false, closes_at: inAWhile(SOON_SECONDS * 1000 + 300) })
    ).json() as Post;
    const [yes] = post.poll!.options.map((option) => option.id);
    expect((await vote(post.id, [yes])).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, SOON_SECONDS * 1000 + 400));
    const late = await vote(post.id, [yes], other);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ detail: 'This poll has closed: votes can no longer be given or changed.', code: 'polls.closed' });
    for (const viewer of [other, null]) {
      expect((await read(post.id, viewer)).poll).toMatchObject({
        closed: true,
        total_votes: 1,
        my_votes: [],
        options: [{ votes: 1 }, { votes: 0 }],
      });
    }
  });

  it('keeps a verified-only poll to members who meet the channel’s requirement (403 otherwise)', async () => {
    const owner = await createUser(t.app, 'campus-owner');
    const campus = await createCircle(t.app, owner, 'Campus Voices');
    // The owner verified an academic address; the channel asks for one.
    await t.app.ctx.db.update(users).set({ identityClass: 'academic' }).where(eq(users.id, owner.id));
    await t.app.ctx.db.update(circles).set({ requirementKind: 'academic' }).where(eq(circles.id, campus.id));
    const made = await createPoll(
      { options: ['Library', 'Canteen'], multiple: false, closes_at: inAWhile(DAY), verified_only: true },
      owner,
      campus.id,
    );
    expect(made.statusCode, made.body).toBe(201);
    const post = made.json() as Post;
    expect(post.poll!.verified_only).toBe(true);
    const refused = await vote(post.id, [post.poll!.options[0].id], voter);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'verification_required' });
    expect(refused.json().detail).toMatch(/^To vote in this poll of Campus Voices you need/);
  });

  it('keeps counts true when a voter’s account is erased, and goes with its post', async () => {
    const post = (await createPoll({ options: ['Up', 'Down'], multiple: false, closes_at: inAWhile(DAY) })).json() as Post;
    const leaver = await createUser(t.app, 'leaver');
    await vote(post.id, [post.poll!.options[0].id], leaver);
    await vote(post.id, [post.poll!.options[0].id], voter);
    const { db } = t.app.ctx;
    // The erasure deletes the member's rows as ACCOUNT_TABLES says (poll_votes: 'delete'); the trigger takes the votes back.
    await db.delete(pollVotes).where(eq(pollVotes.userId, leaver.id));
    await db.delete(users).where(eq(users.id, leaver.id));
    expect((await read(post.id, voter)).poll).toMatchObject({ options: [{ votes: 1 }, { votes: 0 }], total_votes: 1 });
    // Deleting the post takes its poll, options and votes with it.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/posts/${post.id}/`, headers: author.headers })).statusCode).toBe(204);
  });
});
