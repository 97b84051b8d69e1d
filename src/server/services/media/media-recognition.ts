import { fileTypeFromBuffer } from 'file-type';

/**
 * What an uploaded file is, told by its content through `file-type` (never by its name or declared
 * type). The product takes PNG, JPEG, GIF and WebP images and MP4 video; QuickTime, 3GP, HEIF, AVIF,
 * SVG and everything else are refused. Credential documents may also be PDFs.
 */

export type MediaKind = 'image' | 'video';
export type MediaFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'mp4';
export type DetectedMedia = { kind: MediaKind; format: MediaFormat; extension: string };

/** Bytes read from the start of a file to recognise it: what `file-type` reads at most. */
export const SNIFF_BYTES = 4100;

/** file-type's extension → what the product calls it. `m4v` is MP4 video under an iTunes brand. */
const ACCEPTED: Record<string, DetectedMedia> = {
  png: { kind: 'image', format: 'png', extension: 'png' },
  jpg: { kind: 'image', format: 'jpeg', extension: 'jpg' },
  gif: { kind: 'image', format: 'gif', extension: 'gif' },
  webp: { kind: 'image', format: 'webp', extension: 'webp' },
  mp4: { kind: 'video', format: 'mp4', extension: 'mp4' },
  m4v: { kind: 'video', format: 'mp4', extension: 'mp4' },
};

/** The file-type extension of these bytes (`pdf`, `png`, `mov`, …), or null when unrecognised. */
export async function recognise(head: Uint8Array): Promise<string | null> {
  if (head.length === 0) return null;
  return (await fileTypeFromBuffer(head))?.ext ?? null;
}

/** The image or video these bytes start, or null for anything the product does not take. */
export async function detectMedia(head: Uint8Array): Promise<DetectedMedia | null> {
  const ext = await recognise(head);
  return ext && Object.hasOwn(ACCEPTED, ext) ? ACCEPTED[ext] : null;
}
