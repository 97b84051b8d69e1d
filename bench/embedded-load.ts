/**
 * The embedded database (PGlite, one connection) under many connections: the public feed at 200 connections, with
 * the request gate as configured (REQUEST_CONCURRENCY, default 4) and with it opened wide (every request let in
 * at once, as before the gate), each printing p50, p99, the slowest answer, and how many were turned away (503).
 *   npm run bench:embedded                          (200 connections, 10 s each)
 *   npm run bench:embedded -- --connections 200 --seconds 5
 *   npm run bench:embedded -- --client autocannon          (wrk is used when installed: see http-load.ts)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { waitForHealth } from './site-server.ts';
import { defaultClient, httpLoad, type LoadClient } from './http-load.ts';

const { values: flags } = parseArgs({
  options: { seconds: { type: 'string' }, connections: { type: 'string' }, client: { type: 'string' } },
});
const client = (flags.client ?? process.env.BENCH_CLIENT ?? defaultClient()) as LoadClient;
const seconds = Number(flags.seconds ?? 10);
const connections = Number(flags.connections ?? 200);
const port = Number(process.env.BENCH_PORT ?? 4498);

async function measure(label: string, concurrency: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bsq-embedded-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      REQUEST_CONCURRENCY: concurrency,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base);
    const result = await httpLoad(client, { url: `${base}/api/posts/public/feed/`, connections, seconds }, dataDir);
    console.log(
      [
        label.padEnd(42),
        result.rps.toFixed(0).padStart(7),
        result.p50.toFixed(0).padStart(7),
        result.p99.toFixed(0).padStart(7),
        result.max.toFixed(0).padStart(8),
        String(result.ok).padStart(7),
        String(result.status['503'] ?? 0).padStart(6),
        String(result.errors).padStart(7),
      ].join(' '),
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(
    `Public feed on the embedded database, ${connections} connections, ${seconds} s, load from ${client}; load ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    ['', 'req/s', 'p50 ms', 'p99 ms', 'max ms', '2xx', '503', 'errors']
      .map((h, i) => (i === 0 ? h.padEnd(42) : h.padStart(i === 4 ? 8 : i === 6 ? 6 : 7)))
      .join(' '),
  );
  await measure('gate open (every request at once)', '1000000');
  await measure(`gate: ${process.env.REQUEST_CONCURRENCY ?? 4} at a time, FIFO, 503 past 500 ms`, process.env.REQUEST_CONCURRENCY ?? '4');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
