import { open, type FileHandle } from 'node:fs/promises';

/**
 * Phone videos carry the place they were shot (`©xyz` in `udta`, Apple's location key in `meta`) and
 * sometimes XMP. Re-muxing a 100 MB upload is heavy, so instead those boxes are blanked in place: the
 * type becomes `free` (players skip it) and the payload is zeroed, so no byte offset in the file moves.
 */

/** Boxes whose children may hold `udta`/`meta` (movie, tracks and their media). */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'edts']);
/** User data, iTunes/Apple metadata, and Adobe XMP (a `uuid` box with this id). */
const METADATA = new Set(['udta', 'meta']);
const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');
const ZEROS = Buffer.alloc(64 * 1024);
/**
 * Containers nest at most 4 deep in a real file (moov/trak/mdia/minf); a file nesting them deeper than
 * this is refused, so a crafted upload cannot make the scrub recurse without end.
 */
export const MAX_CONTAINER_DEPTH = 8;

type Box = { type: string; start: number; headerSize: number; end: number };

async function readBoxes(handle: FileHandle, from: number, to: number): Promise<Box[] | null> {
  const boxes: Box[] = [];
  const header = Buffer.alloc(16);
  for (let start = from; start < to;) {
    if (to - start < 8) return null;
    await handle.read(header, 0, 16, start);
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      if (to - start < 16) return null;
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = to - start;
    }
    if (size < headerSize || start + size > to) return null;
    boxes.push({ type: header.toString('latin1', 4, 8), start, headerSize, end: start + size });
    start += size;
  }
  return boxes;
}

async function isXmp(handle: FileHandle, box: Box): Promise<boolean> {
  if (box.type !== 'uuid' || box.end - box.start < box.headerSize + 16) return false;
  const id = Buffer.alloc(16);
  await handle.read(id, 0, 16, box.start + box.headerSize);
  return id.equals(XMP_UUID);
}

async function blank(handle: FileHandle, box: Box): Promise<void> {
  await handle.write(Buffer.from('free', 'latin1'), 0, 4, box.start + 4);
  for (let at = box.start + box.headerSize; at < box.end; at += ZEROS.length) {
    await handle.write(ZEROS, 0, Math.min(ZEROS.length, box.end - at), at);
  }
}

/** Blanks metadata boxes under `boxes`; returns how many it blanked, or null when the structure is broken or nests too deep. */
async function scrub(handle: FileHandle, boxes: Box[], depth = 0): Promise<number | null> {
  let blanked = 0;
  for (const box of boxes) {
    if (METADATA.has(box.type) || (await isXmp(handle, box))) {
      await blank(handle, box);
      blanked++;
    } else if (CONTAINERS.has(box.type)) {
      if (depth >= MAX_CONTAINER_DEPTH) return null;
      const children = await readBoxes(handle, box.start + box.headerSize, box.end);
      if (!children) return null;
      const inner = await scrub(handle, children, depth + 1);
      if (inner === null) return null;
      blanked += inner;
    }
  }
  return blanked;
}

/**
 * Removes location and other metadata from an MP4 file in place. Returns false when the file is not a
 * well-formed MP4 (its boxes do not add up, or there is no `moov`), so the caller can refuse it.
 */
export async function scrubMp4Metadata(file: string): Promise<boolean> {
  const handle = await open(file, 'r+');
  try {
    const { size } = await handle.stat();
    const top = await readBoxes(handle, 0, size);
    if (!top || top[0]?.type !== 'ftyp' || !top.some((box) => box.type === 'moov')) return false;
    return (await scrub(handle, top)) !== null;
  } finally {
    await handle.close();
  }
}
