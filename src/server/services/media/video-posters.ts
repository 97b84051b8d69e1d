import { translator } from '../../../lib/i18n.ts';
import { fieldErrors } from '../../platform/errors.ts';
import type { StoredMedia } from './media-files.ts';

/**
 * Poster frames. The server has no video decoder, so the member's browser draws a frame of each picked video and
 * sends it as an image right after its video; it is re-encoded with its variants like any image, and recorded
 * against the video's URL (a post's `video_posters`, a comment's `media_poster`). A poster is optional: a video sent
 * without one is shown without one.
 */

const t = translator('en');
export const POSTER_NEEDS_VIDEO = t('api.posterNeedsVideo');
export const INVALID_POSTER = t('api.invalidPoster');

/** The multipart fields posters arrive in: a post's (any number, each after its video) and a comment's (one). */
export const POST_POSTER_FIELD = 'video_posters';
export const COMMENT_POSTER_FIELD = 'poster';

type ReceivedFile = { field: string; media: StoredMedia };

/**
 * Splits a request's files into its media and the posters of its videos: each file of `posterField` is the poster of
 * the video that came just before it. A poster after an image, after another poster, or first is the client's error.
 */
export function pairPosters(
  files: readonly ReceivedFile[],
  posterField: string,
): { media: ReceivedFile[]; posters: Record<string, string> } {
  const media: ReceivedFile[] = [];
  const posters: Record<string, string> = {};
  let video: string | null = null;
  for (const file of files) {
    if (file.field !== posterField) {
      media.push(file);
      video = file.media.kind === 'video' ? file.media.url : null;
      continue;
    }
    if (video === null || Object.hasOwn(posters, video)) throw fieldErrors({ [posterField]: [POSTER_NEEDS_VIDEO] });
    posters[video] = file.media.url;
  }
  return { media, posters };
}

/** The poster URLs of a post's poster map (video URL → poster URL). */
export const postersOf = (videoPosters: Record<string, string> | null | undefined): string[] => Object.values(videoPosters ?? {});
