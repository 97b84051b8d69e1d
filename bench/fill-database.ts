/**
 * Fills PostgreSQL with a benchmark-sized community, set-based (generate_series, INSERT … SELECT), in minutes:
 * for --posts N (default 1,000,000): N/10 users, N/1000 circles (every tenth private), N posts, 5N comments (a fifth
 * of them replies) plus one post with 500 comments, 10N post reactions, and five memberships per user.
 *   npm run bench:data -- --posts 1000000                  (DATABASE_URL, or a fresh database bsq_bench)
 *   npm run bench:data -- --posts 20000 --database my_bench
 * Triggers and foreign-key checks are off during the fill (session_replication_role = replica) and the secondary
 * indexes are built afterwards; the counters and ranks the triggers keep are then computed set-based, and checked.
 */
import pg from 'pg';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client.ts';
import { readPolicyNotice } from '../src/content/page-files.ts';
import { PUBLIC_POST_TOTAL_SHARDS } from '../src/server/db/schema/index.ts';

/** What the benchmark needs to know about a filled database; derived from the same formulas as the fill. */
export type BenchData = {
  posts: number;
  users: number;
  circles: number;
  /** A post with 500 comments. */
  busyPostId: number;
  /** A member (with the privacy notice agreed) whose personal feed is measured. */
  memberId: number;
  /** A public circle. */
  circleId: number;
  commonWord: string;
  rareWord: string;
};

const WORDS = [
  'india',
  'monsoon',
  'cricket',
  'startup',
  'exams',
  'traffic',
  'bengaluru',
  'mumbai',
  'delhi',
  'chennai',
  'kolkata',
  'pune',
  'hyderabad',
  'metro',
  'budget',
  'election',
  'railway',
  'festival',
  'diwali',
  'holi',
  'biryani',
  'chai',
  'college',
  'hostel',
  'placement',
  'internship',
  'salary',
  'rent',
  'flat',
  'scooter',
  'weather',
  'rain',
  'heat',
  'flood',
  'farmers',
  'market',
  'prices',
  'petrol',
  'bus',
  'airport',
  'hospital',
  'doctor',
  'teacher',
  'library',
  'movie',
  'music',
  'temple',
  'beach',
  'hills',
  'river',
];
export const COMMON_WORD = 'india';
export const RARE_WORD = 'zyxquorum';
export const BUSY_COMMENTS = 500;

export function benchShape(posts: number): BenchData {
  const users = Math.max(100, Math.round(posts / 10));
  const circles = Math.max(10, Math.round(posts / 1000));
  // Circle 2 is public (every tenth circle, from 10, is private); user 2 is a member of it.
  return {
    posts,
    users,
    circles,
    busyPostId: Math.ceil(posts / 2),
    memberId: 2,
    circleId: 2,
    commonWord: COMMON_WORD,
    rareWord: RARE_WORD,
  };
}

const wordsArray = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;

async function timed(client: pg.Client, label: string, text: string, values: unknown[] = []) {
  const started = Date.now();
  await client.query(text, values);
  console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Fills the (freshly migrated, empty) database at `url` and answers its shape. */
export async function fillDatabase(url: string, postCount: number): Promise<BenchData> {
  const shape = benchShape(postCount);
  const { posts: N, users: U, circles: C, busyPostId } = shape;
  // Migrations through the server's own code, then a plain connection for the bulk SQL.
  const database = await openDatabase({ databaseUrl: url });
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    const [{ count }] = (await client.query('select count(*)::int as count from posts')).rows;
    if (count > 0) throw new Error('The database already holds posts: fill a fresh one (drop it, or name another with --database).');
    await client.query(
      `set session_replication_role = replica; set synchronous_commit = off; set maintenance_work_mem = '256MB'; set work_mem = '64MB'`,
    );
    // Secondary indexes are dropped for the fill and built again at the end (a bulk build beats row-by-row upkeep).
    const { rows: indexes } = await client.query<{ name: string; def: string }>(`
      select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = 'public' and i.tablename in ('users', 'circles', 'circle_members', 'posts', 'comments', 'post_reactions')
        and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)`);
    for (const index of indexes) await client.query(`drop index ${pg.escapeIdentifier(index.name)}`);

    await timed(
      client,
      `${U} users`,
      `
      insert into users (id, email_hash, username, color, animal, created_at)
      select n, md5('bench-user-' || n), 'BenchUser' || n, '#c2410c', 'Tiger', now() - interval '400 days'
      from generate_series(1, $1::int) n`,
      [U],
    );
    await timed(
      client,
      'consent of the first 100 users',
      `
      insert into consents (user_id, notice_version, adult) select n, $1, true from generate_series(1, 100) n`,
      [String(readPolicyNotice().version)],
    );
    await timed(
      client,
      `${C} circles`,
      `
      insert into circles (id, name, description, channel_type, owner_id, theme_colors, created_at)
      select n, 'Bench Circle ' || n, 'Talk about ' || (${wordsArray})[1 + n % 50] || ' and ' || (${wordsArray})[1 + (n * 7) % 50],
        case when n % 10 = 0 then 'private' else 'public' end, 1 + (n * 37) % $2::int, '{"primary":"#9a3412","secondary":"#fed7aa"}', now() - interval '400 days'
      from generate_series(1, $1::int) n`,
      [C, U],
    );
    // Five circles per user (distinct: steps of C/5 apart), the owner of each circle as its owner.
    await timed(
      client,
      `${U * 5} memberships`,
      `
      insert into circle_members (circle_id, user_id, role)
      select distinct on (c, u) c, u, 'member' from (
        select 1 + ((u * 13 + k * greatest($2::int / 5, 1)) % $2::int) as c, u from generate_series(1, $1::int) u, generate_series(0, 4) k
        union all select 2, 2
      ) m
      on conflict do nothing`,
      [U, C],
    );
    await client.query(`insert into circle_members (circle_id, user_id, role) select id, owner_id, 'owner' from circles
      on conflict (circle_id, user_id) do update set role = 'owner'`);
    // Posts a steady 20 s apart, newest last; title words vary with n; a rare word in one post of 50,000.
    await timed(
      client,
      `${N} posts`,
      `
      insert into posts (id, circle_id, author_id, title, description, created_at)
      select n, (1 + (n::bigint * 7919) % $2::int)::int, (1 + (n::bigint * 104729) % $3::int)::int,
        initcap(w[1 + n % 50]) || ' ' || w[1 + (n / 50) % 50] || ' ' || w[1 + (n / 2500) % 50] || case when n % 50000 = 0 then ' ${RARE_WORD}' else '' end,
        '<p>Post ' || n || ' on ' || w[1 + (n * 7) % 50] || ', ' || w[1 + (n * 11) % 50] || ' and <strong>' || w[1 + (n * 13) % 50] || '</strong> in our city.</p>',
        now() - ($1::int - n) * interval '20 seconds'
      from generate_series(1, $1::int) n, (select ${wordsArray} as w) words`,
      [N, C, U],
    );
    // Comments: five per post (k = 0..4), the last two replies to the post's first; then 500 on the busy post.
    await timed(
      client,
      `${5 * N} comments`,
      `
      insert into comments (id, post_id, author_id, parent_id, path, depth, body, created_at, hot_rank)
      select n, p, (1 + (n::bigint * 7907) % $2::int)::int,
        case when k >= 3 then p end,
        case when k >= 3 then array[p, n] else array[n] end,
        case when k >= 3 then 1 else 0 end,
        'Comment ' || n || ': ' || w[1 + (n * 3) % 50] || ' ' || w[1 + (n * 17) % 50] || ' ' || w[1 + (n * 29) % 50],
        now() - ($1::int - p) * interval '20 seconds' + (k + 1) * interval '1 minute',
        conversation_hot_rank(0, now() - ($1::int - p) * interval '20 seconds' + (k + 1) * interval '1 minute')
      from generate_series(1, 5 * $1::int) n, (select ${wordsArray} as w) words,
        lateral (select 1 + (n - 1) % $1::int as p, (n - 1) / $1::int as k) place`,
      [N, U],
    );
    await timed(
      client,
      `${BUSY_COMMENTS} comments on post ${busyPostId}`,
      `
      insert into comments (id, post_id, author_id, parent_id, path, depth, body, created_at, hot_rank)
      select 5 * $1::int + i, $2::int, 1 + (i * 31) % $3::int,
        case when i % 5 = 0 then 5 * $1::int + i - 1 end,
        case when i % 5 = 0 then array[5 * $1::int + i - 1, 5 * $1::int + i] else array[5 * $1::int + i] end,
        case when i % 5 = 0 then 1 else 0 end,
        'Busy thread comment ' || i, now() - interval '1 hour' + i * interval '1 second',
        conversation_hot_rank(0, now() - interval '1 hour' + i * interval '1 second')
      from generate_series(1, ${BUSY_COMMENTS}) i`,
      [N, busyPostId, U],
    );
    // Ten reactions per post from ten distinct users (k * 9973 apart modulo U), one in four a dislike.
    await timed(
      client,
      `${10 * N} reactions`,
      `
      insert into post_reactions (post_id, user_id, kind, created_at, post_created_at)
      select p.id, 1 + (p.id * 7 + k * 9973) % $2::int, case when (p.id + k) % 4 = 0 then 'dislike' else 'like' end, now(), p.created_at
      from posts p, generate_series(0, 9) k where p.id <= $1::int`,
      [N, U],
    );

    // What the triggers keep, computed set-based.
    await timed(
      client,
      'post counters and Hot ranks',
      `
      update posts p set like_count = r.likes, dislike_count = r.dislikes, comment_count = coalesce(c.n, 0),
        hot_rank = conversation_hot_rank(r.likes - r.dislikes, p.created_at)
      from (select post_id, count(*) filter (where kind = 'like')::int as likes, count(*) filter (where kind = 'dislike')::int as dislikes
            from post_reactions group by post_id) r
      left join (select post_id, count(*)::int as n from comments where moderation_status = 'visible' and deleted_at is null group by post_id) c
        on c.post_id = r.post_id
      where p.id = r.post_id`,
    );
    await timed(
      client,
      'comment reply counts',
      `
      update comments c set reply_count = r.n
      from (select path[1] as root, count(*)::int as n from comments where depth > 0 and moderation_status <> 'held' and deleted_at is null group by path[1]) r
      where c.id = r.root`,
    );
    await timed(
      client,
      'circle counters',
      `
      update circles ci set posts_count = coalesce(p.n, 0), members_count = coalesce(m.n, 0)
      from circles c2
      left join (select circle_id, count(*)::int as n from posts where moderation_status = 'visible' group by circle_id) p on p.circle_id = c2.id
      left join (select circle_id, count(*)::int as n from circle_members group by circle_id) m on m.circle_id = c2.id
      where ci.id = c2.id`,
    );
    await client.query(`
      delete from public_post_totals;
      insert into public_post_totals (shard, posts)
      select id % ${PUBLIC_POST_TOTAL_SHARDS}, sum(posts_count) from circles where channel_type = 'public' group by 1`);
    for (const table of ['users', 'circles', 'posts', 'comments', 'consents']) {
      await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
    }
    await client.query('set session_replication_role = origin');
    const indexStarted = Date.now();
    for (const index of indexes) await client.query(index.def);
    console.log(`  ${indexes.length} indexes: ${((Date.now() - indexStarted) / 1000).toFixed(1)} s`);
    await timed(client, 'vacuum analyze', 'vacuum analyze');
    await checkCounters(client);
    // The benchmark reads the shape back from here (bench/api.ts).
    await client.query(`create table bench_shape as select ${N}::int as posts`);
    console.log(`Filled in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    return shape;
  } finally {
    await client.end();
  }
}

/** Fails when a trigger-kept counter differs from a count of its rows (on a sample of 2,000 posts and every circle). */
async function checkCounters(client: pg.Client) {
  const { rows } = await client.query(`
    select
      (select count(*) from (select p.id from posts p where p.id % greatest((select max(id) from posts) / 2000, 1) = 0 and (
        p.like_count <> (select count(*) from post_reactions r where r.post_id = p.id and r.kind = 'like')
        or p.dislike_count <> (select count(*) from post_reactions r where r.post_id = p.id and r.kind = 'dislike')
        or p.comment_count <> (select count(*) from comments c where c.post_id = p.id and c.moderation_status = 'visible' and c.deleted_at is null)
        or p.hot_rank <> conversation_hot_rank(p.like_count - p.dislike_count, p.created_at))) bad) as posts,
      (select count(*) from circles c where c.posts_count <> (select count(*) from posts p where p.circle_id = c.id and p.moderation_status = 'visible')
        or c.members_count <> (select count(*) from circle_members m where m.circle_id = c.id)) as circles,
      (select coalesce(sum(posts), 0) from public_post_totals) <> (select coalesce(sum(posts_count), 0) from circles where channel_type = 'public') as totals`);
  const [{ posts, circles, totals }] = rows;
  if (Number(posts) + Number(circles) > 0 || totals)
    throw new Error(`Counters disagree with their rows: ${posts} posts, ${circles} circles${totals ? ', the public total' : ''}.`);
  console.log('  counters agree with their rows (2,000 posts sampled, every circle)');
}

/** A database URL: DATABASE_URL, else `name` on the local server, created (dropped first when `fresh`). */
export async function benchDatabaseUrl(name: string | undefined, fresh: boolean): Promise<string> {
  const base = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!name && process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const database = name ?? 'bsq_bench';
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`Not a database name: ${database}`);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    if (fresh) await admin.query(`drop database if exists ${database} with (force)`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function main() {
  const { values } = parseArgs({ options: { posts: { type: 'string', default: '1000000' }, database: { type: 'string' } } });
  const posts = Number(values.posts);
  if (!Number.isInteger(posts) || posts < 1000) throw new Error('--posts takes a whole number of at least 1000.');
  const url = await benchDatabaseUrl(values.database, values.database !== undefined || !process.env.DATABASE_URL);
  console.log(`Filling ${new URL(url).pathname.slice(1)} with ${posts} posts…`);
  await fillDatabase(url, posts);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
