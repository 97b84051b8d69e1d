/**
 * API benchmark: the public feed, the user feed and post creation on 10,000 posts, each next to the health
 * endpoint as a baseline, so the ratios mean something on a noisy machine.
 *   npm run bench                      (embedded PGlite)
 *   DATABASE_URL=postgres://… npm run bench
 * Options: BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 10), BENCH_POSTS (default 10000).
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/client.ts';
import { createTokenService } from '../src/server/services/tokens-service.ts';
import { freshDatabaseUrl } from './bench-database.ts';
import { generateData } from './generate-data.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const postCount = Number(process.env.BENCH_POSTS ?? 10_000);
const port = Number(process.env.BENCH_PORT ?? 4499);
const jwtSecret = 'bench-secret';


async function waitForHealth(base: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

type Row = { name: string; rps: number; p99: number; errors: number };

async function run(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections, duration: seconds, ...options });
  const bad = result.non2xx + result.errors;
  return { name, rps: result.requests.average, p99: result.latency.p99, errors: bad };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bsq-bench-'));
  const databaseUrl = await freshDatabaseUrl('bsq_bench');
  const env = { DATA_DIR: dataDir, JWT_SECRET: jwtSecret, IDENTITY_KEY: randomBytes(32).toString('base64url'), SEED_DEMO: '0', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };

  console.log(`Generating ${postCount} posts on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}…`);
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
  const started = Date.now();
  const { userIds, circleIds } = await generateData(database.db, { postCount });
  const tokens = createTokenService({ db: database.db, secret: jwtSecret, accessSeconds: 3600, refreshSeconds: 3600 });
  const access = tokens.issueAccess(userIds[1]);
  await database.close();
  console.log(`  done in ${Date.now() - started} ms`);

  // The server runs in its own process so the load generator does not share its event loop.
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base);
    const auth = { authorization: `Bearer ${access}` };
    const rows: Row[] = [];
    rows.push(await run('health (baseline)', { url: `${base}/api/health` }));
    rows.push(await run('public feed, page 1', { url: `${base}/api/posts/public/feed/` }));
    rows.push(await run('public feed, page 500', { url: `${base}/api/posts/public/feed/?page=500` }));
    rows.push(await run('user feed, page 1', { url: `${base}/api/posts/user/feed/`, headers: auth }));
    rows.push(
      await run('create post (JSON)', {
        url: `${base}/api/posts/`,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ circle: circleIds[0], title: 'Benchmark post', description: '<p>Hello <strong>bench</strong></p>' }),
      }),
    );
    const baseline = rows[0].rps;
    console.log(`\n${connections} connections, ${seconds} s each, ${postCount} posts, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
    console.log('endpoint'.padEnd(24), 'req/s'.padStart(9), 'p99 ms'.padStart(8), 'vs health'.padStart(10), 'non-2xx'.padStart(8));
    for (const row of rows) {
      console.log(
        row.name.padEnd(24),
        row.rps.toFixed(0).padStart(9),
        row.p99.toFixed(0).padStart(8),
        `${((row.rps / baseline) * 100).toFixed(1)}%`.padStart(10),
        String(row.errors).padStart(8),
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
