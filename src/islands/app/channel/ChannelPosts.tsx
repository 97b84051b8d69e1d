import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { PostCard } from '../common/post-card/PostCard.tsx';
import { FeedSortSelect } from '../common/post-card/FeedSortSelect.tsx';
import { FeedLanguagesSelect } from '../common/post-card/FeedLanguagesSelect.tsx';
import { $channel, $channelPosts, loadChannelPosts, reloadChannelPosts } from './channel.store.ts';
import { $channelTags, currentTagFilter, loadChannelTags, setTagFilterInAddress } from './tags.store.ts';
import { useT } from '../../i18n/use-t.tsx';

const note = 'py-6 text-center text-sm text-muted';

/** Only the posts of one of the channel's tags (`?tag=`), or all; nothing when the channel has no tags. */
function TagFilter() {
  const t = useT();
  const tags = useStore($channelTags);
  const channel = useStore($channel);
  const circleId = channel.status === 'ready' ? channel.circle.id : null;
  const [tag, setTag] = useState<number | null>(null);
  useEffect(() => setTag(currentTagFilter()), []);
  // The channel's tags, for this filter and the owner's tag editor (which reads the same store).
  useEffect(() => {
    if (circleId !== null) void loadChannelTags(circleId);
  }, [circleId]);
  if (tags.length === 0) return null;
  return (
    <div className="flex items-center gap-2 text-sm text-muted">
      <label htmlFor="tag-filter">{t('channelPage.tagFilter')}</label>
      <select
        id="tag-filter"
        value={tag ?? ''}
        onChange={(event) => {
          const next = event.target.value ? Number(event.target.value) : null;
          setTag(next);
          setTagFilterInAddress(next);
          void reloadChannelPosts();
        }}
        className="rounded border border-line bg-surface px-2 py-1 font-semibold text-ink"
      >
        <option value="">{t('channelPage.allTags')}</option>
        {tags.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The channel's own posts from the server, newest first unless `?sort=` says otherwise, paged with Show More. */
export default function ChannelPosts() {
  const t = useT();
  const { items, loading, hasMore, error, source } = useStore($channelPosts);
  // Just posted (?new=<id> from the create screen): the new post is scrolled to and marked, so it is never off-screen.
  const [fresh] = useState(() => Number(new URLSearchParams(typeof location === 'undefined' ? '' : location.search).get('new')) || null);
  const shown = fresh !== null && items.some((post) => post.id === fresh);
  useEffect(() => {
    if (shown) document.getElementById(`post-${fresh}`)?.scrollIntoView({ block: 'center' });
  }, [shown, fresh]);
  return (
    <section aria-label={t('channel.posts')} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <FeedSortSelect onChange={() => void reloadChannelPosts()} />
        <FeedLanguagesSelect member={source === 'user'} onChange={() => void reloadChannelPosts()} />
        <TagFilter />
      </div>
      {items.map((post) =>
        post.id === fresh ? (
          <div
            key={post.id}
            id={`post-${post.id}`}
            data-testid="new-post"
            className="rounded-xl ring-2 ring-brand-600 ring-offset-2 ring-offset-canvas"
          >
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
        <button
          type="button"
          onClick={() => void loadChannelPosts()}
          className="mx-auto rounded-full border border-line bg-surface px-6 py-2 text-sm font-semibold hover:bg-brand-50"
        >
          {t('feed.showMore')}
        </button>
      )}
    </section>
  );
}
