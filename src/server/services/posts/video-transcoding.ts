import { eq } from 'drizzle-orm';
import type { VideoRendition, VideoRenditions } from '../../../lib/api-types.ts';
import type { Db, Executor } from '../../db/client.ts';
import { posts } from '../../db/schema/index.ts';
import type { JobQueue } from '../../platform/job-queue.ts';

/**
 * A post's videos made playable on slow networks: a post with videos is written with each marked `pending` and queues
 * one job per video in the same transaction. The job makes its renditions (media/video-renditions.ts); then the post
 * points at the best one in place of the original (its `url` keeps playing: `videos`, the poster and the description
 * move to it), lists them all, and the original goes. A video that cannot be made so stays as it was, `failed`.
 */

export const VIDEO_TRANSCODE_JOB = 'transcode-video';

export type VideoTranscoding = (tx: Executor, postId: number, videos: readonly string[]) => Promise<void>;
export const noVideoTranscoding: VideoTranscoding = async () => {};

/** The renditions of every video a post is written with, all still to be made. */
export const pendingRenditions = (videos: readonly string[]): Record<string, VideoRenditions> =>
  Object.fromEntries(videos.map((url) => [url, { transcode: 'pending', renditions: [] }]));

/** A record keyed by URLs with one key renamed (a poster or a description moving to the best rendition). */
const renamed = <T>(record: Record<string, T>, from: string, to: string): Record<string, T> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key === from ? to : key, value]));

export function createVideoTranscoding({
  db,
  jobs,
  makeRenditions,
  removeStored,
  log,
}: {
  db: Db;
  jobs: JobQueue;
  /** Makes a stored video's renditions, smallest first (throws when it cannot). */
  makeRenditions: (url: string) => Promise<VideoRendition[]>;
  /** Removes stored files by their /media/ URLs, exactly those (not their renditions). */
  removeStored: (urls: readonly string[]) => Promise<void>;
  log: { warn: (fields: object, message: string) => void };
}): VideoTranscoding {
  async function transcode({ postId, url }: { postId: number; url: string }): Promise<void> {
    const [post] = await db.select({ videoRenditions: posts.videoRenditions }).from(posts).where(eq(posts.id, postId)).limit(1);
    if (post?.videoRenditions[url]?.transcode !== 'pending') return;
    let renditions: VideoRendition[];
    try {
      renditions = await makeRenditions(url);
    } catch (error) {
      log.warn({ postId, err: error }, 'a video could not be transcoded; its original stays');
      await db.transaction(async (tx) => {
        const [row] = await tx.select({ videoRenditions: posts.videoRenditions }).from(posts).where(eq(posts.id, postId)).for('update');
        if (row?.videoRenditions[url]?.transcode !== 'pending') return;
        await tx
          .update(posts)
          .set({ videoRenditions: { ...row.videoRenditions, [url]: { transcode: 'failed', renditions: [] } } })
          .where(eq(posts.id, postId));
      });
      return;
    }
    const best = renditions[renditions.length - 1].url;
    const moved = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          videos: posts.videos,
          videoPosters: posts.videoPosters,
          mediaAlts: posts.mediaAlts,
          videoRenditions: posts.videoRenditions,
        })
        .from(posts)
        .where(eq(posts.id, postId))
        .for('update');
      // The post went, or lost this video, meanwhile: the renditions are not wanted.
      if (!row || !row.videos.includes(url)) return false;
      const { [url]: _done, ...others } = row.videoRenditions;
      await tx
        .update(posts)
        .set({
          videos: row.videos.map((each) => (each === url ? best : each)),
          videoPosters: renamed(row.videoPosters, url, best),
          mediaAlts: renamed(row.mediaAlts, url, best),
          videoRenditions: { ...others, [best]: { transcode: 'ready', renditions } },
        })
        .where(eq(posts.id, postId));
      return true;
    });
    // The original is kept only until its renditions stand in for it.
    await removeStored(moved ? [url] : renditions.map((rendition) => rendition.url));
  }

  jobs.define<{ postId: number; url: string }>({
    name: VIDEO_TRANSCODE_JOB,
    run: transcode,
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 30 * 60,
  });
  return async (tx, postId, videos) => {
    for (const url of videos) await jobs.sendWithin(tx, VIDEO_TRANSCODE_JOB, { postId, url });
  };
}
