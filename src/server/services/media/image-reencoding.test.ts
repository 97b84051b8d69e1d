import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMAGE_TOO_LARGE, InvalidMediaError, reencodeDataUrl, reencodeImage } from './image-reencoding.ts';
import { sanitizeRichText } from '../writing/index.ts';

const stripEmbeddedImageMetadata = (html: string) => sanitizeRichText(html, reencodeDataUrl);
const image = (format: 'png' | 'jpeg' | 'gif' | 'webp') =>
  sharp({ create: { width: 12, height: 8, channels: 3, background: '#e4572e' } })
    .toFormat(format)
    .toBuffer();

const phoneJpeg = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#2e86e4' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'SecretPhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' } })
    .toBuffer();

describe('reencodeImage', () => {
  it('drops EXIF (GPS included) and applies the orientation to the pixels', async () => {
    const before = await sharp(await phoneJpeg()).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    const clean = await reencodeImage(await phoneJpeg(), 'jpeg');
    const after = await sharp(clean).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(clean.includes(Buffer.from('SecretPhoneMaker'))).toBe(false);
  });

  it('keeps a GIF animated', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 8, height: 8, channels: 4, background } })
        .png()
        .toBuffer();
    const twoFrames = await sharp([await frame('#f00'), await frame('#0f0')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(twoFrames, { animated: true }).metadata()).pages).toBe(2);
    const clean = await reencodeImage(twoFrames, 'gif');
    expect(await sharp(clean, { animated: true }).metadata()).toMatchObject({ format: 'gif', pages: 2 });
  });

  it('refuses bytes that only look like an image', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a png')]);
    await expect(reencodeImage(fake, 'png')).rejects.toBeInstanceOf(InvalidMediaError);
  });
});

describe('stripEmbeddedImageMetadata', () => {
  it('re-encodes data-URL images so their EXIF goes, and removes ones that are not what they claim', async () => {
    const photo = (await phoneJpeg()).toString('base64');
    const png = (await image('png')).toString('base64');
    const html = `<p>a</p><img src="data:image/jpeg;base64,${photo}" /><img src="data:image/gif;base64,${png}" /><img src="https://x.example/a.png" />`;
    const out = await stripEmbeddedImageMetadata(html);
    const sources = [...out.matchAll(/src="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toHaveLength(2);
    expect(sources[1]).toBe('https://x.example/a.png');
    const embedded = Buffer.from(sources[0].split(',')[1], 'base64');
    const meta = await sharp(embedded).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(out.startsWith('<p>a</p><img src="data:image/jpeg;base64,')).toBe(true);
  });

  it('leaves HTML without data images untouched', async () => {
    expect(await stripEmbeddedImageMetadata('<p>plain</p>')).toBe('<p>plain</p>');
  });
});

describe('pixel limit', () => {
  it('refuses an image that would decode to more than the pixel limit, with its own message', async () => {
    // A tiny PNG that claims 8000 × 8000 (64 megapixels) of one colour.
    const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(200_000);
    const error = await reencodeImage(huge, 'png').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidMediaError);
    expect((error as InvalidMediaError).userMessage).toBe(IMAGE_TOO_LARGE);
  });
});
