import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { Parser } from 'htmlparser2';
import type { LinkPreview } from '../../../lib/api-types.ts';
import type { ScamVerdict } from '../../../lib/statuses.ts';
import type { Db, Executor } from '../../db/client.ts';
import { posts, users } from '../../db/schema/index.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import { safeFetch, SafeFetchRefused, type SafeFetchOptions } from '../../platform/safe-fetch.ts';
import type { Notify } from '../notifications/index.ts';
import { applyLaterVerdict, type ItemRef } from './later-verdict.ts';
import { rescreenWithRegistry } from '../safety/index.ts';

/**
 * Link posts' previews. A post with a `link` is written with the link and `status: "pending"`, and queues this job
 * in the same transaction; the job fetches the page safely (platform/safe-fetch.ts: public addresses only, each
 * redirect checked, 1 MB and 5 s), reads its title, description and image from its Open Graph, Twitter and plain
 * HTML tags (never oEmbed: no second page is asked for), fetches the image the same way and stores it re-encoded
 * through the uploads' pipeline (metadata stripped, variants made), and sets the preview `ready`; a page that cannot
 * be fetched or read leaves `failed` (the link still shows). The scam shield then reads the page's title and
 * description with the post's own words and the link's final address: a worse verdict applies as at writing.
 */

export const LINK_PREVIEW_JOB = 'fetch-link-preview';
export const LINK_MAX_LENGTH = 2000;
const TITLE_MAX = 300;
const DESCRIPTION_MAX = 500;

/** Queues a post's preview inside its write's transaction. */
export type LinkPreviewQueue = (tx: Executor, postId: number) => Promise<void>;
export const noLinkPreviews: LinkPreviewQueue = async () => {};

/** A link as it is written: its preview still to come. */
export const pendingLink = (url: string): LinkPreview => ({ url, title: null, description: null, image: null, status: 'pending' });

/** Stores a fetched image as an upload is stored (re-encoded, metadata gone, variants made): its /media/ URL, or null. */
export type StorePreviewImage = (bytes: Buffer) => Promise<string | null>;

export type PageMeta = { title: string | null; description: string | null; image: string | null };

const clip = (text: string | null | undefined, max: number) => {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
};

/** A page's title, description and image address (absolute), from its head's meta tags, else its <title>. */
export function readPageMeta(html: string, pageUrl: string): PageMeta {
  const meta: Record<string, string> = {};
  let title = '';
  let inTitle = false;
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return;
        if (name === 'title') inTitle = true;
        if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? '').toLowerCase();
          if (key && attributes.content !== undefined && !(key in meta)) meta[key] = attributes.content;
        }
        if (name === 'body') done = true;
      },
      ontext(text) {
        if (inTitle && !done) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  const rawImage = meta['og:image:secure_url'] ?? meta['og:image'] ?? meta['og:image:url'] ?? meta['twitter:image'] ?? null;
  let image: string | null = null;
  if (rawImage) {
    try {
      const absolute = new URL(rawImage, pageUrl);
      if (absolute.protocol === 'http:' || absolute.protocol === 'https:') image = absolute.toString();
    } catch {
      image = null;
    }
  }
  return {
    title: clip(meta['og:title'] ?? meta['twitter:title'] ?? title, TITLE_MAX),
    description: clip(meta['og:description'] ?? meta['twitter:description'] ?? meta.description, DESCRIPTION_MAX),
    image,
  };
}

export function createLinkPreviews({
  db,
  jobs,
  storeImage,
  queueHeld,
  allowHosts,
  newAccountHours,
  log,
  notify,
}: {
  db: Db;
  jobs: JobQueue;
  notify: Notify;
  storeImage: StorePreviewImage;
  queueHeld: (ref: ItemRef) => Promise<void>;
  /** LINK_PREVIEW_ALLOW_HOSTS: "host:port" pairs fetched whatever they resolve to (tests' local servers). */
  allowHosts: readonly string[];
  newAccountHours: number;
  log: { warn: (fields: object, message: string) => void };
}): LinkPreviewQueue {
  const limits = { maxBytes: 1024 * 1024, timeoutMs: 5000, maxRedirects: 3, allowHosts } satisfies Partial<SafeFetchOptions>;

  async function setLink(postId: number, link: LinkPreview, url: string) {
    // Only the link it was read for: an edit meanwhile has the last word.
    await db
      .update(posts)
      .set({ link })
      .where(and(eq(posts.id, postId), sql`${posts.link}->>'url' = ${url}`));
  }

  async function fetchPreview({ postId }: { postId: number }): Promise<void> {
    const [post] = await db
      .select({
        link: posts.link,
        title: posts.title,
        html: posts.description,
        status: posts.moderationStatus,
        verdict: posts.scamVerdict,
        authorId: posts.authorId,
        authorCreatedAt: users.createdAt,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(eq(posts.id, postId))
      .limit(1);
    if (!post?.link || post.link.status !== 'pending') return;
    const url = post.link.url;
    let page: { url: string; meta: PageMeta };
    try {
      const fetched = await safeFetch(url, { ...limits, accept: ['text/html', 'application/xhtml+xml'] });
      page = { url: fetched.url, meta: readPageMeta(fetched.body.toString('utf8'), fetched.url) };
    } catch (error) {
      if (!(error instanceof SafeFetchRefused)) throw error;
      log.warn({ postId, reason: error.reason }, 'a link preview was not fetched');
      await setLink(postId, { ...post.link, status: 'failed' }, url);
      return;
    }
    let image: string | null = null;
    if (page.meta.image) {
      try {
        const fetched = await safeFetch(page.meta.image, { ...limits, accept: ['image/'] });
        image = await storeImage(fetched.body);
      } catch (error) {
        // A page whose image cannot be had still gets its title and description.
        log.warn(
          { postId, reason: error instanceof SafeFetchRefused ? error.reason : 'invalid-image' },
          "a link preview's image was not kept",
        );
      }
    }
    await setLink(postId, { url, title: page.meta.title, description: page.meta.description, image, status: 'ready' }, url);

    // The shield reads what the page says of itself with the post's own words, and where the link led.
    if (post.status !== 'visible') return;
    const screening = await rescreenWithRegistry(db, {
      text: [post.title, page.meta.title, page.meta.description].filter(Boolean).join('\n'),
      html: post.html,
      links: [url, page.url],
      authorCreatedAt: post.authorCreatedAt,
      newAccountHours,
    });
    await applyLaterVerdict(
      { db, notify, queueHeld },
      {
        ref: { kind: 'post', id: postId },
        item: { verdict: post.verdict as ScamVerdict, authorId: post.authorId, postId, commentId: null },
        screening,
        reason: 'linked-page',
        told: { held: 'postHeldForLink', warn: 'postWarnedForLink' },
      },
    );
  }

  jobs.define<{ postId: number }>({
    name: LINK_PREVIEW_JOB,
    run: fetchPreview,
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
  });
  return async (tx, postId) => void (await jobs.sendWithin(tx, LINK_PREVIEW_JOB, { postId }));
}

/** Bytes as a stream, for the uploads' pipeline (which reads a file as it arrives). */
export const bytesAsFile = (bytes: Buffer) => ({ stream: Readable.from([bytes]), filename: 'link-preview' });
