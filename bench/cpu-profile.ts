/**
 * Where a Node process's time went, from the V8 CPU profiles it wrote (`node --cpu-prof`, or `npm run bench --
 * --profile DIR --only <endpoint>`): self time summed by part (the database driver, the query builder, the web
 * framework, the product's own code, Node's internals, garbage collection), as shares of the time not idle, and the
 * functions that took the most.
 *   npm run bench:profile -- /tmp/prof/*.cpuprofile [--top 25]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** The part of the process a function belongs to, by where it was loaded from. */
export function partOf(url: string, name: string): string {
  if (name === '(idle)') return 'idle';
  if (name === '(garbage collector)') return 'garbage collection';
  if (name === '(program)' || name === '(root)') return 'V8 and native (program)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (pkg === 'postgres') return 'postgres.js (driver)';
  if (pkg === 'drizzle-orm') return 'drizzle-orm (query building, row mapping)';
  if (pkg && /^(fastify|@fastify\/|find-my-way|avvio|light-my-request|fast-json-stringify|pino|thread-stream|sonic-boom)/.test(pkg))
    return `fastify and its plugins (${pkg.startsWith('@fastify/') ? pkg : pkg.split('/')[0]})`;
  if (pkg && pkg !== 'tsx') return `other packages (${pkg})`;
  if (url.includes('/src/server/db/')) return 'product: database layer (src/server/db)';
  if (url.includes('/src/')) return 'product: services, routes, lib';
  if (/^(writev|writeBuffer|writeUtf8String|writeLatin1String|Socket\._writev?|_writeGeneric)$/.test(name)) return 'socket writes';
  if (
    pkg === 'tsx' ||
    /^(wrapSafe|compileSourceTextModule|makeAsyncRequest|makeSyncRequest|parseCJS|readFileUtf8|waitForWorker)$/.test(name)
  )
    return 'module loading (start-up)';
  if (url.startsWith('node:') || url === '')
    return name === '' ? 'V8 and native (program)' : 'node internals (events, streams, timers, buffers)';
  return 'other';
}

function selfTimes(profile: Profile): Map<number, number> {
  const times = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    times.set(id, (times.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  return times;
}

function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '20' } } });
  if (positionals.length === 0) throw new Error('Name one or more .cpuprofile files.');
  const byPart = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const file of positionals) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    for (const [id, micros] of selfTimes(profile)) {
      const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
      const part = partOf(url, functionName);
      if (part === 'idle') continue;
      busy += micros;
      byPart.set(part, (byPart.get(part) ?? 0) + micros);
      const where = url ? `${url.replace(/^.*?\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}` : '';
      const key = `${functionName || '(anonymous)'} ${where}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    }
  }
  const share = (micros: number) => `${((micros / busy) * 100).toFixed(1).padStart(5)} %`;
  console.log(`busy (not idle): ${(busy / 1000).toFixed(0)} ms in ${positionals.length} profile(s)\n\nby part`);
  for (const [part, micros] of [...byPart].sort((a, b) => b[1] - a[1])) console.log(`${share(micros)}  ${part}`);
  console.log(`\ntop functions (self time)`);
  for (const [name, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
    console.log(`${share(micros)}  ${name}`);
}

if (process.argv[1]?.endsWith('cpu-profile.ts')) main();
