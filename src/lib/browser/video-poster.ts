/**
 * Poster frames, drawn in the browser: the server has no video decoder, so the page that picks a video plays it
 * muted and unseen in a <video> element, seeks a moment in, draws that frame on a canvas and sends it as a JPEG right
 * after the video (see docs/api-contract.md, Video posters). Best effort: a frame that cannot be drawn (a codec this
 * browser lacks, a slow decode) is null, and the video goes without a poster; it never holds an upload back.
 */

/** Where the frame is drawn: at 1 s, or a tenth of the way in when that is sooner (a short clip's first second may be its end). */
export function posterTime(duration: number): number {
  return Number.isFinite(duration) && duration > 0 ? Math.min(1, duration / 10) : 0;
}

/** The frame is drawn no wider than the largest image variant; the server makes the smaller ones. */
export const POSTER_MAX_WIDTH = 1280;
/** How long a frame may take before the video goes without one. */
export const POSTER_TIMEOUT_MS = 4000;
const POSTER_TYPE = 'image/jpeg';
const POSTER_QUALITY = 0.82;

/** The frame's size: the video's, scaled down to POSTER_MAX_WIDTH. */
export function posterSize(videoWidth: number, videoHeight: number): { width: number; height: number } | null {
  if (!videoWidth || !videoHeight) return null;
  const scale = Math.min(1, POSTER_MAX_WIDTH / videoWidth);
  return { width: Math.max(1, Math.round(videoWidth * scale)), height: Math.max(1, Math.round(videoHeight * scale)) };
}

/** Draws one frame of a video file as a JPEG blob; null when it cannot within `timeoutMs`. Never throws. */
export function drawPosterFrame(file: Blob, timeoutMs = POSTER_TIMEOUT_MS): Promise<Blob | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    let settled = false;
    const finish = (blob: Blob | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(blob);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    const draw = () => {
      try {
        const size = posterSize(video.videoWidth, video.videoHeight);
        const canvas = document.createElement('canvas');
        const context = canvas.getContext('2d');
        if (!size || !context) return finish(null);
        canvas.width = size.width;
        canvas.height = size.height;
        context.drawImage(video, 0, 0, size.width, size.height);
        canvas.toBlob((blob) => finish(blob && blob.size > 0 ? blob : null), POSTER_TYPE, POSTER_QUALITY);
      } catch {
        finish(null);
      }
    };
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.addEventListener('error', () => finish(null), { once: true });
    video.addEventListener(
      'loadedmetadata',
      () => {
        video.addEventListener('seeked', draw, { once: true });
        video.currentTime = posterTime(video.duration);
      },
      { once: true },
    );
    video.src = url;
  });
}

const frames = new WeakMap<Blob, Promise<Blob | null>>();

/**
 * The poster frame of a picked video, drawn once per file: the picker starts it when the video is chosen, and the
 * form awaits the same promise when it sends.
 */
export function posterFrameOf(file: Blob): Promise<Blob | null> {
  let frame = frames.get(file);
  if (!frame) {
    frame = drawPosterFrame(file);
    frames.set(file, frame);
  }
  return frame;
}

/** The name a poster frame is sent under (the server keeps no file names). */
export const POSTER_FILE_NAME = 'poster.jpg';
