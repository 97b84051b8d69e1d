import type { Post } from '../../../lib/api-types.ts';
import { MAX_TILES, mediaOf, overflowLabel, postHref, type MediaItem } from './media.ts';
import { useT } from '../../i18n/use-t.tsx';

/**
 * 1 item: one wide tile; 2: side by side; 3 or more: a large tile and two small ones, the last small tile
 * linking to the post with '+N more' or 'View post'. Tiles have a fixed aspect ratio, so nothing shifts on load.
 */
export function MediaGrid({ post }: { post: Pick<Post, 'id' | 'title' | 'images' | 'videos'> }) {
  const t = useT();
  const items = mediaOf(post);
  if (items.length === 0) return null;
  const label = overflowLabel(items.length, t);

  if (items.length === 1) {
    return (
      <div className="overflow-hidden rounded-xl bg-canvas">
        <Tile item={items[0]} alt={t('post.image', { title: post.title, index: 1 })} className="aspect-video w-full" />
      </div>
    );
  }
  if (items.length === 2) {
    return (
      <div className="grid grid-cols-2 gap-1 overflow-hidden rounded-xl">
        {items.map((item, i) => (
          <Tile key={item.url} item={item} alt={t('post.image', { title: post.title, index: i + 1 })} className="aspect-square w-full" />
        ))}
      </div>
    );
  }
  const [first, second, third] = items.slice(0, MAX_TILES);
  return (
    <div className="grid aspect-[3/2] grid-cols-3 grid-rows-2 gap-1 overflow-hidden rounded-xl">
      <Tile item={first} alt={t('post.image', { title: post.title, index: 1 })} className="col-span-2 row-span-2 h-full w-full" />
      <Tile item={second} alt={t('post.image', { title: post.title, index: 2 })} className="h-full w-full" />
      <div className="relative h-full w-full">
        <Tile item={third} alt="" className="h-full w-full" inert />
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

function Tile({ item, alt, className, inert = false }: { item: MediaItem; alt: string; className: string; inert?: boolean }) {
  if (item.kind === 'video') {
    return (
      <video
        src={item.url}
        controls={!inert}
        preload="metadata"
        playsInline
        tabIndex={inert ? -1 : undefined}
        aria-hidden={inert || undefined}
        className={`${className} bg-black object-cover`}
      />
    );
  }
  return <img src={item.url} alt={alt} loading="lazy" decoding="async" width={600} height={400} className={`${className} bg-canvas object-cover`} />;
}
