/**
 * Image variants: an uploaded still image is stored once as sent (re-encoded, without metadata) and beside it in
 * smaller widths as WebP and AVIF, so a phone downloads what fits its screen. The original's name carries its
 * pixel size (`<id>_<width>x<height>.<ext>`), so every variant's name, and the intrinsic size a page needs to
 * reserve its box, follow from the name alone: no extra column, and removal or export of a file finds its variants.
 */

/** The widths variants are made in; only those smaller than the original. */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;
const LARGEST = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1];

/**
 * The widths of an image's variants: the standard ones below its width, and its own width when that is no wider than
 * the largest (so a wide screen still finds the full picture in WebP or AVIF, never a blurry smaller one).
 */
export const variantWidths = (width: number): number[] => [
  ...VARIANT_WIDTHS.filter((v) => v < width),
  ...(width <= LARGEST ? [width] : []),
];
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** `<id>_<w>x<h>.<ext>`, optionally under `private/`. */
const SIZED_NAME = /^((?:private\/)?[\w-]+?)_(\d{1,5})x(\d{1,5})\.(png|jpg|webp)$/;

export type ImageSize = { width: number; height: number };

/** The pixel size a stored image's name carries, or null (a video, a GIF, an image stored before variants). */
export function sizeInName(name: string): ImageSize | null {
  const match = SIZED_NAME.exec(name);
  return match ? { width: Number(match[2]), height: Number(match[3]) } : null;
}

/** The name an image of this size is stored under. */
export const sizedName = (id: string, size: ImageSize, extension: string) => `${id}_${size.width}x${size.height}.${extension}`;

export type Variant = { name: string; width: number; height: number; format: VariantFormat };

/** Every variant of a stored image (none for a name without a size). */
export function variantsOf(name: string): Variant[] {
  const match = SIZED_NAME.exec(name);
  if (!match) return [];
  const [, base, w, h] = match;
  const width = Number(w);
  const height = Number(h);
  return variantWidths(width).flatMap((v) =>
    VARIANT_FORMATS.map((format) => ({
      name: `${base}_${w}x${h}-${v}.${format}`,
      width: v,
      height: Math.max(1, Math.round((height * v) / width)),
      format,
    })),
  );
}

/** A stored file's name followed by its variants' names: what is moved, removed or exported together. */
export const withVariants = (name: string): string[] => [
  ...new Set([name, ...variantsOf(name).map((v) => v.name), ...renditionNamesOf(name)]),
];

/**
 * Video renditions: an uploaded video is transcoded to H.264/AAC MP4 at these heights (never above its own), each
 * stored as `<id>-<height>p.mp4` beside the original `<id>.mp4` (which goes once they are made). Every name of one
 * video names all of them, so removal, export and a move to `private/` find each.
 */
export const RENDITION_HEIGHTS = [240, 360, 720] as const;
const VIDEO_NAME = /^((?:private\/)?[\w]+(?:-[\w]+)*?)(?:-(\d{2,4})p)?\.mp4$/;

/** The rendition of a video at `height`. */
export const renditionName = (original: string, height: number) => original.replace(/(?:-\d{2,4}p)?\.mp4$/, `-${height}p.mp4`);

/** Every file one video may be stored as: the original and each rendition. */
export function renditionNamesOf(name: string): string[] {
  const match = VIDEO_NAME.exec(name);
  if (!match) return [];
  const base = match[1];
  return [`${base}.mp4`, ...RENDITION_HEIGHTS.map((height) => `${base}-${height}p.mp4`)];
}

/** How an image is described to pages: its size (null when unknown) and its variants' URLs by width and format. */
export type ImageSources = {
  url: string;
  width: number | null;
  height: number | null;
  variants: { url: string; width: number; format: VariantFormat }[];
};

/** The sources of an image by its URL (`/media/<name>`): its size and variants when its name records a size. */
export function imageSources(url: string): ImageSources {
  const name = url.startsWith('/media/') ? url.slice('/media/'.length).split('?')[0] : null;
  const size = name ? sizeInName(name) : null;
  if (!name || !size) return { url, width: null, height: null, variants: [] };
  return { url, ...size, variants: variantsOf(name).map((v) => ({ url: `/media/${v.name}`, width: v.width, format: v.format })) };
}

/** A `srcset` for one format: its variants by width. */
export function srcsetOf(sources: ImageSources, format: VariantFormat): string {
  return sources.variants
    .filter((v) => v.format === format)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

/**
 * One URL of an image for a box `boxWidth` CSS pixels wide, where only one URL fits (a video's `poster` has no srcset):
 * the smallest WebP variant that fills the box on a screen of `density` (2 by default: most phones draw two or more
 * device pixels per CSS pixel), else the largest variant, else the original.
 */
export function urlForWidth(sources: ImageSources, boxWidth: number, density = 2): string {
  const webp = sources.variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width);
  if (webp.length === 0) return sources.url;
  return (webp.find((v) => v.width >= boxWidth * density) ?? webp[webp.length - 1]).url;
}
