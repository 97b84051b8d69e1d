/**
 * Image bytes the feed moves to a 360 px phone (DPR 2, a mid-range Android), before and after image variants.
 * Posts eight photo posts (synthetic 3000 × 2000 photos: light and shade, many soft-edged shapes and grain; not pure
 * noise, which no codec can shrink, nor flat colour, which any can) to a public circle, opens /home/posts as a visitor, scrolls to the end so every lazy image
 * loads, and adds up the bytes of every /media/ response. "Before" is the same page with the feed's answers
 * stripped of `image_sources`, which is exactly what the cards drew before variants: the stored originals.
 */
import type { FastifyInstance } from 'fastify';
import type { Browser, Page, Route } from '@playwright/test';
import sharp from 'sharp';
import { createUser, multipart } from '../tests/helpers/fixtures.ts';

const PHOTOS = 8;
const PHONE = { viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** A photo-like picture: a sky-to-ground gradient, many shapes with soft edges (detail a codec must keep), and grain. */
async function photo(seed: number): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,75%)"/><stop offset="0.55" stop-color="hsl(${(hue + 30) % 360},45%,55%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 90) % 360},35%,25%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    ${Array.from({ length: 600 }, (_, i) => `<circle cx="${(i * 613 + seed * 211) % width}" cy="${(i * 379 + seed * 97) % height}" r="${6 + ((i * 53) % 90)}" fill="hsl(${(hue + i * 23) % 360},50%,${30 + ((i * 7) % 40)}%)" fill-opacity="0.6"/>`).join('')}
  </svg>`;
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .blur(1.2)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Posts `count` photo posts (one photo each) to a new public circle; returns the stored originals' bytes. */
export async function postPhotos(app: FastifyInstance, count = PHOTOS): Promise<number> {
  // A member of some standing: new accounts may post only a few times an hour.
  const author = await createUser(app, 'photographer', { createdAt: new Date(Date.now() - 30 * 86_400_000) });
  const circle = await app.inject({
    method: 'POST',
    url: '/api/circles/',
    headers: author.headers,
    payload: { name: `Photo Walks ${Date.now() % 100000}`, description: 'Pictures from our walks.', channel_type: 'public' },
  });
  if (circle.statusCode !== 201) throw new Error(`circle: ${circle.statusCode} ${circle.body}`);
  let originals = 0;
  for (let i = 0; i < count; i++) {
    const form = await multipart([
      ['circle', String(circle.json().id)],
      ['title', `Morning walk ${i + 1}`],
      ['description', ''],
      ['images', { data: await photo(i + 1), filename: `walk-${i + 1}.jpg`, type: 'image/jpeg' }],
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/posts/',
      payload: form.payload,
      headers: { ...author.headers, ...form.headers },
    });
    if (res.statusCode !== 201) throw new Error(`post: ${res.statusCode} ${res.body}`);
    const [url] = res.json().images as string[];
    originals += (await app.inject({ method: 'GET', url })).rawPayload.length;
  }
  return originals;
}

/** The feed's answers without `image_sources`: the cards then draw the originals, as before variants. */
async function asBeforeVariants(route: Route) {
  const response = await route.fetch();
  const body = await response.json();
  for (const post of body.results ?? []) delete post.image_sources;
  await route.fulfill({ response, json: body });
}

async function imageBytes(browser: Browser, base: string, before: boolean): Promise<{ bytes: number; files: number; widths: string[] }> {
  const context = await browser.newContext(PHONE);
  const page: Page = await context.newPage();
  if (before) await page.route(/\/api\/posts\/(public|user)\/feed\//, asBeforeVariants);
  let bytes = 0;
  let files = 0;
  const widths = new Set<string>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/media/')) return;
    // Which width and format the phone took: "-1280.avif", or the original's extension.
    widths.add(/(-\d+)?\.\w+$/.exec(pathname)?.[0] ?? pathname);
    pending.push(
      response.body().then(
        (body) => void ((bytes += body.length), (files += 1)),
        () => undefined,
      ),
    );
  });
  await page.goto(new URL('/home/posts', base).toString(), { waitUntil: 'networkidle' });
  // Read the feed to its end: every lazy image comes into view.
  for (let i = 0; i < 40; i++) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.body.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    if (atEnd) break;
  }
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  return { bytes, files, widths: [...widths].sort() };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function measureFeedImages(base: string, app: FastifyInstance, browser: Browser): Promise<void> {
  const stored = await postPhotos(app);
  const before = await imageBytes(browser, base, true);
  const after = await imageBytes(browser, base, false);
  const saved = before.bytes ? 1 - after.bytes / before.bytes : 0;
  console.log(`\nFeed image bytes on a 360 px phone (DPR 2), ${PHOTOS} photo posts of 3000 x 2000 (originals stored: ${kb(stored)})`);
  console.log(`${'before (originals)'.padEnd(24)}${kb(before.bytes).padStart(12)}  in ${before.files} files (${before.widths.join(', ')})`);
  console.log(`${'after (variants)'.padEnd(24)}${kb(after.bytes).padStart(12)}  in ${after.files} files (${after.widths.join(', ')})`);
  console.log(`${'fewer bytes'.padEnd(24)}${`${(saved * 100).toFixed(1)} %`.padStart(12)}  (goal: at least 60 %)`);
}
