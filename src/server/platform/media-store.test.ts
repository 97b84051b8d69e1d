import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDependencyOutage } from '../http/dependency-errors.ts';
import { contentTypeOf, createLocalMediaStore, createS3MediaStore, MediaStoreUnavailable } from './media-store.ts';

let dir: string;
beforeAll(() => void (dir = mkdtempSync(path.join(os.tmpdir(), 'bsq-store-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the local media store', () => {
  it('puts, reads (whole or a range), sizes, moves and removes files; a missing one is null, not an error', async () => {
    const store = createLocalMediaStore(path.join(dir, 'media'));
    const source = path.join(dir, 'source.txt');
    writeFileSync(source, 'hello media');
    await store.put('a.txt', source, 'text/plain');
    await store.put('b.txt', Buffer.from('bytes'), 'text/plain');
    expect(await store.size('a.txt')).toBe(11);
    expect(await text((await store.read('a.txt'))!.body)).toBe('hello media');
    expect(await text((await store.read('a.txt', { start: 6, end: 10 }))!.body)).toBe('media');
    await store.move('a.txt', 'private/a.txt');
    expect(await store.size('a.txt')).toBeNull();
    expect(await store.read('a.txt')).toBeNull();
    expect(await store.size('private/a.txt')).toBe(11);
    await store.remove(['private/a.txt', 'b.txt', 'never-there.txt']);
    expect(await store.size('private/a.txt')).toBeNull();
    expect(await store.size('b.txt')).toBeNull();
  });

  it('never reaches outside its folder', async () => {
    const store = createLocalMediaStore(path.join(dir, 'media'));
    await expect(store.size('../source.txt')).rejects.toThrow('not a stored media name');
    await expect(store.size('/etc/passwd')).rejects.toThrow('not a stored media name');
  });
});

describe('the S3 media store', () => {
  let failing: Server;
  let port: number;
  beforeAll(async () => {
    // An S3 endpoint that fails every call, as a bucket does in an outage.
    failing = createServer((_request, response) =>
      response.writeHead(503, { 'content-type': 'application/xml' }).end('<Error><Code>SlowDown</Code></Error>'),
    );
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    port = (failing.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => failing.close(() => resolve())));

  it('turns a failing store into MediaStoreUnavailable, which the API answers 503 with Retry-After', async () => {
    const store = createS3MediaStore({
      kind: 's3',
      bucket: 'media-bucket',
      prefix: 'p',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    });
    const error = await store.read('x.png').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaStoreUnavailable);
    expect(isDependencyOutage(error)).toBe(true);
    await expect(store.put('x.png', Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(MediaStoreUnavailable);
    await expect(store.remove(['x.png'])).rejects.toBeInstanceOf(MediaStoreUnavailable);
    store.client.destroy();
  }, 30_000);
});

it('serves each stored kind with its type', () => {
  expect(['a.png', 'a.jpg', 'a.gif', 'a.webp', 'a.avif', 'a.mp4', 'a.exe'].map(contentTypeOf)).toEqual([
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp',
    'image/avif',
    'video/mp4',
    'application/octet-stream',
  ]);
});
