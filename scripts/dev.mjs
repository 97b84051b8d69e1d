// `npm run dev`: builds the site, starts the server, and watches the sources. A change under src/server/ restarts
// the server; a change to a page, island, store, style, content file or public/ rebuilds the site first (astro
// build), then restarts the server so it serves the new build. Reload the browser to see the change.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import path from 'node:path';

const WATCHED = ['src', 'public', 'astro.config.mjs'];
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };

let server = null;
let pending = null; // 'build' | 'restart' | null
let busy = false;

const run = (command, args) =>
  new Promise((resolve) => spawn(command, args, { stdio: 'inherit', env }).on('exit', (code) => resolve(code === 0)));

function stopServer() {
  if (!server) return Promise.resolve();
  const child = server;
  server = null;
  // The server shuts down gracefully on SIGTERM; only then may a new one open the same database.
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

// The content editor lives in `astro dev` (it is never part of a build): http://127.0.0.1:4322/editor.
const editorPort = process.env.EDITOR_PORT ?? '4322';
const editor = spawn('npx', ['astro', 'dev', '--port', editorPort, '--host', '127.0.0.1'], { stdio: 'ignore', env });
console.log(`[dev] content editor: http://127.0.0.1:${editorPort}/editor (edits src/content/pages; see docs/editing-pages.md)`);
process.on('exit', () => editor.kill('SIGTERM'));

function startServer() {
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit', env });
}

async function work() {
  if (busy || !pending) return;
  busy = true;
  const job = pending;
  pending = null;
  const built = job === 'build' ? await run('npx', ['astro', 'build']) : true;
  if (built) {
    await stopServer();
    startServer();
  } else {
    console.error('[dev] the build failed; the server keeps the previous build. Fix the error and save again.');
  }
  busy = false;
  void work();
}

let timer = null;
function changed(file) {
  const serverOnly = file.startsWith(`src${path.sep}server${path.sep}`);
  pending = pending === 'build' || !serverOnly ? 'build' : 'restart';
  clearTimeout(timer);
  timer = setTimeout(() => void work(), 200);
}

for (const target of WATCHED) {
  watch(target, { recursive: true }, (_event, name) => {
    const file = name ? path.join(target, name.toString()) : target;
    if (target === 'astro.config.mjs') return changed(target);
    changed(file);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void stopServer().then(() => process.exit(0)));

pending = 'build';
void work();
console.log('[dev] watching src/, public/ and astro.config.mjs');
