/**
 * What a 30-second video costs a reader at each rendition: a 30-second 720p clip with camera-like noise and sound
 * (made by the same ffmpeg), transcoded as an upload is (src/server/services/media/video-renditions.ts); prints each
 * rendition's bytes, its bitrate and its share of the original, and the time taken. `npm run bench:video`.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { createMediaStore } from '../src/server/platform/media-store.ts';
import { makeRenditions } from '../src/server/services/media/video-renditions.ts';

const SECONDS = 30;
const dir = mkdtempSync(path.join(os.tmpdir(), 'bsq-bench-video-'));
try {
  const original = path.join(dir, 'clip.mp4');
  // prettier-ignore
  execFileSync(ffmpeg.path, [
    '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30,noise=alls=3:allf=t',
    '-f', 'lavfi', '-i', 'sine=frequency=300', '-t', String(SECONDS), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23',
    '-c:a', 'aac', '-b:a', '128k', '-shortest', original,
  ]);
  const media = path.join(dir, 'media');
  const store = createMediaStore({ kind: 'local' }, media);
  copyFileSync(original, path.join(dir, 'upload.mp4'));
  await store.put('upload.mp4', path.join(dir, 'upload.mp4'), 'video/mp4');
  const originalBytes = statSync(original).size;
  const started = Date.now();
  const renditions = await makeRenditions(store, path.join(dir, 'work'), '/media/upload.mp4', {
    timeoutMs: 600_000,
    maxBytes: 100 * 1024 * 1024,
  });
  const kbps = (bytes: number) => Math.round((bytes * 8) / SECONDS / 1000);
  console.log(`original 720p: ${originalBytes} B, ${kbps(originalBytes)} kbit/s`);
  for (const rendition of renditions)
    console.log(
      `${rendition.height}p: ${rendition.bytes} B, ${kbps(rendition.bytes)} kbit/s, ${(rendition.bytes / originalBytes).toFixed(2)}× the original`,
    );
  console.log(`transcoded in ${((Date.now() - started) / 1000).toFixed(1)} s on ${os.cpus().length} cores`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
