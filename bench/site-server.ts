/**
 * For the site benchmarks (lighthouse.ts, page-weight.ts): builds the site into a private directory, under the
 * same machine-wide lock as the e2e runs (a build must not replace files under someone's running server), and
 * serves it with the real app on a free port, a fresh data directory and the demo data.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';

export const BENCH_DIST = path.resolve('node_modules/.cache/bsq-bench-site');

/** `astro build` into `outDir`; returns outDir. */
export function buildSite(outDir = BENCH_DIST): string {
  console.error(`Building the site into ${path.relative(process.cwd(), outDir)} ...`);
  execFileSync('flock', ['/tmp/bsq-e2e.lock', 'npx', 'astro', 'build', '--outDir', outDir], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  return outDir;
}

export type SiteServer = { port: number; app: FastifyInstance; close: () => Promise<void> };

/** The whole app (site, API, media) serving `distDir`, listening on 127.0.0.1 and a free port. */
export async function startSiteServer(distDir: string): Promise<SiteServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bsq-bench-site-'));
  const config = loadConfig(
    { ...process.env, DATABASE_URL: '', SMTP_URL: '', SEED_DEMO: '1', LOG_LEVEL: 'warn' },
    { dataDir, port: 0, host: '127.0.0.1' },
  );
  const app = await buildApp({ config, distDir: path.resolve(distDir), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    port,
    app,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The site a page benchmark measures: `--base URL` for a server that is already running, else a fresh build
 * (`--no-build` reuses the last one) served on a free port. `close()` stops only a server started here.
 */
export async function siteUnderTest(
  args: string[],
  host = '127.0.0.1',
): Promise<{ base: string; close: () => Promise<void>; app?: FastifyInstance }> {
  const baseArg = args.indexOf('--base');
  if (baseArg >= 0) return { base: args[baseArg + 1], close: async () => {} };
  const server = await startSiteServer(args.includes('--no-build') ? BENCH_DIST : buildSite());
  return { base: `http://${host}:${server.port}`, close: server.close, app: server.app };
}

/** Waits until a server started in another process answers its health check (at most a minute). */
export async function waitForHealth(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}
