import { useEffect, useState } from 'react';
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
  // Just posted (?new=<id> from the create screen): the new post is scrolled to and marked, so it is never off-screen.
  const [fresh] = useState(() => Number(new URLSearchParams(typeof location === 'undefined' ? '' : location.search).get('new')) || null);
  const shown = fresh !== null && items.some((post) => post.id === fresh);
  useEffect(() => {
    if (shown) document.getElementById(`post-${fresh}`)?.scrollIntoView({ block: 'center' });
  }, [shown, fresh]);
  return (
    <section aria-label={t('channel.posts')} className="flex flex-col gap-4">
      <FeedSortSelect onChange={() => void reloadChannelPosts()} />
      {items.map((post) =>
        post.id === fresh ? (
          <div key={post.id} id={`post-${post.id}`} data-testid="new-post" className="rounded-xl ring-2 ring-brand-600 ring-offset-2 ring-offset-canvas">
            <PostCard post={post} />
          </div>
        ) : (
          <PostCard key={post.id} post={post} />
        ),
      )}
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
