// Builds the site when dist/ is missing or older than what it is built from (npm start, scripts/e2e.sh).
// `--log FILE`: the build's output goes to FILE, and is printed only if the build fails.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const stamp = path.resolve('dist/.build-stamp');
// What the build reads: the sources, the static files, the config and the scripts it imports, the dependencies.
const sources = [
  'src',
  'public',
  ...readdirSync('.').filter((name) => /^astro\.config\./.test(name)),
  'scripts/service-worker.mjs',
  'package.json',
  'package-lock.json',
];
// The build bakes these in (astro.config.mjs): a build made with other values is built again.
const settings = JSON.stringify({ PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL ?? null, MAX_UPLOAD_MB: process.env.MAX_UPLOAD_MB ?? null });

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stats.mtimeMs);
}

const built = existsSync(stamp) && existsSync('dist/server/entry.mjs');
const builtAt = built ? statSync(stamp).mtimeMs : 0;
const builtWith = built ? readFileSync(stamp, 'utf8').split('\n')[1] : undefined;
if (Math.max(...sources.map(newestMtime)) > builtAt || builtWith !== settings) {
  const logIndex = process.argv.indexOf('--log');
  const log = logIndex > 0 ? process.argv[logIndex + 1] : undefined;
  console.log('Building the site (astro build)…');
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  try {
    if (log) execSync(`npx astro build >${JSON.stringify(log)} 2>&1`, { stdio: 'inherit', env });
    else execSync('npx astro build', { stdio: 'inherit', env });
  } catch {
    if (log) console.error(readFileSync(log, 'utf8'));
    process.exit(1);
  }
  writeFileSync(stamp, `${new Date().toISOString()}\n${settings}\n`);
}
