import { bindTo } from '../../db/bind.ts';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ChannelType, SearchResponse, SearchSort } from '../../../lib/api-types.ts';
import { executeRows, type Db, type Executor } from '../../db/client.ts';
import { circles, comments, posts, users } from '../../db/schema/index.ts';
import { circleVisibleTo, commentListedFor, postListedFor, circleRequirement } from '../circles/index.ts';
import { prepared } from '../../db/prepared.ts';
import { highlightRanges, isLatin, wordsOf } from './search-words.ts';

/**
 * Search across scripts. Every text is read through one normaliser, in SQL (drizzle/0020: bsq_search_text), when it is
 * indexed (the generated search_vector columns) and when a query is read, so both databases index and query alike.
 *
 *  1. Words: the 'simple' vector (title weighted A, text B) matched word by word as prefixes ('cric' finds 'cricket'),
 *     or the Hindi stems (weight D: 'लड़कियों' finds 'लड़की').
 *  2. The other script, when words found fewer than a page: the romanised, Hinglish-folded skeleton of the text
 *     (bsq_search_skeleton) matched on trigrams (pg_trgm's `<%`, GIN-indexed), so 'dhokhadhadi' finds 'धोखाधड़ी'.
 *
 * Relevant (the default) ranks with ts_rank, at bounded cost: the newest SEARCH_CANDIDATES matches among the newest
 * RECENT_WINDOW rows (a range of the primary key), plus, for posts, the newest TITLE_CANDIDATES posts whose title has
 * the words (the title's own GIN index), so an old post about the word is found among many newer ones that mention
 * it. New orders matches newest first. Only when the newest rows hold less than a page is the whole text index read,
 * and then the word is rare. The planner cannot be left to choose: it guesses a prefix's frequency, and a wrong
 * guess reads every match (a common prefix matched 43k posts at 100k, and 16 s of database time at 1M).
 */

export const SEARCH_LIMIT = 10;
/** How many of the newest matches of posts, and of comments, are ranked for the ten shown. */
export const SEARCH_CANDIDATES = 200;
/** How many of the newest posts, and of the newest comments, the first search step reads at most. */
export const RECENT_WINDOW = 2000;
/** How many of the newest posts whose title has the words Relevant also ranks (read through the title's GIN index). */
export const TITLE_CANDIDATES = 500;
export const SEARCH_SORTS = ['relevant', 'new'] as const satisfies readonly SearchSort[];
export const EXCERPT_LENGTH = 200;
const MAX_QUERY_CHARS = 200;
const MAX_WORDS = 8;
const MAX_WORD_CHARS = 64;

export type SearchResults = SearchResponse['search'];
export type SearchAnswer = Pick<SearchResponse, 'search' | 'transliterated'>;
export const emptySearch = (): SearchResults => ({ posts: [], channels: [], comments: [] });

/**
 * The words of a query (already through bsq_search_text): letters, digits and combining marks only (Indic scripts
 * need the marks), so no tsquery operator or quote can reach the parser; at most MAX_WORDS of MAX_WORD_CHARS.
 */
export function queryWords(input: string): string[] {
  return input
    .slice(0, MAX_QUERY_CHARS)
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((word) => [...word].slice(0, MAX_WORD_CHARS).join(''));
}

/** A to_tsquery('simple', …) text: each word becomes `word:*`, joined by `&`; null when nothing searchable is left. */
export function toPrefixQuery(input: string): string | null {
  const words = queryWords(input);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** Shortens to at most `max` characters (code points), ending with an ellipsis when cut. */
export function truncate(text: string, max = EXCERPT_LENGTH): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** A post's HTML description as a short plain-text excerpt for result lists. */
export function plainTextExcerpt(html: string, max = EXCERPT_LENGTH): string {
  const text = decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return truncate(text, max);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

type Step = 'recent' | 'title' | 'all';
/** The other script's step: by the trigram index, or among the newest rows. */
type FuzzyStep = 'fuzzy' | 'fuzzy-recent';
type Ranked = { id: number; rank: number };
type PostRow = Ranked & { title: string; description: string; user: string; circleName: string };
type CommentRow = Ranked & { postId: number; user: string; body: string };

/** Newest first, or best rank first (newest first among equals); each id once. */
function merge<T extends Ranked>(sort: SearchSort, ...lists: T[][]): T[] {
  const byId = new Map<number, T>();
  for (const row of lists.flat()) if (!byId.has(row.id)) byId.set(row.id, row);
  const rows = [...byId.values()];
  rows.sort(sort === 'new' ? (a, b) => b.id - a.id : (a, b) => b.rank - a.rank || b.id - a.id);
  return rows.slice(0, SEARCH_LIMIT);
}

/** Words found appended after those found by words, each id once, a page at most. */
const appendFuzzy = <T extends { id: number }>(found: T[], fuzzy: T[]) =>
  [...found, ...fuzzy.filter((row) => !found.some((f) => f.id === row.id))].slice(0, SEARCH_LIMIT);

/**
 * Only posts and comments the viewer may read; channels are all listed (a private circle's name is public, its
 * content is not). `sort`: 'relevant' ranks, 'new' lists the newest matches first.
 */
export async function search(db: Db, viewerId: number | null, q: string, sort: SearchSort = 'relevant'): Promise<SearchAnswer> {
  // Search's statements are planned for the words they are given (a custom plan each time), whatever the connection's
  // plan_cache_mode (DATABASE_PLAN_CACHE_MODE, generic by default for the feeds): planned once for any words, the
  // steps guessed every word's frequency alike, and a common word took 5.6 s at 1M posts instead of milliseconds.
  // SET LOCAL holds for this transaction only; its statements run one after another on its connection.
  // The common words are read first, outside it (the embedded database has one connection, which the transaction holds).
  const [commonPosts, commonComments, commonTitles, skeletonsPosts, skeletonsComments] = await Promise.all([
    commonWords(db, 'posts'),
    commonWords(db, 'comments'),
    commonWords(db, 'posts', 'title_vector'),
    commonSkeletons(db, 'posts'),
    commonSkeletons(db, 'comments'),
  ]);
  const common = { posts: commonPosts, comments: commonComments, titles: commonTitles };
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    return searchIn(tx, common, { posts: skeletonsPosts, comments: skeletonsComments }, viewerId, q, sort);
  });
}

/** Search on `db` (the transaction), with each table's common words. */
async function searchIn(
  db: Executor,
  common: Record<'posts' | 'comments' | 'titles', string[]>,
  commonSkeleton: Record<'posts' | 'comments', string[]>,
  viewerId: number | null,
  q: string,
  sort: SearchSort,
): Promise<SearchAnswer> {
  const raw = q.slice(0, MAX_QUERY_CHARS);
  if (!queryWords(raw.normalize('NFKC')).length) return { search: emptySearch(), transliterated: null };
  const [read] = await executeRows<{ text: string; skeleton: string }>(
    db,
    sql`select bsq_search_text(${raw}) as text, bsq_search_skeleton(${raw}) as skeleton`,
  );
  const words = queryWords(read.text);
  const query = toPrefixQuery(read.text);
  if (query === null) return { search: emptySearch(), transliterated: null };
  const skeleton = read.skeleton.slice(0, MAX_QUERY_CHARS);

  // Prepared statements (db/prepared.ts): planning these joins cost as much as running them.
  const viewer = viewerId === null ? null : sql.placeholder('viewer');
  const audience = viewer ? 'member' : 'visitor';
  // The skeleton's word looked up in the trigram index: the longest, and for posts and comments the longest that is
  // not a common word's skeleton (or the start of one). A common one would gather every text that has it, to check
  // the others on each: "mumbai baarish" read 'mumbai' in a sixth of a million posts and five million comments, 40 s.
  const skeletonWords = skeleton.split(' ').filter(Boolean);
  const longest = (list: string[]) => list.reduce((a, b) => (b.length > a.length ? b : a), '');
  const leadOf = (table: 'posts' | 'comments') =>
    longest(skeletonWords.filter((word) => !commonSkeleton[table].some((common) => common.startsWith(word))));
  // The whole-index step looks up only the words that are not common in the index (a rare word's short list), and
  // checks the others on the rows it finds: a common prefix's list is hundreds of thousands long (300 ms to read).
  const rareWords = (table: 'posts' | 'comments' | 'titles') => {
    const rare = words.filter((word) => !isCommon(common[table], word));
    return rare.length ? rare : words;
  };
  const rareOf = (table: 'posts' | 'comments' | 'titles') => toPrefixQuery(rareWords(table).join(' ')) ?? query;
  const values = {
    query,
    plain: words.join(' '),
    skeleton,
    lead: longest(skeletonWords),
    leadPosts: leadOf('posts'),
    leadComments: leadOf('comments'),
    viewer: viewerId ?? 0,
    rarePosts: rareOf('posts'),
    rareComments: rareOf('comments'),
    rareTitles: rareOf('titles'),
    rarePostsPlain: rareWords('posts').join(' '),
    rareCommentsPlain: rareWords('comments').join(' '),
  };
  const simple: SQL = sql`to_tsquery('simple', ${sql.placeholder('query')})`;
  const hindi: SQL = sql`plainto_tsquery('hindi', ${sql.placeholder('plain')})`;
  const tsquery: SQL = sql`(${simple} || ${hindi})`;
  // Ranked on each query alone: ts_rank of the two or'd together answers 0 when the stems are not in the text.
  const rank = (vector: AnyPgColumn) => sql`(ts_rank(${vector}, ${simple}) + ts_rank(${vector}, ${hindi}))`;
  const order = (rankSql: SQL, id: AnyPgColumn) => (sort === 'new' ? [desc(id)] : [desc(rankSql), desc(id)]);

  // Step 'recent' reads only the newest RECENT_WINDOW rows: a subquery with its own LIMIT, which the planner cannot
  // flatten, so it walks the primary key backwards RECENT_WINDOW rows and matches those, whatever it guesses of the
  // words' frequency and in a generic plan alike. (A bound on the id it could not see, an InitPlan, let it guess ~133
  // matches of two common words in 1M posts and read the whole table for them: 0.9-6 s.) Step 'title' reads the
  // title's GIN index. Step 'all', for a word too rare to fill a page among the newest, goes through the GIN index
  // (`id + 0` keeps the planner from walking the whole primary key on a wrong guess of the word's frequency).
  /** The newest RECENT_WINDOW rows, as a subquery under the table's own name. */
  const newestRows = (table: typeof posts | typeof comments) =>
    sql`(select * from ${table} order by ${table.id} desc limit ${sql.raw(String(RECENT_WINDOW))}) as ${table}`;
  const candidates = (table: typeof posts | typeof comments, listed: SQL | undefined, step: Step, name: string) => {
    const source = step === 'recent' ? newestRows(table) : table;
    const rare = sql`(to_tsquery('simple', ${sql.placeholder(table === posts ? 'rarePosts' : 'rareComments')}) || plainto_tsquery('hindi', ${sql.placeholder(table === posts ? 'rarePostsPlain' : 'rareCommentsPlain')}))`;
    // The titles' GIN index is asked for the words rare among titles only (a common prefix's list of 60,000 titles
    // took 31 ms to gather), and the rest are checked on the titles it finds.
    const matches =
      step === 'title'
        ? sql`${posts.titleVector} @@ to_tsquery('simple', ${sql.placeholder('rareTitles')}) and (${posts.titleVector} @@ ${simple}) is true`
        : step === 'all'
          ? sql`${table.searchVector} @@ ${rare} and (${table.searchVector} @@ ${tsquery}) is true`
          : sql`${table.searchVector} @@ ${tsquery}`;
    return (
      db
        // The id as SQL: drizzle refuses a column of a table that is not the FROM, and 'recent' reads a subquery.
        .select({
          id: sql<number>`${table.id}`.mapWith(Number).as('candidate_id'),
          rank: sql<number>`${rank(table.searchVector)}`.as('rank'),
        })
        .from(source as typeof posts)
        .where(and(matches, listed))
        .orderBy(step === 'recent' ? sql`${table.id} desc` : sql`${table.id} + 0 desc`)
        .limit(step === 'title' ? TITLE_CANDIDATES : SEARCH_CANDIDATES)
        .as(name)
    );
  };
  // Every word of the query's skeleton must match a word of the text's; the lead is looked up in the trigram index.
  const skeletonMatch = (column: AnyPgColumn, lead = 'lead') =>
    sql`${sql.placeholder(lead)} <% ${column} and not exists (select from unnest(string_to_array(${sql.placeholder('skeleton')}, ' ')) as w(word) where not (w.word <% ${column}))`;
  /**
   * The skeleton's trigram match: ids with their word similarity as rank. Through the trigram index by the lead, or,
   * when every word of the skeleton is a common word's ('fuzzy-recent'), among the newest RECENT_WINDOW rows only, as
   * the words' first step reads them: the index would gather every text with the commonest.
   */
  const fuzzy = (table: typeof posts | typeof comments, listed: SQL | undefined, name: string, step: FuzzyStep) => {
    const recent = step === 'fuzzy-recent';
    const source = recent ? newestRows(table) : table;
    return db
      .select({
        id: sql<number>`${table.id}`.mapWith(Number).as('candidate_id'),
        rank: sql<number>`word_similarity(${sql.placeholder('skeleton')}, ${table.searchSkeleton})`.as('rank'),
      })
      .from(source as typeof posts)
      .where(and(skeletonMatch(table.searchSkeleton, recent ? 'lead' : table === posts ? 'leadPosts' : 'leadComments'), listed))
      .orderBy(recent ? sql`${table.id} desc` : sql`${table.id} + 0 desc`)
      .limit(SEARCH_CANDIDATES)
      .as(name);
  };

  const postsBy = (step: Step | FuzzyStep): Promise<PostRow[]> =>
    prepared(db, `search_posts_${step}_${sort}_${audience}`, () => {
      const found =
        step === 'fuzzy' || step === 'fuzzy-recent'
          ? fuzzy(posts, postListedFor(viewer), 'post_candidates', step)
          : candidates(posts, postListedFor(viewer), step, 'post_candidates');
      return db
        .select({
          id: posts.id,
          rank: found.rank,
          title: posts.title,
          // Enough HTML for a 200-character excerpt without shipping whole long posts out of the database.
          description: sql<string>`left(${posts.description}, 4000)`,
          user: users.username,
          circleName: circles.name,
        })
        .from(found)
        .innerJoin(posts, eq(posts.id, found.id))
        .innerJoin(circles, eq(circles.id, posts.circleId))
        .innerJoin(users, eq(users.id, posts.authorId))
        .where(circleVisibleTo(viewer))
        .orderBy(...order(sql`${found.rank}`, posts.id))
        .limit(SEARCH_LIMIT);
    }).execute(values);
  const commentsBy = (step: Step | FuzzyStep): Promise<CommentRow[]> =>
    prepared(db, `search_comments_${step}_${sort}_${audience}`, () => {
      const found =
        step === 'fuzzy' || step === 'fuzzy-recent'
          ? fuzzy(comments, commentListedFor(viewer), 'comment_candidates', step)
          : candidates(comments, commentListedFor(viewer), step, 'comment_candidates');
      return db
        .select({
          id: comments.id,
          rank: found.rank,
          postId: comments.postId,
          user: users.username,
          body: sql<string>`left(${comments.body}, 1000)`,
        })
        .from(found)
        .innerJoin(comments, eq(comments.id, found.id))
        .innerJoin(posts, eq(posts.id, comments.postId))
        .innerJoin(circles, eq(circles.id, posts.circleId))
        .innerJoin(users, eq(users.id, comments.authorId))
        .where(and(circleVisibleTo(viewer), postListedFor(viewer)))
        .orderBy(...order(sql`${found.rank}`, comments.id))
        .limit(SEARCH_LIMIT);
    }).execute(values);
  const channelsBy = (how: 'words' | 'fuzzy') =>
    prepared(db, `search_circles_${how}_${sort}`, () => {
      const rankSql =
        how === 'words' ? rank(circles.searchVector) : sql`word_similarity(${sql.placeholder('skeleton')}, ${circles.searchSkeleton})`;
      return db
        .select({
          id: circles.id,
          name: circles.name,
          // A description the scam shield held is not shown to searchers.
          description: sql<string>`case when ${circles.descriptionVerdict} = 'held' then '' else ${circles.description} end`,
          channelType: circles.channelType,
          requirementKind: circles.requirementKind,
          requirementValue: circles.requirementValue,
        })
        .from(circles)
        .where(how === 'words' ? sql`${circles.searchVector} @@ ${tsquery}` : skeletonMatch(circles.searchSkeleton))
        .orderBy(...(sort === 'new' ? [desc(circles.id)] : [desc(rankSql), desc(circles.membersCount), asc(circles.id)]))
        .limit(SEARCH_LIMIT);
    }).execute(values);

  /**
   * Words first: the newest rows, then (Relevant) the titles, then the whole index when the newest held too few and
   * some word is rare. When every word is common, the whole index is not read: the AND of two common words (each in
   * hundreds of thousands of rows) costs the index every row of both, 7.8 s at 5M comments for two words that never
   * meet, and what they would find the newest rows and the titles already offer.
   */
  const byWords = async <T extends Ranked>(
    find: (step: Step) => Promise<T[]>,
    table: 'posts' | 'comments',
    titles: boolean,
  ): Promise<T[]> => {
    // The titles' step finds an old post about its words, however many newer texts mention them in passing; a word
    // in a large share of titles would make it read every one of them (60,000 titles for "india" at 1M posts: 350 ms),
    // so it is skipped when every word is common among the titles themselves.
    const byTitle = titles && sort === 'relevant' && !allCommon(common.titles, words, 1);
    const [recent, titled] = await Promise.all([find('recent'), byTitle ? find('title') : Promise.resolve([])]);
    const wholeIndex = recent.length < SEARCH_LIMIT && !allCommon(common[table], words);
    return merge(sort, recent, titled, wholeIndex ? await find('all') : []);
  };
  /**
   * The other script, for what words did not fill; not when every word is common in the table's words (the trigram
   * index would then gather every row of the commonest, as the whole word index would). When every word of the
   * skeleton is a common word's, among the newest rows only.
   */
  const withFuzzy = async <T extends Ranked>(
    found: T[],
    find: (step: FuzzyStep) => Promise<T[]>,
    table?: 'posts' | 'comments',
  ): Promise<{ rows: T[]; fuzzy: Set<number> }> => {
    if (found.length >= SEARCH_LIMIT || !skeleton || (table && allCommon(common[table], words))) return { rows: found, fuzzy: new Set() };
    const more = merge(sort, await find(table && !leadOf(table) ? 'fuzzy-recent' : 'fuzzy'));
    const rows = appendFuzzy(found, more);
    return { rows, fuzzy: new Set(rows.filter((row) => !found.includes(row)).map((row) => row.id)) };
  };

  const [postHits, channelHits, commentHits] = await Promise.all([
    byWords(postsBy, 'posts', true).then((found) => withFuzzy(found, postsBy, 'posts')),
    channelsBy('words').then((found) =>
      withFuzzy(
        found.map((c) => ({ ...c, rank: 0 })),
        async () => (await channelsBy('fuzzy')).map((c) => ({ ...c, rank: 0 })),
      ),
    ),
    byWords(commentsBy, 'comments', false).then((found) => withFuzzy(found, commentsBy, 'comments')),
  ]);

  const shown = {
    posts: postHits.rows.map((p) => ({ ...p, description: plainTextExcerpt(p.description) })),
    channels: channelHits.rows,
    comments: commentHits.rows.map((c) => ({ ...c, body: truncate(oneLine(c.body)) })),
  };
  const texts = [
    ...shown.posts.flatMap((p) => [p.title, p.description]),
    ...shown.channels.flatMap((c) => [c.name, c.description]),
    ...shown.comments.map((c) => c.body),
  ];
  const otherScript = [
    ...shown.posts.filter((p) => postHits.fuzzy.has(p.id)).flatMap((p) => [p.title, p.description]),
    ...shown.channels.filter((c) => channelHits.fuzzy.has(c.id)).map((c) => c.name),
    ...shown.comments.filter((c) => commentHits.fuzzy.has(c.id)).map((c) => c.body),
  ];
  const { hits, skeletonHits, transliterated } = await matchedWords(db, words, texts, otherScript);
  const marker = (bySkeleton: boolean) => (text: string) => highlightRanges(text, bySkeleton ? skeletonHits : hits);

  return {
    search: {
      posts: shown.posts.map((p) => ({
        id: p.id,
        title: p.title,
        description: p.description,
        user: p.user,
        circle_name: p.circleName,
        highlights: { title: marker(postHits.fuzzy.has(p.id))(p.title), description: marker(postHits.fuzzy.has(p.id))(p.description) },
      })),
      channels: shown.channels.map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        channel_type: c.channelType as ChannelType,
        requirement: circleRequirement(c),
        highlights: { name: marker(channelHits.fuzzy.has(c.id))(c.name), description: marker(channelHits.fuzzy.has(c.id))(c.description) },
      })),
      comments: shown.comments.map((c) => ({
        id: c.id,
        post_id: c.postId,
        user: c.user,
        body: c.body,
        highlights: { body: marker(commentHits.fuzzy.has(c.id))(c.body) },
      })),
    },
    transliterated,
  };
}

/** A word in more than this share of a table's rows is common (PostgreSQL's own statistics say which). */
export const COMMON_SHARE = 0.005;
const COMMON_WORDS_MS = 10 * 60_000;
const commonWordsCache = new WeakMap<object, Map<string, { at: number; words: Promise<string[]> }>>();

/** A list read from the database, kept per database handle for COMMON_WORDS_MS (a failed read gives none). */
function cachedList(db: Db, key: string, read: () => Promise<string[]>): Promise<string[]> {
  let byKey = commonWordsCache.get(db);
  if (!byKey) commonWordsCache.set(db, (byKey = new Map()));
  const cached = byKey.get(key);
  if (cached && Date.now() - cached.at < COMMON_WORDS_MS) return cached.words;
  const words = read().catch(() => []);
  byKey.set(key, { at: Date.now(), words });
  return words;
}

/**
 * The lexemes in more than COMMON_SHARE of a table's texts: the most common elements ANALYZE keeps for its search
 * column (pg_stats; the posts' titles have their own), read at most every ten minutes. None before the table is
 * analysed (a new or small database): then no word counts as common.
 */
const commonWords = (db: Db, table: 'posts' | 'comments', column: 'search_vector' | 'title_vector' = 'search_vector') =>
  cachedList(db, `${table}.${column}`, async () => {
    const [row] = await executeRows<{ elems: string[] | null; freqs: number[] | null }>(
      db,
      sql`select most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs from pg_stats
          where schemaname = current_schema() and tablename = ${table} and attname = ${column}`,
    );
    return (row?.elems ?? []).filter((_, i) => Number(row?.freqs?.[i] ?? 0) > COMMON_SHARE);
  });

/**
 * The romanised skeletons (bsq_search_skeleton) of a table's common words (commonWords), read as often: the skeleton
 * words the trigram index must not be asked for.
 */
const commonSkeletons = (db: Db, table: 'posts' | 'comments') =>
  cachedList(db, `${table}.skeletons`, async () => {
    const rows = await executeRows<{ skeleton: string }>(
      db,
      sql`select distinct bsq_search_skeleton(elem) as skeleton
          from pg_stats, unnest(most_common_elems::text::text[], most_common_elem_freqs) as e(elem, freq)
          where schemaname = current_schema() and tablename = ${table} and attname = 'search_vector'
            and elem is not null and freq > ${COMMON_SHARE}`,
    );
    return rows.map((row) => row.skeleton).filter(Boolean);
  });

/**
 * Every query word (at least `fewest` of them, 2 unless told) is a common lexeme, or the start of one (a prefix matches
 * at least the rows its word does).
 */
export function allCommon(common: readonly string[], words: readonly string[], fewest = 2): boolean {
  if (words.length < fewest) return false;
  return words.every((word) => isCommon(common, word));
}

/** Whether a word (a prefix, as searches read it) begins one of the common lexemes. */
export const isCommon = (common: readonly string[], word: string): boolean =>
  common.some((lexeme) => lexeme.startsWith(word.toLowerCase()));

/** At most this many distinct words of the shown texts are compared with the query's, for the highlights. */
const MAX_SHOWN_WORDS = 2000;

/**
 * Which words of the shown texts the query matched, read by the same normaliser as the index: a word that starts with a
 * query word, has its Hindi stem, or whose skeleton matches the query word's on trigrams as the search did. And the
 * query as matched in the other script: for each query word, the best-matching word of a result found only through the
 * skeleton, written in the other script (Latin for an Indic word, or the reverse); null when there is none.
 */
async function matchedWords(db: Executor, queryWordList: string[], texts: string[], otherScript: string[]) {
  const shownWords = [...new Set(texts.flatMap((text) => wordsOf(text).map((w) => w.word)))].slice(0, MAX_SHOWN_WORDS);
  if (!shownWords.length) return { hits: new Set<string>(), skeletonHits: new Set<string>(), transliterated: null };
  const rows = await executeRows<{ word: string; q: number; sim: number }>(
    db,
    sql`with q as materialized (
          select ord, lower(n) as n, bsq_search_skeleton(n) as k,
                 coalesce((select string_agg(lexeme, ' ') from unnest(to_tsvector('hindi', n))), '') as stem
          from (select bsq_search_text(x) as n, ord from json_array_elements_text(${JSON.stringify(queryWordList)}::json) with ordinality as j(x, ord)) s
        ), c as materialized (
          select w, lower(n) as n, bsq_search_skeleton(n) as k,
                 coalesce((select string_agg(lexeme, ' ') from unnest(to_tsvector('hindi', n))), '') as stem
          from (select x as w, bsq_search_text(x) as n from json_array_elements_text(${JSON.stringify(shownWords)}::json) as j(x)) s
        )
        select c.w as word, q.ord::int as q,
               case when starts_with(c.n, q.n) or (c.stem <> '' and c.stem = q.stem) then 2 else word_similarity(q.k, c.k) end as sim
        from c cross join q
        where starts_with(c.n, q.n) or (c.stem <> '' and c.stem = q.stem) or (q.k <> '' and c.k <> '' and q.k <% c.k)`,
  );
  // A text found by its words marks the words that matched them; a text found by its skeleton, the skeleton's matches too.
  const hits = new Set(rows.filter((r) => Number(r.sim) === 2).map((r) => r.word));
  const skeletonHits = new Set([...hits, ...rows.map((r) => r.word)]);
  const fuzzyWords = new Set(otherScript.flatMap((text) => wordsOf(text).map((w) => w.word)));
  let changed = false;
  const asMatched = queryWordList.map((word, i) => {
    const best = rows
      .filter((r) => Number(r.q) === i + 1 && fuzzyWords.has(r.word) && isLatin(r.word) !== isLatin(word))
      .sort((a, b) => Number(b.sim) - Number(a.sim))[0];
    if (!best) return word;
    changed = true;
    return best.word;
  });
  return { hits, skeletonHits, transliterated: changed ? asMatched.join(' ') : null };
}

/**
 * Under LC_CTYPE C, pg_trgm and the text search parser take no letter of an Indian script for a letter, so searches in
 * those scripts would find nothing. The skeleton is ASCII and still matches; the words would not. A warning, not a
 * refusal: the database works, it searches worse.
 */
export async function searchLocaleWarning(db: Db): Promise<string | null> {
  const [row] = await executeRows<{ ctype: string }>(db, sql`select datctype as ctype from pg_database where datname = current_database()`);
  const ctype = row?.ctype ?? '';
  return ctype === 'C' || ctype === 'POSIX'
    ? `The database's LC_CTYPE is ${ctype}: search finds no words in Indian scripts (pg_trgm and the text search parser read only ASCII letters). Create the database with LC_CTYPE C.UTF-8 or another UTF-8 locale.`
    : null;
}

/** Search over posts, comments and channels. */
export const createSearchService = ({ db }: { db: Db }) => bindTo(db, { search });
