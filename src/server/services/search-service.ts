import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ChannelType, SearchResponse } from '../../lib/api-types.ts';
import type { Db } from '../db/client.ts';
import { circles, comments, posts, users } from '../db/schema.ts';
import { circleVisibleTo, commentListedFor, postListedFor } from './visibility.ts';
import { circleRequirement } from './circle-mapper.ts';
import { prepared } from '../db/prepared.ts';

/**
 * Full-text search over the generated search_vector columns ('simple' configuration, GIN-indexed), matching each
 * word as a prefix ('cric' finds 'cricket'), ranked with ts_rank among a bounded set of the newest matches.
 *
 * Why bounded: ranking every match costs as many rows as the word is common (a common prefix matched 43k posts at
 * 100k, and 16 s of database time at 1M). Only the newest SEARCH_CANDIDATES matches are ranked: found among the
 * newest RECENT_WINDOW rows when the word is common enough to fill a page there (a bounded range of the primary
 * key), else through the GIN index, which for such a rare word holds few rows. The planner cannot be left to choose:
 * it guesses a prefix's frequency, and a wrong guess reads every match. A recent discussion is what a searcher
 * looks for most often.
 */

export const SEARCH_LIMIT = 10;
/** How many of the newest matches of posts, and of comments, are ranked for the ten shown. */
export const SEARCH_CANDIDATES = 200;
/** How many of the newest posts, and of the newest comments, the first search step reads at most. */
export const RECENT_WINDOW = 2000;
export const EXCERPT_LENGTH = 200;
const MAX_QUERY_CHARS = 200;
const MAX_WORDS = 8;
const MAX_WORD_CHARS = 64;

export type SearchResults = SearchResponse['search'];
export const emptySearch = (): SearchResults => ({ posts: [], channels: [], comments: [] });

/**
 * Builds a to_tsquery('simple', …) text from what a person typed: each word becomes `word:*`, joined by `&`.
 * Words keep only letters, digits and combining marks (Indic scripts need the marks), so no tsquery
 * operator or quote can reach the parser; null when nothing searchable is left.
 */
export function toPrefixQuery(input: string): string | null {
  const words = input
    .slice(0, MAX_QUERY_CHARS)
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((word) => [...word].slice(0, MAX_WORD_CHARS).join(''));
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** Shortens to at most `max` characters (code points), ending with an ellipsis when cut. */
export function truncate(text: string, max = EXCERPT_LENGTH): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars.slice(0, max - 1).join('').trimEnd()}…`;
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
  const text = decodeEntities(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
  return truncate(text, max);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Only posts and comments the viewer may read; channels are all listed (a private circle's name is public, its content is not). */
export async function search(db: Db, viewerId: number | null, q: string): Promise<SearchResults> {
  const query = toPrefixQuery(q);
  if (query === null) return emptySearch();
  // Prepared statements (db/prepared.ts): planning these joins cost as much as running them.
  const viewer = viewerId === null ? null : sql.placeholder('viewer');
  const audience = viewer ? 'member' : 'visitor';
  const values = { query, viewer: viewerId ?? 0 };
  const tsquery: SQL = sql`to_tsquery('simple', ${sql.placeholder('query')})`;
  const rank = (vector: AnyPgColumn) => sql`ts_rank(${vector}, ${tsquery})`;

  // The newest matches, each ranked; the outer query keeps the best ten the viewer may read. Step one reads only the
  // newest RECENT_WINDOW rows, on the primary key (`is true` keeps the match a filter: the GIN index would gather
  // every match of a common word first). Step two, for a word too rare to fill a page there, goes through the GIN
  // index (`id + 0` keeps the planner from walking the whole primary key on a wrong guess of the word's frequency).
  type Step = 'recent' | 'all';
  /** The newest SEARCH_CANDIDATES matches of posts or comments the viewer may list, each with its rank. */
  const candidates = (table: typeof posts | typeof comments, listed: SQL | undefined, step: Step, name: string) => {
    const matches =
      step === 'recent'
        ? sql`(${table.searchVector} @@ ${tsquery}) is true and ${table.id} > coalesce((select ${table.id} from ${table} order by ${table.id} desc offset ${RECENT_WINDOW} limit 1), 0)`
        : sql`${table.searchVector} @@ ${tsquery}`;
    return db
      .select({ id: table.id, rank: sql<number>`${rank(table.searchVector)}`.as('rank') })
      .from(table as typeof posts)
      .where(and(matches, listed))
      .orderBy(step === 'recent' ? sql`${table.id} desc` : sql`${table.id} + 0 desc`)
      .limit(SEARCH_CANDIDATES)
      .as(name);
  };
  const topPosts = (step: Step) =>
    prepared(db, `search_posts_${step}_${audience}`, () => {
      const found = candidates(posts, postListedFor(viewer), step, 'post_candidates');
      return db
        .select({
          id: posts.id,
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
        .orderBy(desc(found.rank), desc(posts.id))
        .limit(SEARCH_LIMIT);
    }).execute(values);
  const topComments = (step: Step) =>
    prepared(db, `search_comments_${step}_${audience}`, () => {
      const found = candidates(comments, commentListedFor(viewer), step, 'comment_candidates');
      return db
        .select({ id: comments.id, postId: comments.postId, user: users.username, body: sql<string>`left(${comments.body}, 1000)` })
        .from(found)
        .innerJoin(comments, eq(comments.id, found.id))
        .innerJoin(posts, eq(posts.id, comments.postId))
        .innerJoin(circles, eq(circles.id, posts.circleId))
        .innerJoin(users, eq(users.id, comments.authorId))
        .where(and(circleVisibleTo(viewer), postListedFor(viewer)))
        .orderBy(desc(found.rank), desc(comments.id))
        .limit(SEARCH_LIMIT);
    }).execute(values);
  const recentFirst = async <T>(find: (step: Step) => Promise<T[]>) => {
    const recent = await find('recent');
    return recent.length >= SEARCH_LIMIT ? recent : find('all');
  };

  const [postRows, channelRows, commentRows] = await Promise.all([
    recentFirst(topPosts),
    prepared(db, 'search_circles', () =>
      db
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
        .where(sql`${circles.searchVector} @@ ${tsquery}`)
        .orderBy(desc(rank(circles.searchVector)), desc(circles.membersCount), asc(circles.id))
        .limit(SEARCH_LIMIT),
    ).execute(values),
    recentFirst(topComments),
  ]);

  return {
    posts: postRows.map((p) => ({ id: p.id, title: p.title, description: plainTextExcerpt(p.description), user: p.user, circle_name: p.circleName })),
    channels: channelRows.map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description,
      channel_type: c.channelType as ChannelType,
      requirement: circleRequirement(c),
    })),
    comments: commentRows.map((c) => ({ id: c.id, post_id: c.postId, user: c.user, body: truncate(oneLine(c.body)) })),
  };
}
