import { and, eq, isNull } from 'drizzle-orm';
import type { VideoRendition, VideoRenditions } from '../../../lib/api-types.ts';
import type { Db, Executor } from '../../db/client.ts';
import { comments, posts } from '../../db/schema/index.ts';
import type { JobQueue } from '../../platform/job-queue.ts';

/**
 * Posts' and comments' videos made playable on slow networks: an item with videos is written with each marked
 * `pending` and queues one job per video in the same transaction. The job makes its renditions
 * (media/video-renditions.ts); then the item points at the best one in place of the original (its `url` keeps playing:
 * a post's `videos`, poster and description move to it; a comment's `media_url`), lists them all, and the original
 * goes. A video that cannot be made so stays as it was, `failed`.
 */

export const VIDEO_TRANSCODE_JOB = 'transcode-video';

export type VideoItem = { kind: 'post' | 'comment'; id: number };
export type VideoTranscoding = (tx: Executor, item: VideoItem, videos: readonly string[]) => Promise<void>;

/** The renditions of every video an item is written with, all still to be made. */
export const pendingRenditions = (videos: readonly string[]): Record<string, VideoRenditions> =>
  Object.fromEntries(videos.map((url) => [url, { transcode: 'pending', renditions: [] }]));

/** A record keyed by URLs with one key renamed (a poster or a description moving to the best rendition). */
const renamed = <T>(record: Record<string, T>, from: string, to: string): Record<string, T> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key === from ? to : key, value]));

type Job = VideoItem & { url: string };

/** Where a video's making stands on its item, or null when the item (or the video on it) is gone. */
async function stateOf(db: Executor, { kind, id, url }: Job): Promise<VideoRenditions['transcode'] | null> {
  if (kind === 'post') {
    const [row] = await db.select({ renditions: posts.videoRenditions }).from(posts).where(eq(posts.id, id)).limit(1);
    return row?.renditions[url]?.transcode ?? null;
  }
  const [row] = await db
    .select({ renditions: comments.videoRenditions, url: comments.mediaUrl })
    .from(comments)
    .where(and(eq(comments.id, id), isNull(comments.deletedAt)))
    .limit(1);
  return row?.url === url ? (row.renditions?.transcode ?? null) : null;
}

/** Records the outcome on the item, only while the video is still pending there; whether it was recorded. */
async function record(db: Db, job: Job, outcome: VideoRenditions): Promise<boolean> {
  const { kind, id, url } = job;
  const best = outcome.transcode === 'ready' ? outcome.renditions[outcome.renditions.length - 1].url : url;
  return db.transaction(async (tx) => {
    if (kind === 'comment') {
      const updated = await tx
        .update(comments)
        .set({ mediaUrl: best, videoRenditions: outcome })
        .where(and(eq(comments.id, id), eq(comments.mediaUrl, url), isNull(comments.deletedAt)))
        .returning({ id: comments.id });
      return updated.length > 0;
    }
    const [row] = await tx
      .select({ videos: posts.videos, videoPosters: posts.videoPosters, mediaAlts: posts.mediaAlts, renditions: posts.videoRenditions })
      .from(posts)
      .where(eq(posts.id, id))
      .for('update');
    // The post went, or lost this video, meanwhile: the renditions are not wanted.
    if (!row || !row.videos.includes(url) || row.renditions[url]?.transcode !== 'pending') return false;
    const { [url]: _done, ...others } = row.renditions;
    await tx
      .update(posts)
      .set({
        videos: row.videos.map((each) => (each === url ? best : each)),
        videoPosters: renamed(row.videoPosters, url, best),
        mediaAlts: renamed(row.mediaAlts, url, best),
        videoRenditions: { ...others, [best]: outcome },
      })
      .where(eq(posts.id, id));
    return true;
  });
}

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
  async function transcode(job: Job): Promise<void> {
    if ((await stateOf(db, job)) !== 'pending') return;
    let renditions: VideoRendition[];
    try {
      renditions = await makeRenditions(job.url);
    } catch (error) {
      log.warn({ item: job.kind, id: job.id, err: error }, 'a video could not be transcoded; its original stays');
      await record(db, job, { transcode: 'failed', renditions: [] });
      return;
    }
    const moved = await record(db, job, { transcode: 'ready', renditions });
    // The original is kept only until its renditions stand in for it.
    await removeStored(moved ? [job.url] : renditions.map((rendition) => rendition.url));
  }

  jobs.define<Job>({
    name: VIDEO_TRANSCODE_JOB,
    run: transcode,
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 30 * 60,
  });
  return async (tx, item, videos) => {
    for (const url of videos) await jobs.sendWithin(tx, VIDEO_TRANSCODE_JOB, { ...item, url });
  };
}
