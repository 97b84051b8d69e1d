import { describe, expect, it } from 'vitest';
import { imageSources, sizeInName, srcsetOf, urlForWidth, variantsOf, variantWidths, withVariants } from './media-variants.ts';

const ID = '0b7c5d3e-1111-4222-8333-944455556666';

describe('image variants', () => {
  it('reads the pixel size from a sized name, and nothing from a plain one', () => {
    expect(sizeInName(`${ID}_2000x1000.jpg`)).toEqual({ width: 2000, height: 1000 });
    expect(sizeInName(`private/${ID}_640x480.png`)).toEqual({ width: 640, height: 480 });
    expect(sizeInName(`${ID}.png`)).toBeNull();
    expect(sizeInName(`${ID}_2000x1000-320.webp`)).toBeNull();
  });

  it('makes the standard widths below the image, plus its own width when it is no wider than 1280', () => {
    expect(variantWidths(4000)).toEqual([320, 640, 1280]);
    expect(variantWidths(1280)).toEqual([320, 640, 1280]);
    expect(variantWidths(900)).toEqual([320, 640, 900]);
    expect(variantWidths(200)).toEqual([200]);
  });

  it('names each variant beside its original, keeping the aspect ratio', () => {
    expect(variantsOf(`private/${ID}_2000x1000.jpg`).slice(0, 2)).toEqual([
      { name: `private/${ID}_2000x1000-320.avif`, width: 320, height: 160, format: 'avif' },
      { name: `private/${ID}_2000x1000-320.webp`, width: 320, height: 160, format: 'webp' },
    ]);
    // A video's names: the original and each rendition (240p, 360p, 720p), whichever of them is given.
    expect(withVariants(`${ID}.mp4`)).toEqual([`${ID}.mp4`, `${ID}-240p.mp4`, `${ID}-360p.mp4`, `${ID}-720p.mp4`]);
    expect(withVariants(`private/${ID}-360p.mp4`)).toContain(`private/${ID}.mp4`);
    expect(withVariants(`${ID}_700x700.png`)).toHaveLength(1 + 3 * 2);
  });

  it('describes an image for srcset', () => {
    const sources = imageSources(`/media/${ID}_1000x500.png`);
    expect(sources).toMatchObject({ width: 1000, height: 500 });
    expect(srcsetOf(sources, 'webp')).toBe(
      `/media/${ID}_1000x500-320.webp 320w, /media/${ID}_1000x500-640.webp 640w, /media/${ID}_1000x500-1000.webp 1000w`,
    );
  });
});

describe('one URL for a box (a video poster)', () => {
  const poster = imageSources('/media/0b7f4bde-5d8a-4a55-9e3e-2a4e6c8b9d10_1920x1080.jpg');

  it('picks the smallest WebP variant that fills the box at twice its width, else the largest', () => {
    expect(urlForWidth(poster, 120)).toMatch(/_1920x1080-320\.webp$/);
    expect(urlForWidth(poster, 224)).toMatch(/_1920x1080-640\.webp$/);
    expect(urlForWidth(poster, 480)).toMatch(/_1920x1080-1280\.webp$/);
    expect(urlForWidth(poster, 2000)).toMatch(/_1920x1080-1280\.webp$/);
    expect(urlForWidth(poster, 480, 1)).toMatch(/_1920x1080-640\.webp$/);
  });

  it('falls back to the original when it has no variants', () => {
    expect(urlForWidth(imageSources('/media/old.jpg'), 480)).toBe('/media/old.jpg');
  });
});
