import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { detectMedia } from './media-recognition.ts';

const image = (format: 'png' | 'jpeg' | 'gif' | 'webp') =>
  sharp({ create: { width: 12, height: 8, channels: 3, background: '#e4572e' } })
    .toFormat(format)
    .toBuffer();

const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  return box;
};

describe('detectMedia', () => {
  it('recognises PNG, JPEG, GIF and WebP by their bytes', async () => {
    for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
      expect(await detectMedia(await image(format))).toMatchObject({ kind: 'image', format });
    }
  });

  it('recognises MP4 by its ftyp box, by major or compatible brand', async () => {
    expect(await detectMedia(ftyp('isom', 'isom', 'mp41'))).toEqual({ kind: 'video', format: 'mp4', extension: 'mp4' });
    expect(await detectMedia(ftyp('mp42'))).toMatchObject({ format: 'mp4' });
    expect(await detectMedia(ftyp('XAVC', 'mp42'))).toMatchObject({ format: 'mp4' });
  });

  it('refuses QuickTime, HEIF, AVIF, text, SVG and empty input', async () => {
    expect(await detectMedia(ftyp('qt  ', 'qt  '))).toBeNull();
    expect(await detectMedia(ftyp('heic', 'mif1', 'heic'))).toBeNull();
    expect(await detectMedia(ftyp('avif', 'mif1', 'miaf', 'iso8'))).toBeNull();
    expect(await detectMedia(Buffer.from('hello, this is text'))).toBeNull();
    expect(await detectMedia(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(await detectMedia(Buffer.alloc(0))).toBeNull();
  });
});
