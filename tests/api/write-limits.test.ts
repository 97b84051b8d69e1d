import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser, post as writePost, type TestCircle, type TestUser } from '../helpers/fixtures.ts';

let t: TestApp;
let circle: TestCircle;
let postId: number;
const DAYS_AGO = new Date(Date.now() - 3 * 24 * 3_600_000);

const post = (user: TestUser, title: string) =>
  t.app.inject({ method: 'POST', url: '/api/posts/', headers: user.headers, payload: { circle: circle.id, title } });
const comment = (user: TestUser, body: string) =>
  t.app.inject({ method: 'POST', url: '/api/posts/comments/', headers: user.headers, payload: { post: postId, body } });

beforeAll(async () => {
  t = await buildTestApp(
    {},
    { POSTS_PER_HOUR: '8', COMMENTS_PER_HOUR: '4', CIRCLES_PER_DAY: '2', REACTIONS_PER_HOUR: '4', JOIN_REQUESTS_PER_HOUR: '4' },
  );
  const owner = await createUser(t.app, 'member', { createdAt: DAYS_AGO });
  circle = await createCircle(t.app, owner, 'Limits');
  postId = await writePost(t.app, owner, circle, 'Talk here');
});
afterAll(() => t.close());

describe('limits on writing', () => {
  it('let an established account post up to POSTS_PER_HOUR, then answer 429 with Retry-After and when to post again', async () => {
    const member = await createUser(t.app, 'member', { createdAt: DAYS_AGO });
    for (let i = 1; i <= 8; i++) expect((await post(member, `Post ${i}`)).statusCode).toBe(201);
    const refused = await post(member, 'One too many');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.json()).toMatchObject({ detail: 'You have reached the limit of 8 posts an hour. You can post again in 60 minutes.' });
  });

  it('give an account younger than NEW_ACCOUNT_HOURS a quarter of the limit', async () => {
    const newcomer = await createUser(t.app);
    expect((await post(newcomer, 'Hello')).statusCode).toBe(201);
    expect((await post(newcomer, 'Hello again')).statusCode).toBe(201);
    const refused = await post(newcomer, 'Third');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe('You have reached the limit of 2 posts an hour for new accounts. You can post again in 60 minutes.');
  });

  it('count each member separately, and comments apart from posts', async () => {
    const a = await createUser(t.app, 'member', { createdAt: DAYS_AGO });
    const b = await createUser(t.app, 'member', { createdAt: DAYS_AGO });
    for (let i = 0; i < 4; i++) expect((await comment(a, `Comment ${i}`)).statusCode).toBe(201);
    expect((await comment(a, 'Fifth')).statusCode).toBe(429);
    expect((await comment(b, 'Mine')).statusCode).toBe(201);
    expect((await post(a, 'Still may post')).statusCode).toBe(201);
  });

  it('limit channels a day, reactions and join requests', async () => {
    const member = await createUser(t.app, 'member', { createdAt: DAYS_AGO });
    const channel = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/circles/',
        headers: member.headers,
        payload: { name, description: 'x', channel_type: 'public' },
      });
    expect((await channel('First One')).statusCode).toBe(201);
    expect((await channel('Second One')).statusCode).toBe(201);
    const third = await channel('Third One');
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toMatch(/^You have reached the limit of 2 channels a day\. You can create a channel again in \d+ hours\.$/);

    const like = () => t.app.inject({ method: 'POST', url: `/api/posts/likes/?post_id=${postId}`, headers: member.headers });
    for (let i = 0; i < 4; i++) expect((await like()).statusCode).toBe(200);
    expect((await like()).statusCode).toBe(429);
    const unlike = await t.app.inject({ method: 'DELETE', url: `/api/posts/likes/?post_id=${postId}`, headers: member.headers });
    expect(unlike.statusCode).toBe(200);

    const join = () =>
      t.app.inject({ method: 'POST', url: '/api/circles/join-by-name/', headers: member.headers, payload: { circle_name: 'Limits' } });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await join()).statusCode);
    expect(answers.slice(0, 4).every((code) => code !== 429)).toBe(true);
    expect(answers[4]).toBe(429);
  });

  it('do not limit an invalid request', async () => {
    const member = await createUser(t.app, 'member', { createdAt: DAYS_AGO });
    for (let i = 0; i < 10; i++) expect((await post(member, '')).statusCode).toBe(400);
    expect((await post(member, 'Valid at last')).statusCode).toBe(201);
  });
});
