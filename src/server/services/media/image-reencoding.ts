import sharp from 'sharp';
import { detectMedia, SNIFF_BYTES, type MediaFormat } from './media-recognition.ts';

/**
 * Images are decoded and re-encoded in their own format with sharp, which writes no metadata unless
 * asked: EXIF (GPS included), ICC and XMP are gone; the EXIF orientation is applied to the pixels first.
 */

/** Thrown when a file is not what it must be; the caller turns it into its field's error. */
export class InvalidMediaError extends Error {
  /** A message for the user that says more than the field's usual one (e.g. too many pixels). */
  constructor(
    message: string,
    readonly userMessage?: string,
  ) {
    super(message);
  }
}

/**
 * Decoding cost grows with pixels, not bytes: a few-KB PNG can claim 16k × 16k. Sixty megapixels
 * (all frames together) covers any phone photo while keeping one decode well under a gigabyte.
 */
export const MAX_IMAGE_PIXELS = 60_000_000;
export const IMAGE_TOO_LARGE = `Image too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`;

const decodeFailure = (error: unknown) => {
  const message = (error as Error).message;
  return new InvalidMediaError(message, /pixel limit/i.test(message) ? IMAGE_TOO_LARGE : undefined);
};

export async function reencodeImage(input: string | Buffer, format: Exclude<MediaFormat, 'mp4'>): Promise<Buffer> {
  const options = { animated: format === 'gif' || format === 'webp', failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS } as const;
  const meta = await sharp(input, options)
    .metadata()
    .catch((error) => Promise.reject(decodeFailure(error)));
  const pages = meta.pages ?? 1;
  if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * pages > MAX_IMAGE_PIXELS) {
    throw new InvalidMediaError('too many pixels', IMAGE_TOO_LARGE);
  }
  // Animated images carry no EXIF orientation; rotating would need every frame turned.
  const image = pages === 1 ? sharp(input, options).rotate() : sharp(input, options);
  try {
    switch (format) {
      case 'jpeg':
        return await image.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
      case 'png':
        return await image.png({ compressionLevel: 8 }).toBuffer();
      case 'webp':
        return await image.webp({ quality: 88 }).toBuffer();
      case 'gif':
        return await image.gif().toBuffer();
    }
  } catch (error) {
    throw decodeFailure(error);
  }
}

const DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/i;

/**
 * An image pasted into the editor arrives as a base64 data URL: it is re-encoded like an upload, so its
 * EXIF/GPS goes too. Null when it is not really an image of its stated type (the image is then dropped).
 */
export async function reencodeDataUrl(source: string): Promise<string | null> {
  const match = DATA_URL.exec(source);
  if (!match) return null;
  const bytes = Buffer.from(match[2], 'base64');
  const detected = await detectMedia(bytes.subarray(0, SNIFF_BYTES));
  if (!detected || detected.format === 'mp4' || detected.format !== match[1].toLowerCase()) return null;
  try {
    const clean = await reencodeImage(bytes, detected.format);
    return `data:image/${detected.format};base64,${clean.toString('base64')}`;
  } catch (error) {
    if (error instanceof InvalidMediaError) return null;
    throw error;
  }
}

/** A still image's pixel size (after its orientation was applied), or null for an animated one (its variants would lose the motion). */
export async function stillImageSize(image: Buffer): Promise<{ width: number; height: number } | null> {
  const meta = await sharp(image, { animated: true }).metadata();
  if ((meta.pages ?? 1) > 1 || !meta.width || !meta.height) return null;
  return { width: meta.width, height: meta.height };
}

/**
 * Smaller copies of a re-encoded still image in WebP and AVIF (media-variants.ts names them). AVIF at a low effort:
 * it is made while the member waits for their post, and effort 2 costs a fraction of the default for a few percent
 * more bytes.
 */
export async function encodeVariant(image: Buffer, width: number, format: 'webp' | 'avif'): Promise<Buffer> {
  const resized = sharp(image).resize({ width, withoutEnlargement: true });
  return format === 'webp' ? resized.webp({ quality: 72, effort: 4 }).toBuffer() : resized.avif({ quality: 50, effort: 2 }).toBuffer();
}
