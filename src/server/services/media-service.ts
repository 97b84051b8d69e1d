import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { HttpError, detail, fieldErrors } from '../http-errors.ts';
import { nullCharacterErrors } from '../null-characters.ts';
import { bodyAsDictionary } from '../request-validation.ts';
import { scrubMp4Metadata } from './mp4-metadata.ts';

/**
 * Uploaded media: recognised by content (magic bytes), never by name or declared type; images are
 * re-encoded so no EXIF/GPS/ICC/XMP survives, MP4s have their metadata boxes blanked in place;
 * files get random names under DATA_DIR/media.
 */

export type MediaKind = 'image' | 'video';
export type MediaFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'mp4';
export type DetectedMedia = { kind: MediaKind; format: MediaFormat; extension: string };
export type StoredMedia = { kind: MediaKind; url: string };

export const INVALID_IMAGE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';
export const INVALID_VIDEO = 'Upload a valid MP4 video.';
export const INVALID_MEDIA = 'Please select an image or video file.';

export const MEDIA_URL_PREFIX = '/media/';
/** Bytes read from the start of a file to recognise it (an MP4 ftyp box lists its brands there). */
const SNIFF_BYTES = 256;

/** ftyp brands of MP4 files (ISO base media with MPEG-4 video); QuickTime, 3GP, HEIF and AVIF are refused. */
const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9',
  'mp41', 'mp42', 'mp71', 'avc1', 'M4V ', 'M4VH', 'M4VP', 'dash', 'mmp4', 'MSNV',
]);
const STILL_IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

const ascii = (bytes: Uint8Array, start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');

function isMp4(head: Uint8Array): boolean {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return false;
  const boxSize = Buffer.from(head.subarray(0, 4)).readUInt32BE(0);
  if (boxSize < 16) return false;
  const major = ascii(head, 8, 12);
  if (STILL_IMAGE_BRANDS.has(major)) return false;
  if (MP4_BRANDS.has(major)) return true;
  const end = Math.min(boxSize, head.length);
  for (let offset = 16; offset + 4 <= end; offset += 4) {
    if (MP4_BRANDS.has(ascii(head, offset, offset + 4))) return true;
  }
  return false;
}

/** Recognises PNG, JPEG, GIF, WebP and MP4 by their first bytes; anything else is null. */
export function detectMedia(head: Uint8Array): DetectedMedia | null {
  const startsWith = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  if (startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { kind: 'image', format: 'png', extension: 'png' };
  if (startsWith(0xff, 0xd8, 0xff)) return { kind: 'image', format: 'jpeg', extension: 'jpg' };
  if (head.length >= 6 && /^GIF8[79]a$/.test(ascii(head, 0, 6))) return { kind: 'image', format: 'gif', extension: 'gif' };
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') {
    return { kind: 'image', format: 'webp', extension: 'webp' };
  }
  if (isMp4(head)) return { kind: 'video', format: 'mp4', extension: 'mp4' };
  return null;
}

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

/**
 * Decodes and re-encodes an image in its own format. sharp writes no metadata unless asked, so EXIF
 * (GPS included), ICC and XMP are gone; the EXIF orientation is applied to the pixels first.
 */
export async function reencodeImage(input: string | Buffer, format: Exclude<MediaFormat, 'mp4'>): Promise<Buffer> {
  const options = { animated: format === 'gif' || format === 'webp', failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS } as const;
  const meta = await sharp(input, options).metadata().catch((error) => Promise.reject(decodeFailure(error)));
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

const MB = 1024 * 1024;
const readableSize = (bytes: number) => (bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`);

export const fileTooLarge = (maxBytes: number) => detail(413, `File too large. Each file may be at most ${readableSize(maxBytes)}.`);

/**
 * The files one request writes. Every file is streamed to disk, recognised, and (for images)
 * re-encoded; `discard()` deletes whatever was written, so a failed request leaves nothing behind.
 */
export class UploadBatch {
  /** Every path this batch created, temporary or kept; removing a missing one is harmless. */
  private readonly written: string[] = [];

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  /**
   * Streams one multipart file to disk and keeps it when it is an accepted kind (else InvalidMediaError).
   * An empty part without a file name is what a browser sends for an empty file input: null, nothing kept.
   */
  async store(part: MultipartFile, accept: readonly MediaKind[]): Promise<StoredMedia | null> {
    await mkdir(this.dir, { recursive: true });
    const incoming = path.join(this.dir, `.incoming-${randomUUID()}`);
    this.written.push(incoming);
    const sink = createWriteStream(incoming);
    await pipeline(part.file, sink);
    if (part.file.truncated) throw fileTooLarge(this.maxBytes);
    if (sink.bytesWritten === 0 && !part.filename) {
      await rm(incoming, { force: true });
      return null;
    }
    const detected = detectMedia(await readHead(incoming));
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

  async discard(): Promise<void> {
    await Promise.all(this.written.splice(0).map((file) => rm(file, { force: true })));
  }
}

/** How a multipart file field is read: which kinds it accepts, its error message, how many files at most. */
export type FileFieldRule = { accept: readonly MediaKind[]; invalid: string; max?: number };

export type MultipartForm = {
  fields: Record<string, string>;
  files: { field: string; media: StoredMedia }[];
  batch: UploadBatch;
};

const drain = (part: MultipartFile) =>
  pipeline(part.file, new Writable({ write: (_chunk, _encoding, done) => done() }));

/** busboy reports a malformed body (no boundary, cut-off data) as a plain Error: that is the client's 400. */
function asMultipartClientError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof HttpError || 'code' in error) return error;
  if (/multipart|boundary|part terminated|unexpected end/i.test(error.message)) {
    return detail(400, `Multipart form parse error - ${error.message}`);
  }
  return error;
}

/**
 * Reads a whole multipart request: text fields (the last value of a repeated field wins) and the files
 * of the fields in `rules`, stored as they arrive. Files of other fields and empty file inputs are skipped.
 * On any failure the files written so far are deleted before the error goes on.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  options: { mediaDir: string; maxBytes: number; rules: Record<string, FileFieldRule> },
): Promise<MultipartForm> {
  const batch = new UploadBatch(options.mediaDir, options.maxBytes);
  const fields: Record<string, string> = {};
  const files: MultipartForm['files'] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw detail(413, 'Request body is too large.');
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        const refused = nullCharacterErrors({ [part.fieldname]: value });
        if (refused) throw refused;
        fields[part.fieldname] = value;
        continue;
      }
      const rule = Object.hasOwn(options.rules, part.fieldname) ? options.rules[part.fieldname] : undefined;
      if (!rule) {
        await drain(part);
        if (part.file.truncated) throw fileTooLarge(options.maxBytes);
        continue;
      }
      const count = files.filter((f) => f.field === part.fieldname).length;
      if (rule.max !== undefined && count >= rule.max) {
        throw fieldErrors({ [part.fieldname]: [`Upload at most ${rule.max} file${rule.max === 1 ? '' : 's'}.`] });
      }
      try {
        const media = await batch.store(part, rule.accept);
        if (media) files.push({ field: part.fieldname, media });
      } catch (error) {
        if (error instanceof InvalidMediaError) throw fieldErrors({ [part.fieldname]: [error.userMessage ?? rule.invalid] });
        throw error;
      }
    }
  } catch (error) {
    await batch.discard();
    throw asMultipartClientError(error);
  }
  return { fields, files, batch };
}

/** The text fields of a multipart body on an endpoint that takes no files (files are drained and dropped, as DRF keeps them apart). */
export async function readMultipartFields(request: FastifyRequest, maxBytes: number): Promise<Record<string, string>> {
  const { fields } = await receiveMultipart(request, { mediaDir: '', maxBytes, rules: {} });
  return fields;
}

export type RequestForm = { fields: Record<string, unknown>; files: MultipartForm['files'] };

/**
 * Reads a body that is JSON (or a URL-encoded form) or multipart with files, runs `handle` with it, and
 * deletes the stored files when anything fails, so a failed request leaves no file and no row behind.
 */
export async function withRequestForm<T>(
  request: FastifyRequest,
  rules: Record<string, FileFieldRule>,
  handle: (form: RequestForm) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) return handle({ fields: bodyAsDictionary(request.body), files: [] });
  const { mediaDir, maxUploadBytes } = request.server.ctx.config;
  const form = await receiveMultipart(request, { mediaDir, maxBytes: maxUploadBytes, rules });
  try {
    return await handle(form);
  } catch (error) {
    await form.batch.discard();
    throw error;
  }
}

const DATA_IMAGE_SRC = /<img\b[^>]*?\ssrc="(data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2})"[^>]*>/gi;

/**
 * Images pasted into the editor arrive as base64 data URLs inside sanitised HTML; they are re-encoded
 * like uploads so their EXIF/GPS goes too. One that is not really an image of its stated type is removed.
 */
export async function stripEmbeddedImageMetadata(html: string): Promise<string> {
  const sources = new Set([...html.matchAll(DATA_IMAGE_SRC)].map((match) => match[1]));
  if (sources.size === 0) return html;
  const replacements = new Map<string, string | null>();
  for (const source of sources) {
    const bytes = Buffer.from(source.slice(source.indexOf(',') + 1), 'base64');
    const detected = detectMedia(bytes.subarray(0, SNIFF_BYTES));
    const stated = /^data:image\/(\w+);/i.exec(source)?.[1].toLowerCase();
    if (!detected || detected.format === 'mp4' || detected.format !== stated) {
      replacements.set(source, null);
      continue;
    }
    try {
      const clean = await reencodeImage(bytes, detected.format);
      replacements.set(source, `data:image/${detected.format};base64,${clean.toString('base64')}`);
    } catch (error) {
      if (!(error instanceof InvalidMediaError)) throw error;
      replacements.set(source, null);
    }
  }
  return html.replace(DATA_IMAGE_SRC, (tag, source: string) => {
    const clean = replacements.get(source);
    return clean ? tag.replace(source, clean) : '';
  });
}

/**
 * Removes stored media files named by their public URLs (`/media/<file>`), e.g. a deleted post's. Anything that is
 * not one of our media URLs is ignored, and a file already gone is no error.
 */
export async function removeStoredMedia(mediaDir: string, urls: readonly string[]): Promise<void> {
  const names = urls
    .filter((url) => url.startsWith(MEDIA_URL_PREFIX))
    .map((url) => url.slice(MEDIA_URL_PREFIX.length))
    .filter((name) => /^[\w-]+\.\w+$/.test(name));
  await Promise.all(names.map((name) => rm(path.join(mediaDir, name), { force: true })));
}

/** The stored media a post's HTML description points at (`src="/media/<file>"`). */
export function mediaUrlsIn(html: string): string[] {
  return [...html.matchAll(/src="(\/media\/[\w-]+\.\w+)"/g)].map((match) => match[1]);
}
