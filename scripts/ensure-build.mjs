// Builds the site before `npm start` when dist/ is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const stamp = path.resolve('dist/.build-stamp');
const sources = ['src', 'public', 'astro.config.mjs', 'package.json'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stats.mtimeMs);
}

const builtAt = existsSync(stamp) && existsSync('dist/server/entry.mjs') ? statSync(stamp).mtimeMs : 0;
if (Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log('Building the site (astro build)…');
  execSync('npx astro build', { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  writeFileSync(stamp, new Date().toISOString());
}
