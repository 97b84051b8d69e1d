import type { Post } from '../../../../lib/api-types.ts';
import { MAX_TILES, mediaOf, overflowLabel, postHref, type MediaItem } from './media.ts';
import { PostImage, PostVideo } from './PostMedia.tsx';

/**
/**
 * How wide tiles are drawn: a card is the column's width (at most about 42rem); on a phone the screen's width less
 * the page's and the card's padding (3.5rem), so a 412 px phone at DPR 1.75 takes the 640 px variant, not 1280.
 * `sizes` for an image's srcset; `width` (CSS pixels at most) picks a video poster's one URL.
 */
const SIZES = {
  whole: { sizes: '(max-width: 720px) calc(100vw - 3.5rem), 672px', width: 672 },
  half: { sizes: '(max-width: 720px) calc(50vw - 2rem), 336px', width: 336 },
  large: { sizes: '(max-width: 720px) calc(67vw - 2.5rem), 448px', width: 448 },
  small: { sizes: '(max-width: 720px) calc(33vw - 1.25rem), 224px', width: 224 },
};
import { useT } from '../../../i18n/use-t.tsx';

/**
 * 1 item: one wide tile; 2: side by side; 3 or more: a large tile and two small ones, the last small tile
 * linking to the post with '+N more' or 'View post'. Tiles have a fixed aspect ratio, so nothing shifts on load.
 */
export function MediaGrid({
  post,
  priority = false,
}: {
  post: Pick<Post, 'id' | 'title' | 'images' | 'videos' | 'image_sources' | 'video_posters'> & { media_items?: Post['media_items'] };
  priority?: boolean;
}) {
  const t = useT();
  const items = mediaOf(post);
  if (items.length === 0) return null;
  const label = overflowLabel(items.length, t);

  if (items.length === 1) {
    return (
      <div className="overflow-hidden rounded-xl bg-canvas">
        <Tile
          item={items[0]}
          alt={items[0].alt ?? t('post.image', { title: post.title, index: 1 })}
          className="aspect-video w-full"
          sizes={SIZES.whole}
          priority={priority}
        />
      </div>
    );
  }
  if (items.length === 2) {
    return (
      <div className="grid grid-cols-2 gap-1 overflow-hidden rounded-xl">
        {items.map((item, i) => (
          <Tile
            key={item.url}
            item={item}
            alt={item.alt ?? t('post.image', { title: post.title, index: i + 1 })}
            className="aspect-square w-full"
            sizes={SIZES.half}
            priority={priority && i === 0}
          />
        ))}
      </div>
    );
  }
  const [first, second, third] = items.slice(0, MAX_TILES);
  return (
    <div className="grid aspect-[3/2] grid-cols-3 grid-rows-2 gap-1 overflow-hidden rounded-xl">
      <Tile
        item={first}
        alt={first.alt ?? t('post.image', { title: post.title, index: 1 })}
        className="col-span-2 row-span-2 h-full w-full"
        sizes={SIZES.large}
        priority={priority}
      />
      <Tile
        item={second}
        alt={second.alt ?? t('post.image', { title: post.title, index: 2 })}
        className="h-full w-full"
        sizes={SIZES.small}
      />
      <div className="relative h-full w-full">
        <Tile item={third} alt="" className="h-full w-full" sizes={SIZES.small} inert />
        <a
          href={postHref(post.id)}
          aria-label={t('post.openPost', { label, title: post.title })}
          className="absolute inset-0 flex items-center justify-center bg-black/55 text-base font-semibold text-white hover:bg-black/65"
        >
          {label}
        </a>
      </div>
    </div>
  );
}

function Tile({
  item,
  alt,
  className,
  sizes,
  inert = false,
  priority = false,
}: {
  item: MediaItem;
  alt: string;
  className: string;
  sizes: (typeof SIZES)[keyof typeof SIZES];
  inert?: boolean;
  priority?: boolean;
}) {
  if (item.kind === 'video') {
    return (
      <PostVideo
        url={item.url}
        renditions={item.renditions}
        poster={item.poster}
        posterWidth={sizes.width}
        label={alt || 'Video'}
        inert={inert}
        className={`${className} bg-black object-cover`}
      />
    );
  }
  return (
    <PostImage
      url={item.url}
      sources={item.sources}
      alt={alt}
      sizes={sizes.sizes}
      inert={inert}
      priority={priority}
      className={`${className} bg-canvas object-cover`}
    />
  );
}
