/**
 * The first post of the feed on a throttled phone (390 × 844; 1.6 Mbps down, 750 kbps up, 150 ms round trip; CPU 4×
 * slower): for a visitor and for a signed-in member, the time from navigation to the first post on screen, and the
 * largest contentful paint, median of `--runs` (5). Both feeds come rendered in the page; the member's ratio to the
 * visitor's is what tells whether a member still waits for JavaScript.
 *
 *   node --import tsx bench/phone-feed.ts [--no-build] [--runs N]
 */
import { chromium, type Browser } from '@playwright/test';
import { readPolicyNotice } from '../src/content/page-files.ts';
import { users } from '../src/server/db/schema/index.ts';
import { siteUnderTest } from './site-server.ts';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function firstPost(browser: Browser, base: string, cookies: { name: string; value: string }[]) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: base })));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const started = Date.now();
  await page.goto(`${base}/home/posts`, { waitUntil: 'commit' });
  await page.getByRole('main').getByRole('article').first().waitFor({ state: 'visible', timeout: 60_000 });
  const firstPostMs = Date.now() - started;
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
        setTimeout(() => resolve(Number.NaN), 3000);
      }),
  );
  await context.close();
  return { firstPostMs, lcp };
}

const site = await siteUnderTest(args);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  // A demo member, signed in as the app signs in (tokens in cookies), who has agreed to the privacy notice.
  const app = site.app!;
  const [member] = await app.ctx.db.select({ id: users.id }).from(users).limit(1);
  const { access, refresh } = app.ctx.services.tokens.issuePair(member.id);
  const consent = await app.inject({
    method: 'POST',
    url: '/api/users/me/consent/',
    headers: { authorization: `Bearer ${access}` },
    payload: { version: readPolicyNotice().version, adult: true },
  });
  if (consent.statusCode !== 200) throw new Error(`consent: ${consent.statusCode} ${consent.body}`);
  const results: Record<string, { firstPostMs: number[]; lcp: number[] }> = {
    visitor: { firstPostMs: [], lcp: [] },
    member: { firstPostMs: [], lcp: [] },
  };
  for (let run = 0; run < runs; run++) {
    for (const [who, cookies] of [
      ['visitor', []],
      [
        'member',
        [
          { name: 'access_token', value: access },
          { name: 'refresh_token', value: refresh },
        ],
      ],
    ] as const) {
      const { firstPostMs, lcp } = await firstPost(browser, site.base, [...cookies]);
      results[who].firstPostMs.push(firstPostMs);
      results[who].lcp.push(lcp);
    }
  }
  const visitor = median(results.visitor.firstPostMs);
  console.log(`\nFirst post on a throttled phone (median of ${runs}; 1.6 Mbps, 150 ms, CPU 4x)`);
  console.log('who      first post   LCP       ratio to visitor');
  for (const who of ['visitor', 'member'] as const) {
    const first = median(results[who].firstPostMs);
    console.log(
      `${who.padEnd(8)} ${(first / 1000).toFixed(2).padStart(6)} s   ${(median(results[who].lcp) / 1000).toFixed(2).padStart(5)} s   ${(first / visitor).toFixed(2)}`,
    );
  }
} finally {
  await browser.close();
  await site.close();
}
