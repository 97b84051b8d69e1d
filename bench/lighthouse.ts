/**
 * `npm run lighthouse`: Lighthouse (mobile preset, simulated throttling) on the landing and privacy pages in
 * both languages and, when it exists, the app's /home/posts, each in the light and the dark theme (the site
 * follows the system's colour scheme, emulated here); prints the four category scores per page and theme.
 * When it serves the site itself, it first posts a few photo posts, so the feed is measured with images.
 *
 *   npm run lighthouse                      builds the site privately and serves it on a free port
 *   npm run lighthouse -- --no-build        serves the last private build again
 *   npm run lighthouse -- --base URL        measures a server that is already running (its feed as it is)
 *   npm run lighthouse -- --pages /,/hi/    only these pages (a page that looked off, measured again)
 *   npm run lighthouse -- --themes dark     only this theme
 *
 * Pages are opened at http://localhost:<port>: the canonical links are built from the site's origin
 * (PUBLIC_SITE_URL, by default http://localhost:4321), and Lighthouse fails a canonical on another host.
 * Exits 1 when a site page scores under 95 in any category, or the feed under 95 in performance.
 * Reports go to bench/results/ (lighthouse-<page>-<theme>.json).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { siteUnderTest } from './site-server.ts';
import { postPhotos } from './feed-images.ts';

const run = promisify(execFile);
const THRESHOLD = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const SITE_PAGES = ['/', '/privacy', '/hi/', '/hi/privacy'];
const APP_PAGE = '/home/posts';
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
/** The system colour scheme Chromium reports to the page (prefers-color-scheme), which the theme script follows. */
const THEME_FLAGS: Record<Theme, string> = {
  light: '--blink-settings=preferredColorScheme=1',
  dark: '--blink-settings=preferredColorScheme=0',
};
const FEED_PHOTOS = 4;

type Scores = Record<(typeof CATEGORIES)[number], number>;
type LighthouseReport = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; title: string; numericValue?: number; displayValue?: string }>;
};

async function lighthouse(url: string, theme: Theme): Promise<LighthouseReport> {
  const { stdout } = await run(
    path.resolve('node_modules/.bin/lighthouse'),
    [
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu ${THEME_FLAGS[theme]}`,
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

/** The value after `--name` as a comma-separated list, else `all`. */
function listArg<T extends string>(args: string[], name: string, all: readonly T[]): T[] {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1].split(',') as T[]) : [...all];
}

/** LCP and TBT, which say most about a performance score. */
const timings = (report: LighthouseReport) =>
  ['largest-contentful-paint', 'total-blocking-time'].map((id) => report.audits[id]?.displayValue ?? '-').join(' / ');

async function main() {
  const args = process.argv.slice(2);
  const { base, close, app } = await siteUnderTest(args, 'localhost');
  try {
    const pages = listArg(args, '--pages', [...SITE_PAGES, APP_PAGE]);
    const themes = listArg(args, '--themes', THEMES);
    if (pages.includes(APP_PAGE)) {
      if (!(await fetch(new URL(APP_PAGE, base))).ok) pages.splice(pages.indexOf(APP_PAGE), 1);
      else if (app) await postPhotos(app, FEED_PHOTOS);
    }
    mkdirSync('bench/results', { recursive: true });
    const rows: { page: string; theme: Theme; scores: Scores; timing: string; problems: string[] }[] = [];
    for (const page of pages) {
      for (const theme of themes) {
        const report = await lighthouse(new URL(page, base).toString(), theme);
        const name = page.replace(/\W+/g, '-').replace(/-$/, '') || '-landing';
        writeFileSync(`bench/results/lighthouse${name}-${theme}.json`, JSON.stringify(report));
        rows.push({ page, theme, scores: scoresOf(report), timing: timings(report), problems: failingAudits(report) });
        console.error(`measured ${page} (${theme})`);
      }
    }
    console.log(`\nLighthouse (mobile)          ${CATEGORIES.map((c) => c.padStart(15)).join('')}   LCP / TBT`);
    for (const { page, theme, scores, timing } of rows) {
      console.log(`${`${page} ${theme}`.padEnd(28)} ${CATEGORIES.map((c) => String(scores[c]).padStart(15)).join('')}   ${timing}`);
    }
    for (const { page, theme, problems } of rows)
      if (problems.length) console.log(`\n${page} (${theme}): audits under 0.9: ${problems.join(', ')}`);
    const low = rows.filter((r) =>
      r.page === APP_PAGE ? r.scores.performance < THRESHOLD : CATEGORIES.some((c) => r.scores[c] < THRESHOLD),
    );
    if (low.length) {
      console.log(`\nUnder ${THRESHOLD}: ${low.map((r) => `${r.page} (${r.theme})`).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await close();
  }
}

await main();
