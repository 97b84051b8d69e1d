import { ImageTextTimeoutError, readQrCode, type ImageTextReader } from '../safety/index.ts';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { detail, say } from '../../platform/errors.ts';
import { sizedName, variantsOf, withVariants } from '../../../lib/media-variants.ts';
import { encodeVariant, InvalidMediaError, reencodeImage, stillImageSize } from './image-reencoding.ts';
import { detectMedia, SNIFF_BYTES, type MediaKind } from './media-recognition.ts';
import { contentTypeOf, type MediaStore } from '../../platform/media-store.ts';
import { scrubMp4Metadata } from './mp4-metadata.ts';
import type { JobQueue } from '../../platform/job-queue.ts';

/**
 * Uploaded media: each file is streamed to a local temporary file, recognised by content, images re-encoded (no
 * EXIF/GPS/ICC/XMP survives) and still images given their smaller WebP and AVIF variants, MP4s have their metadata
 * boxes blanked in place; then they go to the media store (media-store.ts) under random names, served from /media/.
 */

export type StoredMedia = { kind: MediaKind; url: string };

export const INVALID_IMAGE = say('errors.media.invalidImage');
export const INVALID_VIDEO = say('errors.media.invalidVideo');
export const INVALID_MEDIA = say('errors.media.invalidMedia');

export const MEDIA_URL_PREFIX = '/media/';

const MB = 1024 * 1024;
const readableSize = (bytes: number) => (bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`);

export const fileTooLarge = (maxBytes: number) => detail(413, say('errors.media.tooLarge', { size: readableSize(maxBytes) }));

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
  /** Local temporary files of this batch; removing a missing one is harmless. */
  private readonly temporary: string[] = [];
  /** Names this batch put in the store. */
  private readonly stored: string[] = [];

  /** `incomingDir` holds files while they arrive and are checked; only accepted ones reach the store. */
  constructor(
    private readonly mediaStore: MediaStore,
    private readonly incomingDir: string,
    private readonly maxBytes: number,
  ) {}

  /**
   * Streams one file in and stores it when it is an accepted kind (else InvalidMediaError).
   * An empty part without a file name is what a browser sends for an empty file input: null, nothing kept.
   */
  async store(file: IncomingFile, accept: readonly MediaKind[]): Promise<StoredMedia | null> {
    await mkdir(this.incomingDir, { recursive: true });
    const incoming = path.join(this.incomingDir, `.incoming-${randomUUID()}`);
    this.temporary.push(incoming);
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
    const id = randomUUID();
    if (detected.format === 'mp4') {
      if (!(await scrubMp4Metadata(incoming))) throw new InvalidMediaError('malformed mp4');
      const name = `${id}.${detected.extension}`;
      await this.put(name, incoming);
      await rm(incoming, { force: true });
      return { kind: detected.kind, url: `${MEDIA_URL_PREFIX}${name}` };
    }
    const clean = await reencodeImage(incoming, detected.format);
    await rm(incoming, { force: true });
    const size = await stillImageSize(clean);
    // A still image is named with its size, which names its variants (media-variants.ts); an animated one stays as it is.
    const name = size ? sizedName(id, size, detected.extension) : `${id}.${detected.extension}`;
    const variants = await Promise.all(
      variantsOf(name).map(async (v) => ({ name: v.name, bytes: await encodeVariant(clean, v.width, v.format) })),
    );
    await this.put(name, clean);
    for (const variant of variants) await this.put(variant.name, variant.bytes);
    return { kind: detected.kind, url: `${MEDIA_URL_PREFIX}${name}` };
  }

  private async put(name: string, source: string | Buffer): Promise<void> {
    this.stored.push(name);
    await this.mediaStore.put(name, source, contentTypeOf(name));
  }

  /** Moves stored media (and its variants) under /media/private/, where it is served only on a signed URL (a private circle's media). */
  async makePrivate(media: StoredMedia): Promise<StoredMedia> {
    const name = media.url.slice(MEDIA_URL_PREFIX.length);
    if (name.includes('/')) return media;
    for (const file of withVariants(name)) {
      // A video's renditions are named before they are made: only the files that stand move.
      if (file !== name && (await this.mediaStore.size(file)) === null) continue;
      this.stored.push(`private/${file}`);
      await this.mediaStore.move(file, `private/${file}`);
    }
    return { kind: media.kind, url: `${MEDIA_URL_PREFIX}private/${name}` };
  }

  async discard(): Promise<void> {
    await Promise.all(this.temporary.splice(0).map((file) => rm(file, { force: true })));
    await this.mediaStore.remove(this.stored.splice(0));
  }
}

/** A stored media file's path below the media directory: `<file>`, or `private/<file>` for a private circle's. */
const STORED_NAME = /^(?:private\/)?[\w-]+\.\w+$/;

/**
 * Removes stored media files (with their variants) named by their public URLs (`/media/<file>`, `/media/private/<file>`), e.g. a deleted
 * post's. Anything that is not one of our media URLs is ignored, and a file already gone is no error.
 */
export async function removeStoredMedia(store: MediaStore, urls: readonly string[]): Promise<void> {
  const names = urls
    .filter((url) => url.startsWith(MEDIA_URL_PREFIX))
    .map((url) => url.slice(MEDIA_URL_PREFIX.length).split('?')[0])
    .filter((name) => STORED_NAME.test(name));
  await store.remove(names.flatMap(withVariants));
}

export const REMOVE_MEDIA_JOB = 'remove-media';

/** Removes the stored files of something deleted; never fails the deletion itself. */
export type MediaRemoval = (urls: readonly string[]) => Promise<void>;

/**
 * A deleted post's, comment's or upload's files go at once when the media store answers. When it does not (an S3
 * outage), the deletion still stands and the removal becomes a `remove-media` job, retried with a growing delay
 * (30 s doubling, for about a day) until the store is back, so no file outlives what it belonged to for long.
 */
export function createMediaRemoval({
  jobs,
  mediaStore,
  log,
}: {
  jobs: JobQueue;
  mediaStore: MediaStore;
  log: { warn: (obj: object, msg: string) => void };
}): MediaRemoval {
  jobs.define<{ urls: string[] }>({
    name: REMOVE_MEDIA_JOB,
    run: ({ urls }) => removeStoredMedia(mediaStore, urls),
    retryLimit: 12,
    retryDelaySeconds: 30,
    retryBackoff: true,
  });
  return async (urls) => {
    if (urls.length === 0) return;
    try {
      await removeStoredMedia(mediaStore, urls);
    } catch (error) {
      log.warn({ err: error }, 'media store unavailable: the removal of deleted media is queued');
      await jobs.send(REMOVE_MEDIA_JOB, { urls: [...urls] });
    }
  };
}

/**
 * The stored media files named by media URLs (a row's images, videos, poster frames, a comment's media):
 * `<file>`, or `private/<file>` for a private circle's, relative to the media directory. Never used on written text
 * to decide what to delete: a path in a text may name anyone's file.
 */
export function mediaNamesIn(text: string): string[] {
  return [...text.matchAll(/\/media\/((?:private\/)?[A-Za-z0-9][A-Za-z0-9._-]*)/g)].map((match) => match[1]);
}

/** A stored image's bytes, or null when the store no longer holds it (or it is larger than `maxBytes`, when given). */
async function readStoredImage(store: MediaStore, url: string, maxBytes = Infinity): Promise<Buffer | null> {
  const [name] = mediaNamesIn(url);
  if (!name) return null;
  const stored = await store.read(name);
  if (!stored) return null;
  if (stored.size > maxBytes) {
    stored.body.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The QR codes in stored images, as text (the safety domain's reader): each image is read from the media store, a
 * private channel's too. An image the store no longer holds, or one without a code, adds nothing.
 */
export function createQrCodeReader(store: MediaStore) {
  return async (imageUrls: readonly string[]): Promise<string[]> => {
    const codes: string[] = [];
    for (const url of imageUrls) {
      const image = await readStoredImage(store, url);
      const code = image && (await readQrCode(image));
      if (code) codes.push(code);
    }
    return codes;
  };
}

/**
 * The words in stored images (the safety domain's OCR), one text per image that has any. An image larger than
 * `maxBytes` (OCR_MAX_IMAGE_MB) is skipped, and so is one whose reading passed the timeout (its worker was ended):
 * the item keeps the verdict its own words gave it. Any other failure (a worker that cannot start) is thrown, for the
 * job to be tried again.
 */
export function createImageTextIn(
  store: MediaStore,
  reader: ImageTextReader,
  { maxBytes, log }: { maxBytes: number; log: { warn: (obj: object, msg: string) => void } },
) {
  return async (imageUrls: readonly string[]): Promise<string[]> => {
    const texts: string[] = [];
    for (const url of imageUrls) {
      const image = await readStoredImage(store, url, maxBytes);
      if (!image) continue;
      try {
        const text = await reader.read(image);
        if (text) texts.push(text);
      } catch (error) {
        if (!(error instanceof ImageTextTimeoutError)) throw error;
        log.warn({ err: error, url }, 'image text not read in time: the image is skipped');
      }
    }
    return texts;
  };
}
