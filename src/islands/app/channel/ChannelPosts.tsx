import { useStore } from '@nanostores/react';
import { PostCard } from '../post-card/PostCard.tsx';
import { FeedSortSelect } from '../post-card/FeedSortSelect.tsx';
import { $channelPosts, loadChannelPosts, reloadChannelPosts } from './channel.store.ts';
import { useT } from '../../i18n/use-t.tsx';

const note = 'py-6 text-center text-sm text-muted';

/** The channel's own posts from the server, newest first unless `?sort=` says otherwise, paged with Show More. */
export default function ChannelPosts() {
  const t = useT();
  const { items, loading, hasMore, error } = useStore($channelPosts);
  return (
    <section aria-label={t('channel.posts')} className="flex flex-col gap-4">
      <FeedSortSelect onChange={() => void reloadChannelPosts()} />
      {items.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
      <div aria-live="polite">
        {loading && <p className={note}>{t('feed.loadingPosts')}</p>}
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-center text-sm text-red-800">
            {error}
          </p>
        )}
        {!loading && !error && items.length === 0 && !hasMore && <p className={note}>{t('feed.empty')}</p>}
      </div>
      {!loading && hasMore && items.length > 0 && (
        <button type="button" onClick={() => void loadChannelPosts()} className="mx-auto rounded-full border border-line bg-surface px-6 py-2 text-sm font-semibold hover:bg-brand-50">
          {t('feed.showMore')}
        </button>
      )}
    </section>
  );
}
