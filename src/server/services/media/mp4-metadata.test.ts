import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MP4_LOCATION, makeMp4, mp4Box } from '../../../../tests/helpers/fixtures.ts';
import { MAX_CONTAINER_DEPTH, scrubMp4Metadata } from './mp4-metadata.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'mp4-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const onDisk = (bytes: Buffer) => {
  const file = path.join(dir, `v${n++}.mp4`);
  writeFileSync(file, bytes);
  return file;
};

describe('scrubMp4Metadata', () => {
  it('blanks user data in place: same size, no location, media untouched', async () => {
    const original = makeMp4();
    const file = onDisk(original);
    expect(await scrubMp4Metadata(file)).toBe(true);
    const scrubbed = readFileSync(file);
    expect(scrubbed.length).toBe(original.length);
    expect(scrubbed.includes(Buffer.from(MP4_LOCATION))).toBe(false);
    expect(scrubbed.includes(Buffer.from('udta'))).toBe(false);
    expect(scrubbed.includes(Buffer.from('free'))).toBe(true);
    const mdat = original.indexOf(Buffer.from('mdat'));
    expect(scrubbed.subarray(mdat - 4).equals(original.subarray(mdat - 4))).toBe(true);
  });

  it('blanks metadata inside tracks, Apple meta boxes and XMP', async () => {
    const xmp = mp4Box('uuid', Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex'), Buffer.from('<x:xmpmeta>GPS</x:xmpmeta>'));
    const bytes = Buffer.concat([
      mp4Box('ftyp', Buffer.from('mp42'), Buffer.alloc(4)),
      mp4Box(
        'moov',
        mp4Box('meta', Buffer.from('com.apple.quicktime.location.ISO6709')),
        mp4Box('trak', mp4Box('udta', Buffer.from('track secret'))),
      ),
      xmp,
      mp4Box('mdat', Buffer.alloc(8)),
    ]);
    const file = onDisk(bytes);
    expect(await scrubMp4Metadata(file)).toBe(true);
    const text = readFileSync(file).toString('latin1');
    for (const secret of ['ISO6709', 'track secret', 'GPS']) expect(text).not.toContain(secret);
  });

  it('refuses files whose boxes do not add up, or that have no movie box', async () => {
    const ftyp = mp4Box('ftyp', Buffer.from('isom'), Buffer.alloc(4));
    const truncated = makeMp4().subarray(0, 60);
    expect(await scrubMp4Metadata(onDisk(truncated))).toBe(false);
    expect(await scrubMp4Metadata(onDisk(Buffer.concat([ftyp, mp4Box('mdat', Buffer.alloc(8))])))).toBe(false);
    const lying = Buffer.concat([ftyp, Buffer.from([0, 0, 0, 4]), Buffer.from('moov')]);
    expect(await scrubMp4Metadata(onDisk(lying))).toBe(false);
  });

  it('refuses a file whose containers nest deeper than the limit, and scrubs one nested just within it', async () => {
    const nested = (levels: number) => {
      let box = mp4Box('udta', Buffer.from('deep secret'));
      for (let i = 0; i < levels; i++) box = mp4Box(i === levels - 1 ? 'moov' : 'trak', box);
      return Buffer.concat([mp4Box('ftyp', Buffer.from('mp42'), Buffer.alloc(4)), box, mp4Box('mdat', Buffer.alloc(8))]);
    };
    const tooDeep = onDisk(nested(MAX_CONTAINER_DEPTH + 1));
    expect(await scrubMp4Metadata(tooDeep)).toBe(false);
    const withinLimit = onDisk(nested(MAX_CONTAINER_DEPTH));
    expect(await scrubMp4Metadata(withinLimit)).toBe(true);
    expect(readFileSync(withinLimit).toString('latin1')).not.toContain('deep secret');
  });
});
