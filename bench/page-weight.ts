/**
 * JavaScript each static page loads before any interaction, in gzip bytes (level 6, as served compressed):
 * "at load" is what the browser fetched by the load event (first paint), "idle" adds what loads afterwards
 * without a click (client:idle islands, such as the contact form; the login modal waits for a Login button,
 * client:interaction). Inline scripts count separately.
 *
 * Then the feed's image bytes on a 360 px phone (feed-images.ts): the feed with photo posts, read to its end,
 * once as before image variants (the originals) and once as now (AVIF/WebP in the width the screen needs).
 *
 *   node --import tsx bench/page-weight.ts [--no-build | --base URL] [--no-images]
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from '@playwright/test';
import { siteUnderTest } from './site-server.ts';
import { measureFeedImages } from './feed-images.ts';

const PAGES = ['/', '/about', '/terms-conditions', '/privacy', '/contactus', '/pricing-page', '/faq', '/refund'];
const IDLE_MS = 2_500;

type Weight = { page: string; atLoad: number; idle: number; inline: number; files: string[] };

const gzipBytes = (body: Buffer | string) => gzipSync(body, { level: 6 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function measure(base: string, page: string, browser: Awaited<ReturnType<typeof chromium.launch>>): Promise<Weight> {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const scripts: { response: Response; beforeLoad: boolean }[] = [];
  let loaded = false;
  tab.on('load', () => (loaded = true));
  tab.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ response, beforeLoad: !loaded });
  });
  await tab.goto(new URL(page, base).toString(), { waitUntil: 'load' });
  await tab.waitForLoadState('networkidle');
  await tab.waitForTimeout(IDLE_MS);
  const inline = await tab.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .map((s) => s.textContent ?? '')
      .filter((t) => t.trim() && !t.trim().startsWith('{')),
  );
  let atLoad = 0;
  let idle = 0;
  const files: string[] = [];
  for (const { response, beforeLoad } of scripts) {
    const size = gzipBytes(await response.body());
    if (beforeLoad) atLoad += size;
    idle += size;
    files.push(`${new URL(response.url()).pathname.split('/').pop()} ${size}${beforeLoad ? '' : ' (idle)'}`);
  }
  await context.close();
  return { page, atLoad, idle, inline: inline.reduce((sum, text) => sum + gzipBytes(text), 0), files };
}

async function main() {
  const args = process.argv.slice(2);
  const site = await siteUnderTest(args);
  const { base, close } = site;
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const rows: Weight[] = [];
    for (const page of PAGES) rows.push(await measure(base, page, browser));
    console.log(`\n${'page'.padEnd(20)}${'JS at load'.padStart(14)}${'JS after idle'.padStart(16)}${'inline JS'.padStart(12)}   (gzip)`);
    for (const r of rows)
      console.log(`${r.page.padEnd(20)}${kb(r.atLoad).padStart(14)}${kb(r.idle).padStart(16)}${kb(r.inline).padStart(12)}`);
    if (args.includes('--files')) for (const r of rows) console.log(`\n${r.page}\n  ${r.files.join('\n  ')}`);
    if (!args.includes('--no-images')) {
      if (site.app) await measureFeedImages(site.base, site.app, browser);
      else console.log('\nFeed image bytes: needs the server started here (not --base), to post the photos.');
    }
  } finally {
    await browser.close();
    await close();
  }
}

await main();
