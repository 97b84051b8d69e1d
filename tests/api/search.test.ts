import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Circle, SearchResponse } from '../../src/lib/api-types.ts';
import { executeRows } from '../../src/server/db/client.ts';
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
  secret = await createCircle(t.app, member, 'Selectors Room', {
    channelType: 'private',
    description: 'Private talk about squad selection.',
  });

  const hour = 3_600_000;
  cricketPostId = await post(t.app, author, cricket, 'Cricket, cricket and more cricket', {
    description: `<p>Why <strong>cricket</strong> rules &amp; always will.</p><ul><li>${'Test matches are the purest form of the game. '.repeat(8)}</li></ul>`,
    createdAt: new Date(Date.now() - 3 * hour),
  });
  await post(t.app, author, cricket, 'Weekend plans', {
    description: '<p>Maybe some cricket at the park.</p>',
    createdAt: new Date(Date.now() - hour),
  });
  await post(t.app, author, cricket, 'Monsoon football', { description: '<p>Nothing about bat and ball here.</p>' });
  await post(t.app, author, cricket, 'नमस्ते भारत', { description: '<p>हिंदी में पोस्ट</p>' });
  const secretPost = await post(t.app, member, secret, 'Cricket squad leak before the announcement', {
    description: '<p>Confidential selection notes.</p>',
  });
  await comment(t.app, member, secretPost, 'Confidential cricket comment from the selectors');
  await comment(t.app, outsider, cricketPostId, 'Public cricketing comment about the spinners');
});
afterAll(() => t.close());

const answer = async (q: string, user?: TestUser, sort?: string): Promise<SearchResponse> => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/posts/search/?q=${encodeURIComponent(q)}${sort ? `&sort=${sort}` : ''}`,
    headers: user?.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const search = async (q: string, user?: TestUser, sort?: string): Promise<Search> => (await answer(q, user, sort)).search;
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
    expect(hit).toEqual({
      id: cricketPostId,
      title: 'Cricket, cricket and more cricket',
      description: expect.any(String),
      user: author.username,
      circle_name: 'Indian Cricket',
      highlights: { title: [], description: expect.any(Array) },
    });
    const at = hit.description.indexOf('purest');
    expect(hit.highlights.description[0]).toEqual([at, at + 'purest'.length]);
    expect(hit.highlights.description.every(([a, b]) => hit.description.slice(a, b) === 'purest')).toBe(true);
    expect(hit.description.startsWith('Why cricket rules & always will. Test matches')).toBe(true);
    expect(hit.description).not.toMatch(/[<>]/);
    expect([...hit.description].length).toBeLessThanOrEqual(200);
    expect(hit.description.endsWith('…')).toBe(true);

    const { channels, comments } = await search('spinners cricket');
    expect(channels).toEqual([]);
    expect(comments).toEqual([
      {
        id: expect.any(Number),
        post_id: cricketPostId,
        user: outsider.username,
        body: 'Public cricketing comment about the spinners',
        highlights: {
          body: [
            [7, 17],
            [36, 44],
          ],
        },
      },
    ]);
    expect((await search('selection')).channels).toEqual([
      {
        id: secret.id,
        name: 'Selectors Room',
        description: 'Private talk about squad selection.',
        channel_type: 'private',
        requirement: null,
        highlights: { name: [], description: [[25, 34]] },
      },
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
    expect(none.json()).toEqual({ search: empty, transliterated: null });
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

describe('search across scripts', () => {
  let bhasha: Circle;
  const ids: Record<string, number> = {};
  // ड़ written as one code point (U+095C) and as ड + nukta (U+0921 U+093C); the same for ढ़.
  const DHOKHA_PRECOMPOSED = 'धोखाध\u095cी';
  const PADHAI_PRECOMPOSED = 'प\u095dाई';
  const PADHAI_DECOMPOSED = 'प\u0922\u093cाई';

  beforeAll(async () => {
    bhasha = await createCircle(t.app, author, 'Bhasha Sangam', { description: 'Every language of India.' });
    const add = async (key: string, title: string, description = '') =>
      (ids[key] = await post(t.app, author, bhasha, title, { description: `<p>${description}</p>` }));
    await add('dhokhaDeva', `${DHOKHA_PRECOMPOSED} से बचें`, 'UPI वाली कहानी');
    await add('dhokhaLatin', 'Dhokhadhari alert', 'online dhokhadhari se bacho');
    await add('padhaiPre', `${PADHAI_PRECOMPOSED} का समय`);
    await add('padhaiDec', `मेरी ${PADHAI_DECOMPOSED} पूरी`);
    await add('zameen', '\u095bमीन');
    await add('kshamaZwj', 'क्\u200dषमा याचना'); // a ZWJ inside the conjunct क्ष
    await add('rakshaPlain', 'रक्षा बंधन');
    await add('danda', 'सच बोलो।झूठ मत बोलो॥अंत');
    await add('girl', 'लड़की ने मैच जीता');
    await add('girls', 'लड़कियों की टीम');
    await add('kannada', 'ಬೆಂಗಳೂರು ಮಳೆ');
    await add('kannadaLatin', 'Bengaluru traffic jam');
    await add('tamil', 'தமிழ் இலக்கியம்');
    await add('tamilLatin', 'Tamil cinema songs');
  });

  const found = async (q: string) => (await search(q)).posts.map((p) => p.id);

  it('Hinglish and Devanagari find each other, both ways, with spelling variants', async () => {
    for (const q of ['dhokhadhadi', 'dhokhadhari', DHOKHA_PRECOMPOSED, 'धोखाध\u0921\u093cी']) {
      expect(await found(q)).toEqual(expect.arrayContaining([ids.dhokhaDeva, ids.dhokhaLatin]));
    }
  });

  it('answers the query as matched in the other script, and null when the words were enough', async () => {
    expect((await answer('dhokhadhadi')).transliterated).toBe(DHOKHA_PRECOMPOSED);
    expect((await answer(DHOKHA_PRECOMPOSED)).transliterated).toBe('Dhokhadhari');
    expect((await answer('cricket')).transliterated).toBeNull();
  });

  it('highlights the matched words as ranges of the shown text, in either script', async () => {
    const { posts } = await search('dhokhadhadi');
    const deva = posts.find((p) => p.id === ids.dhokhaDeva)!;
    expect(deva.highlights.title).toEqual([[0, DHOKHA_PRECOMPOSED.length]]);
    const latin = posts.find((p) => p.id === ids.dhokhaLatin)!;
    expect(latin.highlights).toEqual({ title: [[0, 11]], description: [[7, 18]] });
  });

  it('reads a nukta letter written as one code point or two the same, both ways', async () => {
    expect(await found(PADHAI_DECOMPOSED)).toEqual(expect.arrayContaining([ids.padhaiPre, ids.padhaiDec]));
    expect(await found(PADHAI_PRECOMPOSED)).toEqual(expect.arrayContaining([ids.padhaiPre, ids.padhaiDec]));
  });

  it('finds a word with a precomposed nukta letter (ज़, U+095B) searched by itself, and written in two code points', async () => {
    expect(await found('\u095bमीन')).toContain(ids.zameen);
    expect(await found('\u091c\u093cमीन')).toContain(ids.zameen);
  });

  it('ignores a zero-width joiner inside a conjunct, in the text and in the query', async () => {
    expect(await found('क्षमा')).toContain(ids.kshamaZwj);
    expect(await found('रक्\u200dषा')).toContain(ids.rakshaPlain);
    expect(await found('क्\u200dषमा')).toContain(ids.kshamaZwj);
  });

  it('reads a danda as a word break', async () => {
    expect(await found('झूठ')).toEqual([ids.danda]);
    expect(await found('अंत')).toEqual([ids.danda]);
  });

  it('finds a Hindi word by another inflection, both ways', async () => {
    expect(await found('लड़कियों')).toEqual(expect.arrayContaining([ids.girl, ids.girls]));
    expect(await found('लड़की')).toEqual(expect.arrayContaining([ids.girl, ids.girls]));
  });

  it('finds Kannada and Tamil words by their romanisation, and the reverse', async () => {
    expect(await found('bengaluru')).toEqual(expect.arrayContaining([ids.kannada, ids.kannadaLatin]));
    expect(await found('ಬೆಂಗಳೂರು')).toEqual(expect.arrayContaining([ids.kannada, ids.kannadaLatin]));
    expect(await found('tamil')).toEqual(expect.arrayContaining([ids.tamil, ids.tamilLatin]));
    expect(await found('தமிழ்')).toEqual(expect.arrayContaining([ids.tamil, ids.tamilLatin]));
  });

  it('does not find unrelated words by their skeleton', async () => {
    expect(await found('dhokhadhadi')).not.toContain(ids.girl);
    expect(await found('bengaluru')).not.toContain(ids.tamil);
  });
});

describe('sort: relevant and new', () => {
  let oldPostId: number;
  let newestId: number;

  beforeAll(async () => {
    const chai = await createCircle(t.app, author, 'Chai Adda', { description: 'Tea talk.' });
    oldPostId = await post(t.app, author, chai, 'Masala chai, the whole chai story', {
      description: '<p>chai chai chai: ginger chai, elaichi chai</p>',
      createdAt: new Date(Date.now() - 400 * 86_400_000),
    });
    // 3,000 newer posts that mention the word once, written straight to the table.
    await t.app.ctx.db.execute(sql`
      insert into posts (circle_id, author_id, title, description, created_at)
      select ${chai.id}, ${author.id}, 'Morning thoughts ' || n, '<p>had some chai today, number ' || n || '</p>', now() - (3000 - n) * interval '1 minute'
      from generate_series(1, 3000) as n`);
    const [{ id }] = await executeRows<{ id: number }>(t.app.ctx.db, sql`select max(id) as id from posts`);
    newestId = Number(id ?? 0);
  });

  it('Relevant finds an old post about the word among thousands of newer ones that mention it', async () => {
    const relevant = await search('chai');
    expect(relevant.posts[0].id).toBe(oldPostId);
    expect((await search('chai', undefined, 'relevant')).posts[0].id).toBe(oldPostId);
  });

  it('New lists the newest matches first', async () => {
    const newest = await search('chai', undefined, 'new');
    const postIds = newest.posts.map((p) => p.id);
    expect(postIds).toHaveLength(10);
    expect(postIds).not.toContain(oldPostId);
    expect(postIds).toEqual([...postIds].sort((a, b) => b - a));
    expect(newest.posts[0].title).toBe('Morning thoughts 3000');
    expect(newestId).toBeGreaterThan(0);
  });

  it('answers 400 in DRF’s words for another sort', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/posts/search/?q=chai&sort=top' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ sort: ['"top" is not a valid choice.'] });
  });
});
