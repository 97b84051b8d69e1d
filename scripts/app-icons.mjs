// Draws the installable app's icons (public/icons) from the favicon: run after changing public/favicon.svg.
// node scripts/app-icons.mjs
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
const favicon = readFileSync('public/favicon.svg', 'utf8');
const glyph = favicon
  .replace(/<rect[^>]*\/>/, '')
  .replace(/^<svg[^>]*>/, '')
  .replace('</svg>', '');
// Maskable: the brand colour to every edge, the glyph inside the 80 % safe circle.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#c2410c"/><g transform="translate(4.8 4.8) scale(0.8)">${glyph}</g></svg>`;
const opaque = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#c2410c"/>${glyph}</svg>`;
for (const size of [192, 512])
  await sharp(Buffer.from(favicon), { density: ((72 * size) / 48) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`public/icons/icon-${size}.png`);
await sharp(Buffer.from(maskable), { density: ((72 * 512) / 48) * 2 })
  .resize(512, 512)
  .png({ compressionLevel: 9 })
  .toFile('public/icons/icon-maskable-512.png');
await sharp(Buffer.from(opaque), { density: ((72 * 180) / 48) * 2 })
  .resize(180, 180)
  .png({ compressionLevel: 9 })
  .toFile('public/icons/apple-touch-icon.png');
