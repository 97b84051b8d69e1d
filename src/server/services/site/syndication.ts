import type { Db } from '../../db/client.ts';
import { detail } from '../../platform/errors.ts';
import { MESSAGES as CIRCLE_MESSAGES, findCircle } from '../circles/index.ts';
import { listPosts } from '../posts/index.ts';
import { plainTextExcerpt } from '../search/index.ts';

/**
 * What the RSS feeds carry: the newest posts of the public feed, or of one public channel, as a visitor reads them
 * (never a private channel's posts, never a held or removed one). Feeds are read by programs that poll, so a feed is
 * one page of the `new` order's index, however long the channel.
 */

/** How many posts a feed carries. */
export const FEED_ENTRIES = 50;
/** How long a post's excerpt may be, in characters. */
export const FEED_EXCERPT_LENGTH = 300;

export type FeedEntry = { id: number; title: string; excerpt: string; createdAt: Date; circleName: string; author: string };
export type SyndicatedFeed = { circle: { id: number; name: string; description: string } | null; entries: FeedEntry[] };

/** The public feed's newest posts, or (with `circleId`) a public channel's; 404 'Channel not found.' for a private or unknown one. */
export async function syndicatedFeed(db: Db, options: { circleId?: number } = {}): Promise<SyndicatedFeed> {
  let circle: SyndicatedFeed['circle'] = null;
  if (options.circleId !== undefined) {
    const found = await findCircle(db, null, { id: options.circleId });
    if (!found || found.channel_type !== 'public') throw detail(404, CIRCLE_MESSAGES.notFound);
    circle = { id: found.id, name: found.name, description: found.description };
  }
  const source = await listPosts(db, { viewerId: null, publicOnly: true, sort: 'new', ...(circle ? { circle: circle.id } : {}) });
  const { rows } = await source.loadSlice({ offset: 0 }, FEED_ENTRIES);
  return {
    circle,
    entries: rows.map(({ item }) => ({
      id: item.id,
      title: item.title,
      excerpt: plainTextExcerpt(item.description, FEED_EXCERPT_LENGTH),
      createdAt: new Date(item.created_at),
      circleName: item.circle.name,
      author: item.posted_by,
    })),
  };
}

/** The RSS feeds' posts, built once per app: methods named as routes call them. */
export function createSyndicationService({ db }: { db: Db }) {
  return {
    /** The public feed's newest posts, or (with `circleId`) a public channel's. */
    feed: (options: { circleId?: number } = {}) => syndicatedFeed(db, options),
  };
}
