import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Circle, SearchResponse } from '../../src/lib/api-types.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { comment, createCircle, createUser, post, type TestUser } from '../helpers/fixtures.ts';

type Search = SearchResponse['search'];

let t: TestApp;
let author: TestUser;
let member: TestUser;
let outsider: TestUser;
let cricket: Circle;
let secret: Circle;
let cricketPostId: number;

beforeAll(async () => {
  t = await buildTestApp();
  [author, member, outsider] = await Promise.all([createUser(t.app, 'Author'), createUser(t.app, 'Member'), createUser(t.app, 'Outsider')]);
  cricket = await createCircle(t.app, author, 'Indian Cricket', { description: 'Tests, ODIs and the IPL.' });
  await createCircle(t.app, author, 'Mumbai Monsoon', { description: 'Rain, trains and chai. Cricket in the maidans when it stops.' });
  secret = await createCircle(t.app, member, 'Selectors Room', { channelType: 'private', description: 'Private talk about squad selection.' });

  const hour = 3_600_000;
  cricketPostId = await post(t.app, author, cricket, 'Cricket, cricket and more cricket', {
    description: `<p>Why <strong>cricket</strong> rules &amp; always will.</p><ul><li>${'Test matches are the purest form of the game. '.repeat(8)}</li></ul>`,
    createdAt: new Date(Date.now() - 3 * hour),
  });
  await post(t.app, author, cricket, 'Weekend plans', { description: '<p>Maybe some cricket at the park.</p>', createdAt: new Date(Date.now() - hour) });
  await post(t.app, author, cricket, 'Monsoon football', { description: '<p>Nothing about bat and ball here.</p>' });
  await post(t.app, author, cricket, 'नमस्ते भारत', { description: '<p>हिंदी में पोस्ट</p>' });
  const secretPost = await post(t.app, member, secret, 'Cricket squad leak before the announcement', { description: '<p>Confidential selection notes.</p>' });
  await comment(t.app, member, secretPost, 'Confidential cricket comment from the selectors');
  await comment(t.app, outsider, cricketPostId, 'Public cricketing comment about the spinners');
});
afterAll(() => t.close());

const search = async (q: string, user?: TestUser): Promise<Search> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/posts/search/?q=${encodeURIComponent(q)}`, headers: user?.headers });
  expect(res.statusCode).toBe(200);
  return res.json().search;
};
const titles = (s: Search) => s.posts.map((p) => p.title);

describe('GET /api/posts/search/', () => {
  it('matches word prefixes in any case: "cric" finds cricket', async () => {
    const found = await search('CRIC');
    expect(titles(found)).toEqual(['Cricket, cricket and more cricket', 'Weekend plans']);
    expect(found.channels.map((c) => c.name)).toEqual(['Indian Cricket', 'Mumbai Monsoon']);
    expect(found.comments.map((c) => c.body)).toEqual(['Public cricketing comment about the spinners']);
  });

  it('ranks by relevance: the post that is all about cricket comes first, although older', async () => {
    expect(titles(await search('cricket'))[0]).toBe('Cricket, cricket and more cricket');
  });

  it('requires every word (AND)', async () => {
    expect(titles(await search('cricket park'))).toEqual(['Weekend plans']);
    expect(titles(await search('cricket nonexistentword'))).toEqual([]);
  });

  it('answers the spec’s shapes, with a plain-text excerpt of at most 200 characters', async () => {
    const found = await search('purest');
    expect(found.posts).toHaveLength(1);
    const [hit] = found.posts;
    expect(hit).toEqual({ id: cricketPostId, title: 'Cricket, cricket and more cricket', description: expect.any(String), user: author.username, circle_name: 'Indian Cricket' });
    expect(hit.description.startsWith('Why cricket rules & always will. Test matches')).toBe(true);
    expect(hit.description).not.toMatch(/[<>]/);
    expect([...hit.description].length).toBeLessThanOrEqual(200);
    expect(hit.description.endsWith('…')).toBe(true);

    const { channels, comments } = await search('spinners cricket');
    expect(channels).toEqual([]);
    expect(comments).toEqual([{ id: expect.any(Number), post_id: cricketPostId, user: outsider.username, body: 'Public cricketing comment about the spinners' }]);
    expect((await search('selection')).channels).toEqual([
      { id: secret.id, name: 'Selectors Room', description: 'Private talk about squad selection.', channel_type: 'private' },
    ]);
  });

  it('hides private posts and comments from visitors and non-members, but lists the private channel', async () => {
    for (const viewer of [undefined, outsider, author]) {
      const found = await search('confidential', viewer);
      expect(found.posts).toEqual([]);
      expect(found.comments).toEqual([]);
      expect(titles(await search('squad leak', viewer))).toEqual([]);
    }
    expect((await search('selectors')).channels.map((c) => c.name)).toEqual(['Selectors Room']);
  });

  it('shows a private circle’s posts and comments to its members', async () => {
    const found = await search('confidential', member);
    expect(titles(found)).toEqual(['Cricket squad leak before the announcement']);
    expect(found.comments.map((c) => c.body)).toEqual(['Confidential cricket comment from the selectors']);
    expect(titles(await search('cric', member))).toContain('Cricket squad leak before the announcement');
  });

  it('finds words in Indian scripts by prefix', async () => {
    expect(titles(await search('नमस'))).toEqual(['नमस्ते भारत']);
    expect(titles(await search('हिंदी'))).toEqual(['नमस्ते भारत']);
  });

  it('answers three empty lists for a blank, whitespace or punctuation-only query, never an error', async () => {
    const empty = { posts: [], channels: [], comments: [] };
    for (const q of ['', '   ', '\t\n', '&|!():*', "'", '<->', '\\', '%', '""', '!!!', ':*']) expect(await search(q)).toEqual(empty);
    const none = await t.app.inject({ method: 'GET', url: '/api/posts/search/' });
    expect(none.json()).toEqual({ search: empty });
  });

  it('survives operator soup and injection attempts around real words', async () => {
    expect(titles(await search("cricket' & !(drop:* | table"))).toEqual([]);
    expect(titles(await search('(cric)'))).toEqual(['Cricket, cricket and more cricket', 'Weekend plans']);
    expect(titles(await search("cric'; drop table posts; --"))).toEqual([]);
    expect((await search('x'.repeat(5000))).posts).toEqual([]);
  });

  it('returns at most 10 of each', async () => {
    for (let i = 0; i < 12; i++) {
      const postId = await post(t.app, author, cricket, `Bulk scorecard ${i}`, { description: '<p>scorecard</p>' });
      await comment(t.app, author, postId, `scorecard comment ${i}`);
    }
    const found = await search('scorecard');
    expect(found.posts).toHaveLength(10);
    expect(found.comments).toHaveLength(10);
  });

  it('answers 400 for a repeated q parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/posts/search/?q=a&q=b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ q: ['Not a valid string.'] });
  });
});
