import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { detail } from '../http-errors.ts';
import { InvalidMediaError, reencodeImage } from './image-reencoding.ts';
import { detectMedia, SNIFF_BYTES, type MediaKind } from './media-recognition.ts';
import { scrubMp4Metadata } from './mp4-metadata.ts';

/**
 * Uploaded media on disk: each file is streamed in, recognised by content, images re-encoded (no
 * EXIF/GPS/ICC/XMP survives), MP4s have their metadata boxes blanked in place; files get random names
 * under DATA_DIR/media and are served from /media/.
 */

export type StoredMedia = { kind: MediaKind; url: string };

export const INVALID_IMAGE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';
export const INVALID_VIDEO = 'Upload a valid MP4 video.';
export const INVALID_MEDIA = 'Please select an image or video file.';

export const MEDIA_URL_PREFIX = '/media/';

const MB = 1024 * 1024;
const readableSize = (bytes: number) => (bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`);

export const fileTooLarge = (maxBytes: number) => detail(413, `File too large. Each file may be at most ${readableSize(maxBytes)}.`);

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Ends an incoming file as soon as it passes the size limit. busboy only marks the part `truncated` and keeps reading
 * (and discarding) the rest of it, so a 2 GB upload against a 100 MB limit would be read to its end before the
 * 413. Failing the stream here answers at once; the error handler then closes the connection unread.
 */
export function cutAtLimit(stream: Readable, tooLarge: () => Error): void {
  stream.once('limit', () => stream.destroy(tooLarge()));
}

/** One incoming file: its bytes, its name as sent, and whether the size limit cut it. */
export type IncomingFile = { stream: Readable & { truncated?: boolean }; filename?: string };

/**
 * The files one request writes. `discard()` deletes whatever was written, so a failed request leaves
 * nothing behind.
 */
export class UploadBatch {
  /** Every path this batch created, temporary or kept; removing a missing one is harmless. */
  private readonly written: string[] = [];

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  /**
   * Streams one file to disk and keeps it when it is an accepted kind (else InvalidMediaError).
   * An empty part without a file name is what a browser sends for an empty file input: null, nothing kept.
   */
  async store(file: IncomingFile, accept: readonly MediaKind[]): Promise<StoredMedia | null> {
    await mkdir(this.dir, { recursive: true });
    const incoming = path.join(this.dir, `.incoming-${randomUUID()}`);
    this.written.push(incoming);
    const sink = createWriteStream(incoming);
    cutAtLimit(file.stream, () => fileTooLarge(this.maxBytes));
    await pipeline(file.stream, sink);
    if (file.stream.truncated) throw fileTooLarge(this.maxBytes);
    if (sink.bytesWritten === 0 && !file.filename) {
      await rm(incoming, { force: true });
      return null;
    }
    const detected = await detectMedia(await readHead(incoming));
    if (!detected || !accept.includes(detected.kind)) throw new InvalidMediaError('unrecognised content');
    const name = `${randomUUID()}.${detected.extension}`;
    const target = path.join(this.dir, name);
    this.written.push(target);
    if (detected.format === 'mp4') {
      if (!(await scrubMp4Metadata(incoming))) throw new InvalidMediaError('malformed mp4');
      await rename(incoming, target);
    } else {
      await writeFile(target, await reencodeImage(incoming, detected.format));
      await rm(incoming, { force: true });
    }
    return { kind: detected.kind, url: `${MEDIA_URL_PREFIX}${name}` };
  }

  /** Moves stored media under /media/private/, where it is served only on a signed URL (a private circle's media). */
  async makePrivate(media: StoredMedia): Promise<StoredMedia> {
    const name = media.url.slice(MEDIA_URL_PREFIX.length);
    if (name.includes('/')) return media;
    await mkdir(path.join(this.dir, 'private'), { recursive: true });
    const target = path.join(this.dir, 'private', name);
    this.written.push(target);
    await rename(path.join(this.dir, name), target);
    return { kind: media.kind, url: `${MEDIA_URL_PREFIX}private/${name}` };
  }

  async discard(): Promise<void> {
    await Promise.all(this.written.splice(0).map((file) => rm(file, { force: true })));
  }
}

/** A stored media file's path below the media directory: `<file>`, or `private/<file>` for a private circle's. */
const STORED_NAME = /^(?:private\/)?[\w-]+\.\w+$/;

/**
 * Removes stored media files named by their public URLs (`/media/<file>`, `/media/private/<file>`), e.g. a deleted
 * post's. Anything that is not one of our media URLs is ignored, and a file already gone is no error.
 */
export async function removeStoredMedia(mediaDir: string, urls: readonly string[]): Promise<void> {
  const names = urls
    .filter((url) => url.startsWith(MEDIA_URL_PREFIX))
    .map((url) => url.slice(MEDIA_URL_PREFIX.length).split('?')[0])
    .filter((name) => STORED_NAME.test(name));
  await Promise.all(names.map((name) => rm(path.join(mediaDir, name), { force: true })));
}

/**
 * The stored media files named anywhere in a text (URLs in images, videos, an HTML description or a comment):
 * `<file>`, or `private/<file>` for a private circle's, relative to the media directory.
 */
export function mediaNamesIn(text: string): string[] {
  return [...text.matchAll(/\/media\/((?:private\/)?[A-Za-z0-9][A-Za-z0-9._-]*)/g)].map((match) => match[1]);
}

/** The stored media a post's HTML description points at, as their URLs (`/media/<file>`). */
export function mediaUrlsIn(html: string): string[] {
  return mediaNamesIn(html).map((name) => `${MEDIA_URL_PREFIX}${name}`);
}
