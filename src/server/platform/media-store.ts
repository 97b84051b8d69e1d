import { createReadStream, mkdirSync } from 'node:fs';
import { chmod, copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

/**
 * Where uploaded media live: the local media directory (one machine), or an S3-compatible bucket shared by every
 * instance (MEDIA_STORE=s3://bucket/prefix). Files are named by path below the store's root: `<file>`, or
 * `private/<file>` for a private circle's. Names are random and never reused, so a stored file never changes.
 */

/** A byte range, both ends included (as in an HTTP Range header). */
export type ByteRange = { start: number; end: number };

export type StoredObject = { body: Readable; size: number };

export interface MediaStore {
  /** Stores a local file (its path) or bytes under `name` (replacing nothing: names are new). */
  put(name: string, source: string | Buffer, contentType: string): Promise<void>;
  /** The file's bytes (or a range of them), or null when there is no such file. */
  read(name: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The file's size in bytes, or null when there is no such file. */
  size(name: string): Promise<number | null>;
  /** Moves a file to a new name (a post's media to `private/`). */
  move(from: string, to: string): Promise<void>;
  /** Removes files; a file already gone is no error. */
  remove(names: readonly string[]): Promise<void>;
}

/** The store could not be reached or refused to work: the request is answered 503 with Retry-After. */
export class MediaStoreUnavailable extends Error {
  readonly code = 'EMEDIASTORE';
  constructor(operation: string, cause: unknown) {
    super(`media store unavailable (${operation})`, { cause });
  }
}

/** The media store as configured: the local media directory, or an S3-compatible bucket. */
export type MediaStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Key prefix inside the bucket, without slashes at its ends; '' for the bucket's root. */
      prefix: string;
      region: string;
      endpoint?: string;
      forcePathStyle: boolean;
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

/** A file below the root: never absolute, never climbing out. Names come from our own rows; this is a second fence. */
function safeName(name: string): string {
  const normal = path.posix.normalize(name);
  if (normal.startsWith('/') || normal.startsWith('..') || normal.includes('/../') || normal.includes('\0')) {
    throw new Error('not a stored media name');
  }
  return normal;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function createLocalMediaStore(dir: string): MediaStore {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const at = (name: string) => path.join(dir, safeName(name));
  return {
    async put(name, source) {
      const target = at(name);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      if (typeof source === 'string') {
        await copyFile(source, target);
        // A copy keeps its source's mode: a stored file is the server's alone.
        await chmod(target, 0o600);
      } else {
        await writeFile(target, source, { mode: 0o600 });
      }
    },
    async read(name, range) {
      const file = at(name);
      try {
        const { size } = await stat(file);
        // Opened before it is answered, so a file removed in between is a 404 and not a broken stream.
        const body = createReadStream(file, range ?? {});
        await new Promise<void>((resolve, reject) => body.once('open', () => resolve()).once('error', reject));
        return { body, size };
      } catch (error) {
        if (missing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
    },
    async size(name) {
      try {
        const info = await stat(at(name));
        return info.isFile() ? info.size : null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async move(from, to) {
      const target = at(to);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await rename(at(from), target);
    },
    async remove(names) {
      await Promise.all(names.map((name) => rm(at(name), { force: true })));
    },
  };
}

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata?.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

export function createS3MediaStore(options: Extract<MediaStoreConfig, { kind: 's3' }>): MediaStore & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // One retry, not three with back-off: an outage answers 503 within seconds instead of holding the request.
    maxAttempts: 2,
    // Checksums only where S3 requires them: S3-compatible servers do not all take the newer trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 3000, requestTimeout: 60_000 },
  });
  const Bucket = options.bucket;
  const key = (name: string) => (options.prefix ? `${options.prefix}/${safeName(name)}` : safeName(name));
  /** Runs one call; anything but "no such file" becomes MediaStoreUnavailable. */
  async function call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (notFound(error)) throw error;
      throw new MediaStoreUnavailable(operation, error);
    }
  }
  return {
    client,
    async put(name, source, contentType) {
      const size = typeof source === 'string' ? (await stat(source)).size : source.length;
      await call('put', () =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: key(name),
            Body: typeof source === 'string' ? createReadStream(source) : source,
            ContentLength: size,
            ContentType: contentType,
          }),
        ),
      );
    },
    async read(name, range) {
      try {
        const answer = await call('read', () =>
          client.send(new GetObjectCommand({ Bucket, Key: key(name), Range: range ? `bytes=${range.start}-${range.end}` : undefined })),
        );
        // "bytes 0-99/1234": the whole file's size; without a range, the length is the size.
        const total = answer.ContentRange ? Number(answer.ContentRange.split('/')[1]) : answer.ContentLength;
        return { body: answer.Body as Readable, size: total ?? 0 };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async size(name) {
      try {
        const head = await call('size', () => client.send(new HeadObjectCommand({ Bucket, Key: key(name) })));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async move(from, to) {
      await call('move', () =>
        client.send(
          new CopyObjectCommand({
            Bucket,
            Key: key(to),
            CopySource: `${Bucket}/${key(from).split('/').map(encodeURIComponent).join('/')}`,
          }),
        ),
      );
      await call('move', () => client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: key(from) }], Quiet: true } })));
    },
    async remove(names) {
      // DeleteObjects takes at most 1000 keys; a missing key is no error in S3.
      for (let i = 0; i < names.length; i += 1000) {
        const Objects = names.slice(i, i + 1000).map((name) => ({ Key: key(name) }));
        await call('remove', () => client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } })));
      }
    },
  };
}

export function createMediaStore(config: MediaStoreConfig, mediaDir: string): MediaStore {
  return config.kind === 's3' ? createS3MediaStore(config) : createLocalMediaStore(mediaDir);
}

/** The Content-Type a stored file is served with, by its extension (the extension was set from its recognised content). */
export const MEDIA_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
};

export const contentTypeOf = (name: string) => MEDIA_TYPES[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';
