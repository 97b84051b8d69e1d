import { eq } from 'drizzle-orm';
import type { ScamVerdict } from '../../../lib/statuses.ts';
import type { NotificationCode } from '../../../lib/notification-messages.ts';
import type { Db, Executor } from '../../db/client.ts';
import { comments, posts, users } from '../../db/schema/index.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import type { Notify } from '../notifications/index.ts';
import { applyLaterVerdict, type ItemRef } from './later-verdict.ts';
import { rescreenWithRegistry } from '../safety/index.ts';

/**
 * The text in a post's or comment's images, screened in the background: reading an image's words takes a second or
 * more (OCR), too long for the request that uploads it. The write queues an `screen-image-text` job in its own
 * transaction and is published with the verdict its own words got; the job reads its images' words and scores them
 * with the item's text, as the shield reads a write. A verdict worse than the one the item has applies as a write's
 * would: `held` hides it from everyone but its author and staff and queues it for review, `warn` puts the banner on
 * it; its author is told either way. The words are kept on the item only then (`image_text`), as what the shield saw.
 * A verdict never gets milder here, and an item held, removed, deleted or changed meanwhile is left as it is.
 */

export const IMAGE_TEXT_JOB = 'screen-image-text';

export type { ItemRef };
/** Queues the screening of an item's images' text, inside the write's own transaction. */
export type ImageTextScreening = (tx: Executor, item: ItemRef) => Promise<void>;
/** Reads the words in stored images (the media domain's reader over the media store and the OCR): a text per image. */
export type ImageTextIn = (imageUrls: readonly string[]) => Promise<string[]>;

/** No reading of images' text (OCR_ENABLED=0): nothing is queued. */
export const noImageTextScreening: ImageTextScreening = async () => {};

const TOLD: Record<ItemRef['kind'], Record<'warn' | 'held', NotificationCode>> = {
  post: { held: 'postHeldForImage', warn: 'postWarnedForImage' },
  comment: { held: 'commentHeldForImage', warn: 'commentWarnedForImage' },
};

/** An item as the job reads it: what the shield reads, where it stands now, and who wrote it when. */
type ScreenedItem = {
  postId: number;
  commentId: number | null;
  title: string;
  html: string | null;
  images: string[];
  status: string;
  verdict: ScamVerdict;
  authorId: number;
  authorCreatedAt: Date;
};

async function loadItem(db: Db, ref: ItemRef): Promise<ScreenedItem | null> {
  if (ref.kind === 'post') {
    const [row] = await db
      .select({
        title: posts.title,
        html: posts.description,
        images: posts.images,
        status: posts.moderationStatus,
        verdict: posts.scamVerdict,
        authorId: posts.authorId,
        authorCreatedAt: users.createdAt,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(eq(posts.id, ref.id))
      .limit(1);
    return row ? { ...row, postId: ref.id, commentId: null } : null;
  }
  const [row] = await db
    .select({
      postId: comments.postId,
      title: comments.body,
      mediaKind: comments.mediaKind,
      mediaUrl: comments.mediaUrl,
      status: comments.moderationStatus,
      verdict: comments.scamVerdict,
      deletedAt: comments.deletedAt,
      authorId: comments.authorId,
      authorCreatedAt: users.createdAt,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.id, ref.id))
    .limit(1);
  if (!row || row.deletedAt) return null;
  const images = row.mediaKind === 'image' && row.mediaUrl ? [row.mediaUrl] : [];
  return { ...row, html: null, images, commentId: ref.id };
}

export function createImageTextScreening({
  db,
  jobs,
  imageTextIn,
  qrCodesIn,
  queueHeld,
  newAccountHours,
  notify,
}: {
  db: Db;
  jobs: JobQueue;
  notify: Notify;
  /** Null when images' text is not read (OCR_ENABLED=0). */
  imageTextIn: ImageTextIn | null;
  qrCodesIn: (imageUrls: readonly string[]) => Promise<string[]>;
  queueHeld: (ref: ItemRef) => Promise<void>;
  newAccountHours: number;
}): ImageTextScreening {
  if (!imageTextIn) return noImageTextScreening;

  /** Reads the item's images' words and applies the verdict they give it, when worse than its own; idempotent. */
  async function screenImageText(ref: ItemRef): Promise<void> {
    const item = await loadItem(db, ref);
    if (!item || item.status !== 'visible' || item.images.length === 0) return;
    const imageText = await imageTextIn!(item.images);
    if (imageText.length === 0) return;
    const screening = await rescreenWithRegistry(db, {
      text: item.title,
      html: item.html ?? undefined,
      qrCodes: await qrCodesIn(item.images),
      imageText,
      authorCreatedAt: item.authorCreatedAt,
      newAccountHours,
    });
    await applyLaterVerdict(
      { db, notify, queueHeld },
      { ref, item, screening, reason: 'image-text', told: TOLD[ref.kind], extra: { imageText: imageText.join('\n\n') } },
    );
  }

  jobs.define<ItemRef>({
    name: IMAGE_TEXT_JOB,
    run: screenImageText,
    // A worker that could not start is tried again soon: the verdict should apply within a minute of the upload.
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 10 * 60,
  });
  return async (tx, item) => void (await jobs.sendWithin(tx, IMAGE_TEXT_JOB, item));
}
