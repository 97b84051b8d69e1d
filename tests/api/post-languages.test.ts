import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, FeedPage, Post } from '../../src/lib/api-types.ts';
import type { Preferences } from '../../src/lib/post-languages.ts';
import { comments, languageBackfill, posts } from '../../src/server/db/schema/index.ts';
import { backfillLanguages } from '../../src/server/services/posts/index.ts';
import { executeRows } from '../../src/server/db/client.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, comment, createCircle, createUser, post, type TestCircle, type TestUser } from '../helpers/fixtures.ts';

let t: TestApp;
/** Every statement the app sends while `statements` is set (the job queue's polls left out). */
let statements: { text: string; values: unknown[] }[] | null = null;
let author: TestUser;
let reader: TestUser;
let open: TestCircle;

const get = (url: string, user?: TestUser | null, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...user?.headers, ...headers } });
const page = (res: { json: () => unknown }) => res.json() as FeedPage<Post>;
const titles = (res: { json: () => unknown }) => page(res).results.map((p) => p.title);
const createPost = (user: TestUser, circle: TestCircle, title: string, description = '') =>
  t.app.inject({ method: 'POST', url: '/api/posts/', headers: user.headers, payload: { circle: circle.id, title, description } });
const putPreferences = (user: TestUser, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: '/api/users/me/preferences/', headers: { ...user.headers, ...headers }, payload: body as object });

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {},
    { onStatement: (text, values) => void (text.includes('pgboss') || statements?.push({ text, values: [...(values ?? [])] })) },
  );
  author = await createUser(t.app, 'author', { createdAt: new Date(Date.now() - 30 * 86_400_000) });
  reader = await createUser(t.app, 'reader');
  open = await createCircle(t.app, author, 'Sab Ki Baat');
});
afterAll(() => t.close());

describe('a post’s language', () => {
  it('is detected from its title and text when it is written, and stored', async () => {
    const cases: [title: string, description: string, language: string][] = [
      ['आज ऑफिस में बहुत काम था', '<p>थक गया हूँ</p>', 'hi'],
      ['आज पुण्यात खूप पाऊस पडला', '', 'mr'],
      ['Kal ka exam bahut tough tha yaar', '', 'hi-Latn'],
      ['Placement season starts Monday', '<p>Share your prep resources here</p>', 'en'],
      ['ইন্টারনেট আজ খুব ধীর', '', 'bn'],
      ['📷', '<p>🙏🙏</p>', 'und'],
    ];
    for (const [title, description, language] of cases) {
      const res = await createPost(author, open, title, description);
      expect(res.statusCode, title).toBe(201);
      const created = res.json() as Post;
      expect(created.language, title).toBe(language);
      const [row] = await t.app.ctx.db.select({ language: posts.language }).from(posts).where(eq(posts.id, created.id));
      expect(row.language, title).toBe(language);
      expect((await get(`/api/posts/${created.id}/`)).json()).toMatchObject({ id: created.id, language });
    }
  });

  it('is detected again when its author edits it', async () => {
    const created = (await createPost(author, open, 'Good morning everyone')).json() as Post;
    expect(created.language).toBe('en');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/posts/${created.id}/`,
      headers: author.headers,
      payload: { title: 'எல்லாருக்கும் காலை வணக்கம்' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, language: 'ta', edited_at: expect.any(String) });
  });
});

describe('a comment’s language', () => {
  it('is detected when written and edited, and undetermined once deleted', async () => {
    const postId = await post(t.app, author, open, 'Comments here');
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/posts/comments/',
      headers: reader.headers,
      payload: { post: postId, body: 'ಒಳ್ಳೆ ಕನ್ನಡ ಕಾದಂಬರಿ ಹೇಳಿ' },
    });
    expect(write.statusCode).toBe(201);
    const written = write.json() as Comment;
    expect(written.language).toBe('kn');
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/posts/comments/${written.id}/`,
      headers: reader.headers,
      payload: { body: 'Sahi baat hai bhai' },
    });
    expect(edit.json()).toMatchObject({ id: written.id, language: 'hi-Latn' });
    const listed = (await get(`/api/posts/comments/list/?post_id=${postId}`)).json() as { comments: FeedPage<Comment> };
    expect(listed.comments.results.map((c) => [c.id, c.language])).toEqual([[written.id, 'hi-Latn']]);
    // Deleted with a reply below it, it keeps its place without words: nothing to tell a language by.
    await t.app.inject({
      method: 'POST',
      url: '/api/posts/comments/',
      headers: author.headers,
      payload: { post: postId, body: 'ok', parent: written.id },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/posts/comments/${written.id}/`, headers: reader.headers });
    const [row] = await t.app.ctx.db.select({ language: comments.language }).from(comments).where(eq(comments.id, written.id));
    expect(row.language).toBe('und');
  });
});

describe('feeds in the reader’s languages', () => {
  let circle: TestCircle;
  let other: TestCircle;
  const ids: Record<string, number> = {};
  const start = Date.UTC(2026, 1, 1);

  beforeAll(async () => {
    circle = await createCircle(t.app, author, 'Bhasha');
    other = await createCircle(t.app, author, 'Bhasha Two');
    const written: [name: string, language: string][] = [
      ['english', 'en'],
      ['hindi', 'hi'],
      ['hinglish', 'hi-Latn'],
      ['marathi', 'mr'],
      ['tamil', 'ta'],
      ['photo', 'und'],
    ];
    for (const [i, [name, language]] of written.entries())
      ids[name] = await post(t.app, author, circle, name, { language, createdAt: new Date(start + i * 60_000) });
    ids.otherHindi = await post(t.app, author, other, 'otherHindi', { language: 'hi', createdAt: new Date(start + 100 * 60_000) });
  });

  const inCircle = (query: string) => `/api/posts/public/feed/?circle=${circle.id}&${query}`;

  it('shows the languages asked for (`hi` covering Hinglish), and undetermined posts always', async () => {
    expect(titles(await get(inCircle('languages=hi')))).toEqual(['photo', 'hinglish', 'hindi']);
    expect(titles(await get(inCircle('languages=hi-Latn')))).toEqual(['photo', 'hinglish']);
    expect(titles(await get(inCircle('languages=ta,EN')))).toEqual(['photo', 'tamil', 'english']);
    expect(titles(await get(inCircle('languages=kn')))).toEqual(['photo']);
    // The public feed, the member's feed and a channel's page alike.
    const everywhere = [
      page(await get('/api/posts/public/feed/?languages=mr')),
      page(await get('/api/posts/user/feed/?languages=mr', reader)),
      page(await get(`/api/posts/user/feed/?circle=${circle.id}&languages=mr`, reader)),
    ];
    for (const body of everywhere) {
      expect(body.results.map((p) => p.id)).toContain(ids.marathi);
      expect(body.results.every((p) => ['mr', 'und'].includes(p.language))).toBe(true);
    }
  });

  it('says the total of a filtered page is unknown (null), and every language’s is kept', async () => {
    const filtered = page(await get(inCircle('languages=hi')));
    expect(filtered).toMatchObject({ count: null, next: null, previous: null });
    const all = page(await get(inCircle('')));
    expect(all.count).toBe(6);
    expect(page(await get(inCircle('languages=all'))).count).toBe(6);
  });

  it('answers 400 for a language it does not know, in the reader’s language', async () => {
    const english = await get('/api/posts/public/feed/?languages=hi,xx');
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({
      languages: ['"xx" is not one of the languages posts can be shown in. Choose from en, hi, hi-Latn, mr, bn, ta, te, kn.'],
    });
    const hindi = await get('/api/posts/user/feed/?languages=fr', reader, { 'accept-language': 'hi' });
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json()).toEqual({
      languages: ['"fr" उन भाषाओं में नहीं है जिनमें पोस्ट दिखाई जा सकती हैं। इनमें से चुनें: en, hi, hi-Latn, mr, bn, ta, te, kn।'],
    });
    const twice = await get('/api/posts/public/feed/?languages=hi&languages=en');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ languages: ['Give the languages as tags, such as hi,en.'] });
  });

  it('shows a visitor every language without the parameter', async () => {
    expect(titles(await get(inCircle('')))).toEqual(['photo', 'tamil', 'marathi', 'hinglish', 'hindi', 'english']);
  });

  it('shows a member who has not chosen the language of their screens and English', async () => {
    const member = await createUser(t.app, 'newcomer');
    expect(titles(await get(inCircle(''), member))).toEqual(['photo', 'english']);
    expect(titles(await get(inCircle(''), member, { 'accept-language': 'ta-IN,ta;q=0.9' }))).toEqual(['photo', 'tamil', 'english']);
    expect(titles(await get(inCircle(''), member, { cookie: 'lang=mr' }))).toEqual(['photo', 'marathi', 'english']);
    const settings = await get('/api/users/me/preferences/', member, { 'accept-language': 'bn' });
    expect(settings.json()).toEqual<Preferences>({ reading_languages: ['en', 'bn'], reading_languages_saved: false });
  });

  it('uses a member’s saved choice when the request names none, and the parameter over it', async () => {
    const member = await createUser(t.app, 'chooser');
    const saved = await putPreferences(member, { reading_languages: ['hi'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual<Preferences>({ reading_languages: ['hi'], reading_languages_saved: true });
    expect((await get('/api/users/me/preferences/', member)).json()).toEqual({ reading_languages: ['hi'], reading_languages_saved: true });
    for (const url of [inCircle(''), `/api/posts/user/feed/?circle=${circle.id}`])
      expect(titles(await get(url, member)), url).toEqual(['photo', 'hinglish', 'hindi']);
    const home = page(await get('/api/posts/user/feed/', member));
    expect(home.results.map((p) => p.id)).toEqual(expect.arrayContaining([ids.otherHindi, ids.hindi, ids.hinglish, ids.photo]));
    expect(home.results.map((p) => p.id)).not.toContain(ids.english);
    expect(home.count).toBeNull();
    // The address's own choice wins for one request; `all` shows every language.
    expect(titles(await get(inCircle('languages=en'), member))).toEqual(['photo', 'english']);
    expect(page(await get(inCircle('languages=all'), member)).count).toBe(6);
    // Back to the default.
    const reset = await putPreferences(member, { reading_languages: null });
    expect(reset.json()).toEqual({ reading_languages: ['en'], reading_languages_saved: false });
    expect(titles(await get(inCircle(''), member))).toEqual(['photo', 'english']);
  });

  it('always shows members their own posts', async () => {
    const writer = await createUser(t.app, 'writer');
    await addMember(t.app, circle, writer);
    const mine = await post(t.app, writer, circle, 'mine', { language: 'te', createdAt: new Date(start + 50 * 60_000) });
    await putPreferences(writer, { reading_languages: ['en'] });
    expect(page(await get(inCircle(''), writer)).results.map((p) => p.id)).toContain(mine);
    expect(page(await get(inCircle(''), reader)).results.map((p) => p.id)).not.toContain(mine);
  });

  it('refuses a choice of no language or of one it does not know', async () => {
    expect((await putPreferences(reader, { reading_languages: [] })).json()).toEqual({
      reading_languages: ['Choose at least one language.'],
    });
    expect((await putPreferences(reader, { reading_languages: ['hi', 'klingon'] }, { 'accept-language': 'ta' })).json()).toEqual({
      reading_languages: ['"klingon" இடுகைகளைக் காட்டக்கூடிய மொழிகளில் ஒன்று அல்ல. இவற்றில் தேர்ந்தெடுக்கவும்: en, hi, hi-Latn, mr, bn, ta, te, kn.'],
    });
    expect((await putPreferences(reader, { reading_languages: 'hi' })).statusCode).toBe(400);
    expect((await putPreferences(reader, {})).json()).toEqual({ reading_languages: ['This field is required.'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/preferences/' })).statusCode).toBe(401);
  });

  it('pages a filtered feed by “has more”: next while there is more, with a cursor; no last page', async () => {
    const many = await createCircle(t.app, author, 'Hindi Only');
    for (let i = 0; i < 12; i++) await post(t.app, author, many, `h${i}`, { language: 'hi', createdAt: new Date(start + i * 60_000) });
    for (let i = 0; i < 5; i++)
      await post(t.app, author, many, `e${i}`, { language: 'en', createdAt: new Date(start + (20 + i) * 60_000) });
    const first = page(await get(`/api/posts/public/feed/?circle=${many.id}&languages=hi`));
    expect(first.count).toBeNull();
    expect(first.results.map((p) => p.title)).toEqual(Array.from({ length: 10 }, (_, i) => `h${11 - i}`));
    expect(first.next).toMatch(/\?circle=\d+&languages=hi&page=2&cursor=[\w-]+$/);
    const second = page(await get(first.next!.replace('http://localhost', '')));
    expect(second.results.map((p) => p.title)).toEqual(['h1', 'h0']);
    expect(second).toMatchObject({ count: null, next: null });
    expect(second.previous).toMatch(/\?circle=\d+&languages=hi$/);
    // By number too, up to page 50; past the end and `last` are Invalid page.
    expect(page(await get(`/api/posts/public/feed/?circle=${many.id}&languages=hi&page=2`)).results).toHaveLength(2);
    for (const p of ['3', 'last'])
      expect((await get(`/api/posts/public/feed/?circle=${many.id}&languages=hi&page=${p}`)).statusCode).toBe(404);
  });
});

describe('the language backfill', () => {
  it('tells the language of rows written before languages were, in batches, and then stops', async () => {
    const circle = await createCircle(t.app, author, 'Old Times');
    const before = [
      await post(t.app, author, circle, 'Kya scene hai bhai'),
      await post(t.app, author, circle, 'నమస్కారం మిత్రులారా'),
      await post(t.app, author, circle, '🙏'),
    ];
    const oldComment = await comment(t.app, reader, before[0], 'সবাইকে শুভ দীপাবলি');
    // Where the migration's marks would have stood: above the newest rows of then.
    await t.app.ctx.db.delete(languageBackfill);
    await t.app.ctx.db.insert(languageBackfill).values([
      { tableName: 'posts', belowId: before[2] + 1 },
      { tableName: 'comments', belowId: oldComment + 1 },
    ]);
    // A post written since carries its own language, which the backfill leaves alone.
    const since = (await createPost(author, circle, 'Hello from today')).json() as Post;
    await t.app.ctx.db.update(posts).set({ language: 'mr' }).where(eq(posts.id, since.id));

    const read = await backfillLanguages(t.app.ctx.db, { batchSize: 2 });
    expect(read.posts).toBeGreaterThanOrEqual(3);
    const languages = await t.app.ctx.db
      .select({ id: posts.id, language: posts.language })
      .from(posts)
      .where(sql`${posts.id} in (${sql.join([...before, since.id], sql`, `)})`);
    expect(Object.fromEntries(languages.map((row) => [row.id, row.language]))).toEqual({
      [before[0]]: 'hi-Latn',
      [before[1]]: 'te',
      [before[2]]: 'und',
      [since.id]: 'mr',
    });
    const [told] = await t.app.ctx.db.select({ language: comments.language }).from(comments).where(eq(comments.id, oldComment));
    expect(told.language).toBe('bn');
    expect(await t.app.ctx.db.select().from(languageBackfill)).toEqual([]);
    expect(await backfillLanguages(t.app.ctx.db)).toEqual({ posts: 0, comments: 0 });
  });
});

/**
 * The plan the server runs a statement with: planned once for any values (plan_cache_mode force_generic_plan, as the
 * server's connections are set), so it holds for a rare language as for a common one.
 */
async function genericPlan(text: string, values: unknown[]): Promise<string> {
  const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`);
  return t.app.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare language_plan as ${text}`));
    const rows = await executeRows(tx, sql.raw(`explain execute language_plan(${values.map(literal).join(', ')})`));
    await tx.execute(sql.raw('deallocate language_plan'));
    return rows.map((row) => String(Object.values(row)[0])).join('\n');
  });
}

describe('a filtered page’s plan', () => {
  it('stays a scan of the order’s own index, with no sort, however rare the languages asked for', async () => {
    const bulk = await createCircle(t.app, author, 'Bulk Bhasha');
    // Set-based, like the bench data: 4,000 posts, every 40th in Kannada, the rest in English.
    await t.app.ctx.db.execute(sql`
      insert into posts (circle_id, author_id, title, created_at, language)
      select ${bulk.id}, ${author.id}, 'Bulk ' || n, timestamptz '2026-03-01' + n * interval '1 minute',
        case when n % 40 = 0 then 'kn' else 'en' end
      from generate_series(1, 4000) as n`);
    await t.app.ctx.db.execute(sql`analyze posts`);
    for (const [url, index] of [
      ['/api/posts/public/feed/?languages=kn', 'posts_created_idx'],
      ['/api/posts/public/feed/?languages=kn&sort=hot', 'posts_hot_idx'],
      ['/api/posts/public/feed/?languages=kn&sort=top_all', 'posts_top_idx'],
      [`/api/posts/public/feed/?languages=kn&circle=${bulk.id}`, 'posts_circle_created_idx'],
    ] as const) {
      statements = [];
      const res = await get(url, reader);
      const captured = statements;
      statements = null;
      expect(
        page(res).results.every((p) => ['kn', 'und'].includes(p.language) || p.posted_by === reader.username),
        url,
      ).toBe(true);
      const statement = captured.find((s) => /string_to_array/.test(s.text) && /limit/i.test(s.text));
      expect(statement, captured.map((s) => s.text).join('\n\n')).toBeDefined();
      const plan = await genericPlan(statement!.text, statement!.values);
      expect(plan, `${url}\n${plan}`).toMatch(new RegExp(`Index Scan( Backward)? using ${index} on posts`));
      expect(plan, `${url}\n${plan}`).not.toMatch(/Seq Scan on posts|Sort Key: .*(created_at|hot_rank|like_count)/);
    }
  });
});
