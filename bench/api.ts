/**
 * API benchmark on PostgreSQL, at the size bench:data fills: each endpoint under HTTP load (requests/s, p50, p99),
 * beside pgbench running the exact statements that endpoint ran (recorded from one warm request in process), with the
 * same connections and duration, prepared (`-M prepared`, the values sent apart, as the server sends them): our rate
 * as a share of what PostgreSQL itself serves for the same SQL.
 *   npm run bench:data -- --posts 1000000 --database bsq_bench     (once: the fill takes minutes)
 *   npm run bench -- --database bsq_bench                          (50 connections, 10 s each)
 *   npm run bench -- --posts 20000 --seconds 3                     (a quick run: fills bsq_bench_20000 when empty)
 * Flags (or env): --database (BENCH_DATABASE), --posts (BENCH_POSTS, for a fill), --seconds (BENCH_SECONDS, 10),
 * --connections (BENCH_CONNECTIONS, 50), --keep (leave a database this run filled; dropped otherwise),
 * --only (endpoints whose names contain one of these comma-separated words, e.g. --only comments,search),
 * --instances N (BENCH_INSTANCES: serve from N instances behind one port, as `npm run start:cluster` does; needs
 * REDIS_URL, default redis://127.0.0.1:6379; 1 runs the single process of `npm start`),
 * --client wrk|autocannon (BENCH_CLIENT; wrk when installed: see http-load.ts), --profile DIR (the server writes a
 * V8 CPU profile into DIR when it stops: `npm run bench:profile -- DIR/*.cpuprofile` says where Node's time went; use
 * it with --only one endpoint), --sql (print each endpoint's recorded statements, as pgbench runs them).
 * The "node µs" column is the server process's CPU time (user and system, from /proc) per request served: Node's
 * own work per request, which bounds the cheap pages when server and database share the cores.
 */
import { randomBytes } from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { DEFAULT_PLAN_CACHE_MODE, openDatabase, type PlanCacheMode } from '../src/server/db/client.ts';
import { benchDatabaseUrl, benchShape, fillDatabase, type BenchData } from './fill-database.ts';
import { waitForHealth } from './site-server.ts';
import { defaultClient, httpLoad, type LoadClient } from './http-load.ts';

const { values: flags } = parseArgs({
  options: {
    database: { type: 'string' },
    posts: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string' },
    keep: { type: 'boolean', default: false },
    only: { type: 'string' },
    instances: { type: 'string' },
    client: { type: 'string' },
    profile: { type: 'string' },
    sql: { type: 'boolean', default: false },
  },
});
const seconds = Number(flags.seconds ?? process.env.BENCH_SECONDS ?? 10);
const connections = Number(flags.connections ?? process.env.BENCH_CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 4499);
const instances = Number(flags.instances ?? process.env.BENCH_INSTANCES ?? 1);
const client = (flags.client ?? process.env.BENCH_CLIENT ?? defaultClient()) as LoadClient;
if (client !== 'wrk' && client !== 'autocannon') throw new Error('--client is wrk or autocannon');
const jwtSecret = 'bench-secret';
const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';
/** pgbench runs this much longer than the HTTP load; the transactions that start in it are not counted (below). */
const PGBENCH_WARM_SECONDS = 2;
/** The server's plan cache mode (DATABASE_PLAN_CACHE_MODE), which pgbench's connections take too. */
const planCacheMode = process.env.DATABASE_PLAN_CACHE_MODE ?? DEFAULT_PLAN_CACHE_MODE;
/**
 * DATABASE_PREPARE=unnamed (the server behind a pooler) sends every statement unnamed, parsed each time: pgbench then
 * runs `-M extended`, the same way. Run the bench once each way to see what unnamed statements cost.
 */
const unnamed = process.env.DATABASE_PREPARE === 'unnamed';

type Endpoint = { name: string; method?: 'GET' | 'POST'; url: string; signedIn?: boolean; body?: string; pgbenchOnly?: string };
type Row = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  pgbench: PgbenchResult | null;
  statements: number;
  /** The server's CPU time per request served, in microseconds (NaN where /proc cannot tell). */
  nodeMicros?: number;
};

/** A process's CPU time so far (user + system), in milliseconds, from /proc (Linux); NaN elsewhere. */
function cpuMillis(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}
/** pgbench's rate, and its per-transaction latency percentiles from its transaction log (-l). */
type PgbenchResult = { tps: number; p50: number; p99: number };

/** Each statement a request ran, as sent: its text with $1, $2… and their values. */
type Statement = { text: string; values: unknown[] };

/**
 * A value as the text PostgreSQL reads for a parameter: an array (a comment page's root ids) in its array literal
 * form, e.g. {1,2}; a date in ISO 8601; an object as JSON.
 */
function parameterText(value: unknown): string {
  if (Array.isArray(value))
    return `{${value.map((item) => (typeof item === 'number' ? String(item) : `"${String(item).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
  return value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * A pgbench script of the statements, each parameter a pgbench variable (`:s0p1`), defined with `-D`: pgbench's
 * `-M prepared` then prepares each statement once per connection and sends the values apart, as postgres.js does for
 * the server (a null is written in, as pgbench variables cannot be null).
 */
function pgbenchScript(statements: Statement[]): { script: string; defines: string[] } {
  const defines: string[] = [];
  const lines = statements.map(({ text, values }, i) => {
    const body = text.replace(/\$(\d+)/g, (_, n: string) => {
      const value = values[Number(n) - 1];
      if (value === null || value === undefined) return 'null';
      defines.push(`s${i}p${n}=${parameterText(value)}`);
      return `:s${i}p${n}`;
    });
    return `${body.replace(/\s+/g, ' ').trim()};`;
  });
  return { script: `${lines.join('\n')}\n`, defines: [...new Set(defines)] };
}

/** Statements as the database handle sends them, while `recording` holds a list (the job queue's polls left out). */
let recording: Statement[] | null = null;
const onStatement = (text: string, values: unknown[]) => {
  if (recording && !text.includes('pgboss')) recording.push({ text, values: [...values] });
};

/** Records the statements the app sends while `run` goes. */
async function recordStatements(run: () => Promise<unknown>): Promise<Statement[]> {
  const recorded: Statement[] = [];
  recording = recorded;
  try {
    await run();
  } finally {
    recording = null;
  }
  return recorded;
}

async function pgbench(url: string, { script, defines }: { script: string; defines: string[] }, dir: string): Promise<PgbenchResult> {
  const id = randomBytes(4).toString('hex');
  const file = path.join(dir, `script-${id}.sql`);
  const logPrefix = path.join(dir, `log-${id}`);
  writeFileSync(file, script);
  const u = new URL(url);
  const { stdout } = await promisify(execFile)(
    PGBENCH,
    [
      '-n',
      '-M',
      unnamed ? 'extended' : 'prepared',
      ...defines.flatMap((define) => ['-D', define]),
      '-c',
      String(connections),
      '-j',
      '2',
      '-T',
      String(seconds + PGBENCH_WARM_SECONDS),
      '-f',
      file,
      '-l',
      `--log-prefix=${logPrefix}`,
      '-h',
      u.hostname,
      '-p',
      u.port || '5432',
      '-U',
      u.username || 'postgres',
      u.pathname.slice(1),
    ],
    // The server's own connection settings (db/client.ts), so both run the same plans.
    {
      maxBuffer: 1 << 24,
      env: {
        ...process.env,
        PGOPTIONS: `-c jit=off -c max_parallel_workers_per_gather=0${unnamed ? '' : ` -c plan_cache_mode=${planCacheMode}`}`,
      },
      cwd: dir,
    },
  );
  if (!/tps = [\d.]+/.test(stdout)) throw new Error(`pgbench printed no rate:\n${stdout}`);
  // Each log line: client, transaction, latency in µs, script, and when it ended (epoch seconds, µs); one file per
  // thread. Transactions that started in the first PGBENCH_WARM_SECONDS are left out, as the HTTP side's warm-up
  // second is: each of pgbench's new connections is a new backend, whose first statements load its caches (the
  // text-search dictionaries, the catalogs), a cost the server's pool pays once.
  const done = readdirSync(dir)
    .filter((name) => name.startsWith(path.basename(logPrefix)))
    .flatMap((name) => readFileSync(path.join(dir, name), 'utf8').split('\n'))
    .filter(Boolean)
    .map((line) => {
      const [, , latency, , epoch, micros] = line.split(' ').map(Number);
      const end = epoch * 1e6 + micros;
      return { latency: latency / 1000, start: end - latency, end };
    });
  if (!done.length) throw new Error(`pgbench logged no transaction:\n${stdout}`);
  // Reduced, not spread: a long run logs more transactions than a call takes arguments.
  const from = done.reduce((first, t) => Math.min(first, t.start), Infinity) + PGBENCH_WARM_SECONDS * 1e6;
  const measured = done.filter((t) => t.start >= from);
  const until = measured.reduce((last, t) => Math.max(last, t.end), from + 1);
  const latencies = measured.map((t) => t.latency).sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { tps: (measured.length * 1e6) / (until - from), p50: at(0.5), p99: at(0.99) };
}

/** The URL of page `page` of a list, reached through its next links (each carries the keyset cursor). */
async function deepPage(app: FastifyInstance, first: string, page: number, headers: Record<string, string>): Promise<string> {
  let url = first;
  for (let n = 1; n < page; n++) {
    const res = await app.inject({ method: 'GET', url, headers });
    const next = (res.json() as { next: string | null }).next;
    if (!next) throw new Error(`${first} has fewer than ${page} pages`);
    url = next.replace(/^https?:\/\/[^/]+/, '');
  }
  return url;
}

async function shapeOf(url: string, postsFlag: number | undefined): Promise<{ shape: BenchData; filled: boolean }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`select to_regclass('bench_shape') is not null as ready`);
    if (rows[0].ready) {
      const [{ posts }] = (await client.query('select posts from bench_shape')).rows;
      return { shape: benchShape(posts), filled: false };
    }
  } finally {
    await client.end();
  }
  const shape = await fillDatabase(url, postsFlag ?? 20_000);
  return { shape, filled: true };
}

async function main() {
  const postsFlag = flags.posts ?? process.env.BENCH_POSTS;
  const name = flags.database ?? process.env.BENCH_DATABASE ?? `bsq_bench_${postsFlag ?? 20000}`;
  const url = await benchDatabaseUrl(name, false);
  const { shape, filled } = await shapeOf(url, postsFlag ? Number(postsFlag) : undefined);
  // The posts an earlier run wrote and deleted leave dead entries at the newest end of the feed indexes, which every
  // first page would step over until autovacuum came by: vacuum first, so each run reads what a fresh one does.
  const vacuum = new pg.Client({ connectionString: url });
  await vacuum.connect();
  await vacuum.query('vacuum (analyze) posts, circles, public_post_totals');
  // Unnamed statements (as behind a pooler) send no session settings: the database carries them (README).
  if (unnamed) await vacuum.query(`alter database ${name} set jit = off; alter database ${name} set max_parallel_workers_per_gather = 0`);
  await vacuum.end();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bsq-bench-'));
  const env = {
    DATA_DIR: dir,
    DATABASE_URL: url,
    JWT_SECRET: jwtSecret,
    IDENTITY_KEY: 'bench-identity-key',
    SEED_DEMO: '0',
    POSTS_PER_HOUR: '100000000',
    LOG_LEVEL: 'warn',
    // The server measured serves requests only, as an HTTP instance beside job workers does: the background jobs
    // (the language backfill of a filled database, purges) would otherwise share its cores at times of their own.
    JOB_WORKERS: '0',
  };

  // In process: mint a token, find page 500's links, and record what each endpoint runs.
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' }, { serveSite: false });
  const database = await openDatabase({
    databaseUrl: url,
    onStatement,
    postgres: { planCacheMode: planCacheMode as PlanCacheMode, prepare: unnamed ? 'unnamed' : 'named' },
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const access = app.ctx.services.tokens.issueAccess(shape.memberId);
  const auth = { authorization: `Bearer ${access}` };
  const endpoints: Endpoint[] = [
    { name: 'public feed, page 1', url: '/api/posts/public/feed/' },
    { name: 'public feed, page 500', url: await deepPage(app, '/api/posts/public/feed/', 500, {}) },
    { name: 'personal feed, page 1', url: '/api/posts/user/feed/', signedIn: true },
    { name: 'personal feed, page 500', url: await deepPage(app, '/api/posts/user/feed/', 500, auth), signedIn: true },
    { name: 'channel feed, page 1', url: `/api/posts/public/feed/?circle=${shape.circleId}` },
    { name: 'post + 500 comments', url: `/api/posts/comments/list/?post_id=${shape.busyPostId}` },
    { name: `search "${shape.commonWord}" (common)`, url: `/api/posts/search/?q=${shape.commonWord}` },
    { name: `search "${shape.rareWord}" (rare)`, url: `/api/posts/search/?q=${shape.rareWord}` },
    // Two and three words, common and rare: every word must match (AND), so the planner guesses few matches.
    // And the other script's step (the romanised skeleton on trigrams), which words alone do not fill: Hinglish beside a
    // common English word, and Devanagari.
    ...[
      `mumbai rain`,
      `cricket delhi metro`,
      `${shape.rareWord} india`,
      `${shape.rareWord} mumbai rain`,
      'mumbai baarish',
      'मुंबई बारिश',
    ].map((q) => ({
      name: `search "${q}"`,
      url: `/api/posts/search/?q=${encodeURIComponent(q)}`,
    })),
    {
      name: 'create post',
      method: 'POST',
      url: '/api/posts/',
      signedIn: true,
      body: JSON.stringify({ circle: shape.circleId, title: 'Benchmark post', description: '<p>Hello <strong>bench</strong></p>' }),
    },
  ];
  const only = flags.only?.split(',').filter(Boolean);
  if (only) endpoints.splice(0, endpoints.length, ...endpoints.filter((endpoint) => only.some((word) => endpoint.name.includes(word))));
  const scripts = new Map<string, Statement[]>();
  for (const endpoint of endpoints) {
    const headers = { ...(endpoint.signedIn ? auth : {}), ...(endpoint.body ? { 'content-type': 'application/json' } : {}) };
    const send = async () => {
      const res = await app.inject({ method: endpoint.method ?? 'GET', url: endpoint.url, headers, payload: endpoint.body });
      if (res.statusCode >= 300) throw new Error(`${endpoint.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    // The second request is recorded: the first also reads what a running server keeps (the driver's types on a new
    // connection, search's common words for ten minutes), which pgbench would otherwise repeat on every transaction.
    // A write is sent once, so the recorded statements are the ones a new post runs.
    if (endpoint.method !== 'POST') await send();
    const statements = await recordStatements(send);
    scripts.set(endpoint.name, statements);
    if (flags.sql) {
      const { script, defines } = pgbenchScript(statements);
      console.log(`\n${endpoint.name}:\n${script}${defines.map((define) => `-- -D ${define}`).join('\n')}`);
    }
  }
  await app.close();
  await database.close();

  const entry = instances > 1 ? ['src/server/cluster.ts', '--instances', String(instances)] : ['src/server/main.ts'];
  const redis = instances > 1 ? { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' } : {};
  const profile = flags.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(flags.profile)}`] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', ...entry], {
    env: { ...process.env, ...env, ...redis, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const rows: Row[] = [];
  try {
    await waitForHealth(base);
    for (const endpoint of endpoints) {
      const headers = { ...(endpoint.signedIn ? auth : {}), ...(endpoint.body ? { 'content-type': 'application/json' } : {}) };
      const load = { url: `${base}${endpoint.url}`, connections, method: endpoint.method ?? 'GET', headers, body: endpoint.body };
      // A second unmeasured first: the pool opens its connections and each prepares its statements.
      await httpLoad(client, { ...load, seconds: 1 }, dir);
      const cpuBefore = instances === 1 ? cpuMillis(server.pid) : Number.NaN;
      const result = await httpLoad(client, { ...load, seconds }, dir);
      const nodeMicros = ((cpuMillis(server.pid) - cpuBefore) * 1000) / (result.rps * seconds);
      const statements = scripts.get(endpoint.name)!;
      const database = await pgbench(url, pgbenchScript(statements), dir).catch(
        (error: Error) => (console.error(`pgbench ${endpoint.name}: ${error.message}`), null),
      );
      rows.push({
        name: endpoint.name,
        rps: result.rps,
        p50: result.p50,
        p99: result.p99,
        errors: Object.values(result.status).reduce((a, b) => a + b, 0) + result.errors,
        pgbench: database,
        statements: statements.length,
        nodeMicros,
      });
    }
    // Before keyset paging, page 500 was an OFFSET 4990 read: its SQL's rate in pgbench, for comparison.
    const page1 = scripts.get('public feed, page 1');
    if (page1) {
      const keyset = pgbenchScript(page1);
      const offsetSql = keyset.script.replace(/ limit (\S+);$/gim, ' limit $1 offset 4990;');
      const offsetTps = await pgbench(url, { script: offsetSql, defines: keyset.defines }, dir).catch(() => null);
      rows.push({
        name: 'public p500 by OFFSET (SQL)',
        rps: Number.NaN,
        p50: Number.NaN,
        p99: Number.NaN,
        errors: 0,
        pgbench: offsetTps,
        statements: page1.length,
      });
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
    // The posts this run wrote go, so the next run reads the same data (the newest posts are what search reads first).
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`delete from posts where title = 'Benchmark post'`);
    await cleanup.end();
    if (filled && !flags.keep) {
      const admin = new pg.Client({ connectionString: process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }

  const served = instances > 1 ? `${instances} instances` : 'one instance';
  console.log(
    `\n${shape.posts} posts, ${connections} connections, ${seconds} s each, PostgreSQL (${unnamed ? 'unnamed statements; pgbench -M extended' : `plan_cache_mode ${planCacheMode}; pgbench -M prepared`}), ${served}, load from ${client}; load: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const columns: [string, number][] = [
    ['endpoint', -30],
    ['req/s', 7],
    ['p50 ms', 7],
    ['p99 ms', 7],
    ['errors', 6],
    ['SQL', 4],
    ['pgbench/s', 9],
    ['pg p50', 7],
    ['pg p99', 7],
    ['ours', 5],
    ['node µs', 8],
  ];
  const line = (cells: string[]) =>
    console.log(cells.map((cell, i) => (columns[i][1] < 0 ? cell.padEnd(-columns[i][1]) : cell.padStart(columns[i][1]))).join(' '));
  const fmt = (n: number | undefined, digits = 0) => (n !== undefined && Number.isFinite(n) ? n.toFixed(digits) : '-');
  line(columns.map(([title]) => title));
  for (const row of rows) {
    const share = row.pgbench && Number.isFinite(row.rps) ? `${((row.rps / row.pgbench.tps) * 100).toFixed(0)}%` : '-';
    line([
      row.name,
      fmt(row.rps),
      fmt(row.p50),
      fmt(row.p99),
      String(row.errors),
      String(row.statements),
      fmt(row.pgbench?.tps),
      fmt(row.pgbench?.p50, 1),
      fmt(row.pgbench?.p99, 1),
      share,
      fmt(row.nodeMicros),
    ]);
  }
  // Searches of two and three words against one common word (the goal is a p99 within 2×).
  const oneWord = rows.find((r) => r.name.endsWith('(common)'));
  for (const row of rows.filter((r) => r.name.startsWith('search "') && r.name.includes(' ') && !r.name.endsWith(')')))
    if (oneWord)
      console.log(`${row.name} against one common word: p99 ${fmt(row.p99 / oneWord.p99, 2)}×, req/s ${fmt(row.rps / oneWord.rps, 2)}×`);
  // Deep pages by their keyset cursor: page 500 against page 1 (the goal is within 2×).
  for (const feed of ['public', 'personal']) {
    const [first, deep] = [rows.find((r) => r.name === `${feed} feed, page 1`), rows.find((r) => r.name === `${feed} feed, page 500`)];
    if (first && deep)
      console.log(`${feed} feed, page 500 against page 1: p99 ${fmt(deep.p99 / first.p99, 2)}×, req/s ${fmt(deep.rps / first.rps, 2)}×`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
