/**
 * Runs npm scripts at the same time, each one's output kept together and printed when it ends, and fails when any
 * fails: `node scripts/run-together.mjs typecheck lint content:check`. npm test's static checks use it, as they
 * read the same files and each mostly waits on one core.
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', '-s', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code) => {
        const text = Buffer.concat(output).toString().trimEnd();
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(`${code === 0 ? '✓' : '✗'} npm run ${name} (${seconds} s)${text ? `\n${text}` : ''}\n`);
        resolve(code === 0);
      });
    }),
);
const passed = await Promise.all(runs);
process.exit(passed.every(Boolean) ? 0 : 1);
