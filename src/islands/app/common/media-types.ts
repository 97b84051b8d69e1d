/**
 * The media the server takes (it checks each file's content, not its name): PNG, JPEG, GIF and WebP images and
 * MP4 videos. Pickers offer only these and refuse the rest at once, so an SVG, a HEIC photo or a MOV clip gets
 * the spec's "not an image or video" answer instead of a failed upload.
 */
export const UPLOAD_TYPES = {
  image: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  video: ['video/mp4'],
} as const;

/** For <input type="file" accept>. */
export const UPLOAD_ACCEPT = [...UPLOAD_TYPES.image, ...UPLOAD_TYPES.video, '.png', '.jpg', '.jpeg', '.gif', '.webp', '.mp4'].join(',');

const BY_EXTENSION: Record<string, 'image' | 'video'> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  mp4: 'video',
};

/** 'image' or 'video' for a file the server takes, else null. Some pickers give no MIME type: the extension decides then. */
export function uploadKindOf(file: Pick<File, 'type' | 'name'>): 'image' | 'video' | null {
  const type = file.type.toLowerCase();
  if ((UPLOAD_TYPES.image as readonly string[]).includes(type)) return 'image';
  if ((UPLOAD_TYPES.video as readonly string[]).includes(type)) return 'video';
  if (type !== '') return null;
  return BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}
