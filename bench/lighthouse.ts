/**
 * `npm run lighthouse`: Lighthouse (mobile preset, simulated throttling) on the landing page, one policy page
 * and, when it exists, the app's /home/posts; prints the four category scores per page.
 *
 *   npm run lighthouse                      builds the site privately and serves it on a free port
 *   npm run lighthouse -- --no-build        serves the last private build again
 *   npm run lighthouse -- --base URL        measures a server that is already running
 *
 * Pages are opened at http://localhost:<port>: the canonical links are built from the site's origin
 * (PUBLIC_SITE_URL, by default http://localhost:4321), and Lighthouse fails a canonical on another host.
 * Exits 1 when a site page scores under 95 in any category. Reports go to bench/results/.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { siteUnderTest } from './site-server.ts';

const run = promisify(execFile);
const THRESHOLD = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const SITE_PAGES = ['/', '/privacy', '/hi/', '/hi/privacy'];
const APP_PAGE = '/home/posts';

type Scores = Record<(typeof CATEGORIES)[number], number>;
type LighthouseReport = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; title: string; numericValue?: number; displayValue?: string }>;
};

async function lighthouse(url: string): Promise<LighthouseReport> {
  const { stdout } = await run(
    path.resolve('node_modules/.bin/lighthouse'),
    [
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${CATEGORIES.join(',')}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as LighthouseReport;
}

const scoresOf = (report: LighthouseReport): Scores =>
  Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)])) as Scores;

/** The audits that cost points, so a low score says why. */
const failingAudits = (report: LighthouseReport) =>
  Object.entries(report.audits)
    .filter(([, a]) => a.score !== null && a.score < 0.9)
    .map(([id, a]) => `${id}${a.displayValue ? ` (${a.displayValue})` : ''}`);

async function main() {
  const args = process.argv.slice(2);
  const { base, close } = await siteUnderTest(args, 'localhost');
  try {
    const pages = [...SITE_PAGES];
    if ((await fetch(new URL(APP_PAGE, base))).ok) pages.push(APP_PAGE);
    mkdirSync('bench/results', { recursive: true });
    const rows: { page: string; scores: Scores; problems: string[] }[] = [];
    for (const page of pages) {
      const report = await lighthouse(new URL(page, base).toString());
      writeFileSync(`bench/results/lighthouse${page.replace(/\W+/g, '-').replace(/-$/, '') || '-landing'}.json`, JSON.stringify(report));
      rows.push({ page, scores: scoresOf(report), problems: failingAudits(report) });
      console.error(`measured ${page}`);
    }
    console.log(`\nLighthouse ${'(mobile)'.padEnd(14)} ${CATEGORIES.map((c) => c.padStart(15)).join('')}`);
    for (const { page, scores } of rows) console.log(`${page.padEnd(25)} ${CATEGORIES.map((c) => String(scores[c]).padStart(15)).join('')}`);
    for (const { page, problems } of rows) if (problems.length) console.log(`\n${page}: audits under 0.9: ${problems.join(', ')}`);
    const low = rows.filter((r) => SITE_PAGES.includes(r.page) && CATEGORIES.some((c) => r.scores[c] < THRESHOLD));
    if (low.length) {
      console.log(`\nUnder ${THRESHOLD}: ${low.map((r) => r.page).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await close();
  }
}

await main();
