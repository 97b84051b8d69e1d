/**
 * HTTP load for the benchmarks: wrk when the machine has it (Debian: `apt-get install wrk`), autocannon otherwise.
 *
 * Why wrk first: the API bench sets our rate beside pgbench's, and pgbench is a C client that costs PostgreSQL's
 * machine almost nothing. autocannon is JavaScript on the same two cores: measured on the public feed, it used
 * about a tenth of the machine the server then lacked (wrk: 0.4 s of CPU for 10 s at 2,400 requests/s). With wrk
 * both rates are of the server, not of the client. `--client autocannon` (BENCH_CLIENT) measures with autocannon.
 */
import { execFile, execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

const run = promisify(execFile);

export type Load = {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
};
/** Requests per second, latencies in ms (p50, p99, the slowest), answers not 2xx by status, socket errors and timeouts. */
export type LoadResult = { rps: number; p50: number; p99: number; max: number; ok: number; status: Record<string, number>; errors: number };
export type LoadClient = 'wrk' | 'autocannon';

export function defaultClient(): LoadClient {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return 'wrk';
  } catch (error) {
    // wrk prints its usage and exits 1 for --version: it is there. Only a missing program falls back.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'autocannon' : 'wrk';
  }
}

export async function httpLoad(client: LoadClient, load: Load, scratchDir: string): Promise<LoadResult> {
  return client === 'wrk' ? wrk(load, scratchDir) : viaAutocannon(load);
}

const lua = (value: string) => JSON.stringify(value);

/** wrk, one thread (it needs a few percent of a core), with a script that sets the request and reports in JSON. */
async function wrk(load: Load, scratchDir: string): Promise<LoadResult> {
  const script = path.join(scratchDir, `wrk-${process.pid}-${Date.now()}.lua`);
  const lines = [
    `wrk.method = ${lua(load.method ?? 'GET')}`,
    ...(load.body ? [`wrk.body = ${lua(load.body)}`] : []),
    ...Object.entries(load.headers ?? {}).map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`),
    // Statuses of the answers that were not 2xx, counted by the response() hook (which costs wrk a little CPU,
    // so it only runs for them: wrk counts them in summary.errors.status either way).
    'local statuses = {}',
    'response = function(status) if status >= 300 then statuses[status] = (statuses[status] or 0) + 1 end end',
    'done = function(summary, latency)',
    '  local parts = {}',
    '  for code, n in pairs(statuses) do parts[#parts + 1] = string.format(\'"%d":%d\', code, n) end',
    '  local e = summary.errors',
    '  io.write(string.format(\'BENCH {"requests":%d,"duration":%d,"p50":%d,"p99":%d,"max":%d,"errors":%d,"status":{%s}}\\n\',',
    '    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,',
    '    e.connect + e.read + e.write + e.timeout, table.concat(parts, ",")))',
    'end',
  ];
  writeFileSync(script, `${lines.join('\n')}\n`);
  const { stdout } = await run(
    'wrk',
    ['-t', '1', '-c', String(load.connections), '-d', `${load.seconds}s`, '--timeout', '30s', '-s', script, load.url],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('BENCH '));
  if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
  const r = JSON.parse(line.slice(6)) as {
    requests: number;
    duration: number;
    p50: number;
    p99: number;
    max: number;
    errors: number;
    status: Record<string, number>;
  };
  const notOk = Object.values(r.status).reduce((a, b) => a + b, 0);
  return {
    rps: r.requests / (r.duration / 1e6),
    p50: r.p50 / 1000,
    p99: r.p99 / 1000,
    max: r.max / 1000,
    ok: r.requests - notOk,
    status: r.status,
    errors: r.errors,
  };
}

async function viaAutocannon(load: Load): Promise<LoadResult> {
  const result = await autocannon({
    url: load.url,
    connections: load.connections,
    duration: load.seconds,
    method: load.method ?? 'GET',
    headers: load.headers,
    body: load.body,
    timeout: 30,
  });
  const status = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => Number(code) >= 300)
      .map(([code, stats]) => [code, stats?.count ?? 0]),
  );
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    ok: result['2xx'],
    status,
    errors: result.errors + result.timeouts,
  };
}
