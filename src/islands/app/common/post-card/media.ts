import type { Post, VideoRendition } from '../../../../lib/api-types.ts';
import type { ImageSources } from '../../../../lib/media-variants.ts';
import { translator, type Translate } from '../../../../lib/i18n.ts';

/**
 * One image or video; an image may come with its size and smaller variants (`image_sources`), a video with its poster
 * frame (`video_posters`).
 */
export type MediaItem = {
  kind: 'image' | 'video';
  url: string;
  sources?: ImageSources;
  poster?: ImageSources;
  alt?: string;
  /** A video's renditions for slow networks (the player picks one by the connection). */
  renditions?: VideoRendition[];
};

/** A post's images (with their sources when the server gave them) then videos, as one list for the grid. */
export const mediaOf = (
  post: Pick<Post, 'images' | 'videos' | 'image_sources' | 'video_posters'> & { media_items?: Post['media_items'] },
): MediaItem[] => [
  ...post.images.map((url, i) => {
    const sources = post.image_sources?.[i];
    // The description its author gave, when there is one: it is the image's alt text.
    const alt = post.media_items?.find((item) => item.url === url)?.alt ?? undefined;
    const item = sources ? { kind: 'image' as const, url, sources } : { kind: 'image' as const, url };
    return alt ? { ...item, alt } : item;
  }),
  ...post.videos.map((url, i) => {
    const poster = post.video_posters?.[i];
    const renditions = post.media_items?.find((item) => item.url === url)?.renditions ?? [];
    const item = poster ? { kind: 'video' as const, url, poster } : { kind: 'video' as const, url };
    return renditions.length ? { ...item, renditions } : item;
  }),
];

/** The grid shows at most 3 tiles (spec section 9); the last small tile says what lies beyond. */
export const MAX_TILES = 3;

/** '+N more' when there are more than 3 items, 'View post' when exactly 3, nothing below. */
export function overflowLabel(count: number, t: Translate = translator('en')): string | null {
  if (count > MAX_TILES) return t('post.more', { count: count - MAX_TILES });
  if (count === MAX_TILES) return t('post.viewPost');
  return null;
}

export const postHref = (id: number) => `/home/comments/${id}`;
export const channelHref = (name: string) => `/home/channel-page?key=${encodeURIComponent(name)}`;
