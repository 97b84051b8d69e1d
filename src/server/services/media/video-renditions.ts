import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { VideoRendition } from '../../../lib/api-types.ts';
import { RENDITION_HEIGHTS, renditionName } from '../../../lib/media-variants.ts';
import type { MediaStore } from '../../platform/media-store.ts';
import { MEDIA_URL_PREFIX } from './media-files.ts';

/**
 * Video for slow networks: a stored video is transcoded with ffmpeg (the binary comes from npm:
 * @ffmpeg-installer/ffmpeg) to H.264/AAC MP4 at 240p, 360p and 720p, never above its own height (a smaller video gets
 * one rendition at its own), each with its index at the front (faststart) so it starts playing before it has all
 * arrived, its metadata (a phone's location among it) left behind, bounded in time and in size.
 */

/** Bitrate caps by height: 240p fits a 2G/3G connection's ~400 kbit/s. */
const VIDEO_KBPS: Record<number, number> = { 240: 300, 360: 600, 720: 1800 };
const AUDIO_KBPS: Record<number, number> = { 240: 48, 360: 64, 720: 128 };

export type TranscodeLimits = { timeoutMs: number; maxBytes: number };

function run(args: string[], timeoutMs: number): Promise<{ stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(ffmpeg.path, args, { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, killSignal: 'SIGKILL' }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`ffmpeg failed: ${stderr.slice(-500)}`, { cause: error }));
      else resolve({ stderr });
    });
  });
}

/** A video's displayed height (its rotation applied), read from ffmpeg's description of it; null when it has no video stream. */
export function displayedHeight(description: string): number | null {
  const stream = /Stream #\d+:\d+[^\n]*Video:[^\n]*?,\s(\d{2,5})x(\d{2,5})[\s,[]/.exec(description);
  if (!stream) return null;
  const [width, height] = [Number(stream[1]), Number(stream[2])];
  const rotated = /rotate\s*:\s*-?(90|270)\b/.test(description) || /rotation of -?(90|270)/.test(description);
  return rotated ? width : height;
}

/** The heights a video of `height` is made in: the standard ones up to its own, or its own alone when it is smaller. */
export function renditionHeights(height: number): number[] {
  const fitting = RENDITION_HEIGHTS.filter((each) => each <= height);
  return fitting.length ? [...fitting] : [Math.max(2, height - (height % 2))];
}

async function describe(file: string): Promise<string> {
  // `ffmpeg -i file` describes the file and exits with an error for want of an output: its description is what we read.
  return new Promise((resolve) => {
    execFile(ffmpeg.path, ['-hide_banner', '-i', file], { timeout: 30_000 }, (_error, _stdout, stderr) => resolve(stderr));
  });
}

/**
 * Makes a stored video's renditions beside it in the store (`<id>-<height>p.mp4`, private where it is private); the
 * renditions, smallest first. Throws when the video cannot be read or a rendition cannot be made in time or in size;
 * whatever it stored by then is removed.
 */
export async function makeRenditions(store: MediaStore, workDir: string, url: string, limits: TranscodeLimits): Promise<VideoRendition[]> {
  const name = url.slice(MEDIA_URL_PREFIX.length).split('?')[0];
  const original = await store.read(name);
  if (!original) throw new Error(`no such video: ${name}`);
  await mkdir(workDir, { recursive: true });
  const input = path.join(workDir, `.transcode-${randomUUID()}.mp4`);
  const outputs: string[] = [];
  const stored: string[] = [];
  const deadline = Date.now() + limits.timeoutMs;
  try {
    await pipeline(original.body, createWriteStream(input));
    const height = displayedHeight(await describe(input));
    if (height === null) throw new Error('no video stream');
    const renditions: VideoRendition[] = [];
    for (const target of renditionHeights(height)) {
      const output = path.join(workDir, `.transcode-${randomUUID()}-${target}p.mp4`);
      outputs.push(output);
      const kbps = VIDEO_KBPS[target] ?? VIDEO_KBPS[240];
      // prettier-ignore
      await run([
        '-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', input,
        '-map', '0:v:0', '-map', '0:a:0?', '-map_metadata', '-1', '-map_chapters', '-1',
        '-vf', `scale=-2:${target}`, '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
        '-crf', '28', '-maxrate', `${kbps}k`, '-bufsize', `${kbps * 2}k`,
        '-c:a', 'aac', '-b:a', `${AUDIO_KBPS[target] ?? 48}k`, '-ac', '2',
        '-movflags', '+faststart', '-fs', String(limits.maxBytes), output,
      ], Math.max(1000, deadline - Date.now()));
      const bytes = (await stat(output)).size;
      const renditionFile = renditionName(name, target);
      await store.put(renditionFile, output, 'video/mp4');
      stored.push(renditionFile);
      renditions.push({ height: target, url: `${MEDIA_URL_PREFIX}${renditionFile}`, bytes });
    }
    return renditions;
  } catch (error) {
    await store.remove(stored);
    throw error;
  } finally {
    await Promise.all([input, ...outputs].map((file) => rm(file, { force: true })));
  }
}
