/**
 * Post page benchmark: a post with 500 comments in threads (replies up to 9 deep, upvotes on many), among 20,000
 * comments on other posts, and the server time of its first page in each order, a deep page, a replies page and
 * one comment's thread, next to /api/health as a baseline. Server time is measured in process (app.inject), so it
 * has no network in it.
 *   DATABASE_URL=postgres://… npm run bench:comments     (the number that matters: PostgreSQL)
 *   npm run bench:comments                               (embedded PGlite)
 * Options: BENCH_RUNS (default 60), BENCH_COMMENTS (default 500), BENCH_OTHER_COMMENTS (default 20000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { circles, comments, posts, users } from '../src/server/db/schema/index.ts';
import { dropDatabase, freshDatabaseUrl } from './bench-database.ts';

const runs = Number(process.env.BENCH_RUNS ?? 60);
const threadSize = Number(process.env.BENCH_COMMENTS ?? 500);
const otherComments = Number(process.env.BENCH_OTHER_COMMENTS ?? 20_000);
/** The goal: a post page's first page in under this many milliseconds of server time on PostgreSQL. */
const BUDGET_MS = 100;

/** A small deterministic random source, so every run builds the same threads. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bsq-bench-comments-'));
  const databaseUrl = await freshDatabaseUrl('bsq_bench_comments');
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: 'memory://' });
  const config = loadConfig(
    { SEED_DEMO: '0', LOG_LEVEL: 'silent' },
    { dataDir, jwtSecret: 'bench', identitySecret: 'bench', serveSite: false, seedDemo: false },
  );
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const { db } = app.ctx;
  const next = random(42);

  const people = await db
    .insert(users)
    .values(
      Array.from({ length: 50 }, (_, i) => ({
        emailHash: `bench-${i}`,
        username: `BenchOtter${1000 + i}`,
        color: '#336699',
        animal: 'Otter',
      })),
    )
    .returning({ id: users.id });
  const [circle] = await db
    .insert(circles)
    .values({ name: 'Bench', themeColors: { primary: '#000', secondary: '#fff' }, ownerId: people[0].id })
    .returning({ id: circles.id });
  const postRows = await db
    .insert(posts)
    .values(Array.from({ length: 41 }, (_, i) => ({ circleId: circle.id, authorId: people[i % 50].id, title: `Post ${i}` })))
    .returning({ id: posts.id });
  const [target, ...others] = postRows.map((p) => p.id);

  // Other posts' comments, so the target's rows are a small slice of a big table.
  const start = Date.now() - 30 * 86_400_000;
  for (let done = 0; done < otherComments; done += 1000) {
    await db.insert(comments).values(
      Array.from({ length: Math.min(1000, otherComments - done) }, (_, i) => ({
        postId: others[(done + i) % others.length],
        authorId: people[(done + i) % 50].id,
        body: `Other comment ${done + i}`,
        createdAt: new Date(start + (done + i) * 60_000),
      })),
    );
  }

  // The thread: a third top-level, the rest replies to a random earlier comment (deep chains happen).
  const ids: { id: number; depth: number }[] = [];
  for (let i = 0; i < threadSize; i++) {
    const parent = i < threadSize / 3 || ids.length === 0 ? null : ids[Math.floor(next() * ids.length)];
    const [row] = await db
      .insert(comments)
      .values({
        postId: target,
        authorId: people[Math.floor(next() * 50)].id,
        parentId: parent?.id ?? null,
        body: `Comment ${i} in the thread`,
        upvoteCount: Math.floor(next() ** 3 * 200),
        createdAt: new Date(start + i * 3_600_000 * next()),
      })
      .returning({ id: comments.id, depth: comments.depth });
    ids.push(row);
  }
  if (database.driver === 'postgres') await db.execute(sql`analyze`);
  const deepest = Math.max(...ids.map((c) => c.depth));
  const busiest = ids.find((c) => c.depth === 0)!.id;

  const cases: [string, string][] = [
    ['health (baseline)', '/api/health'],
    ['page 1, Best', `/api/posts/comments/list/?post_id=${target}`],
    ['page 1, New', `/api/posts/comments/list/?post_id=${target}&sort=new`],
    ['page 1, Top', `/api/posts/comments/list/?post_id=${target}&sort=top`],
    ['page 10, Best', `/api/posts/comments/list/?post_id=${target}&page=10`],
    ['replies of a comment', `/api/posts/comments/${busiest}/replies/`],
    ['one comment thread', `/api/posts/comments/${busiest}/`],
  ];
  console.log(
    `${database.driver}: post with ${threadSize} comments (deepest reply at depth ${deepest}) among ${otherComments} others; ${runs} runs each`,
  );
  const results: { name: string; median: number; p99: number }[] = [];
  for (const [name, url] of cases) {
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url }); // warm up
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const began = process.hrtime.bigint();
      const res = await app.inject({ method: 'GET', url });
      times.push(Number(process.hrtime.bigint() - began) / 1e6);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    }
    times.sort((a, b) => a - b);
    results.push({ name, median: percentile(times, 50), p99: percentile(times, 99) });
  }
  const firstPage = results[1];
  console.log('case                     median ms   p99 ms   vs page 1');
  for (const r of results) {
    console.log(
      `${r.name.padEnd(24)} ${r.median.toFixed(2).padStart(9)} ${r.p99.toFixed(2).padStart(8)} ${(r.median / firstPage.median).toFixed(2).padStart(10)}`,
    );
  }
  const verdict = firstPage.p99 < BUDGET_MS ? 'within' : 'OVER';
  console.log(`first page p99 ${firstPage.p99.toFixed(2)} ms: ${verdict} the ${BUDGET_MS} ms budget`);

  await app.close();
  await database.close();
  await dropDatabase(databaseUrl);
  rmSync(dataDir, { recursive: true, force: true });
  if (verdict === 'OVER' && database.driver === 'postgres') process.exitCode = 1;
}

await main();
