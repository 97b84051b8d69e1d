import { useDeferredValue, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { PostCard } from '../common/post-card/PostCard.tsx';
import { FeedSortSelect } from '../common/post-card/FeedSortSelect.tsx';
import { FeedLanguagesSelect } from '../common/post-card/FeedLanguagesSelect.tsx';
import type { FeedPage, Post } from '../../../lib/api-types.ts';
import { $feed, loadFeedPage, reloadFeed, seededFeed, startFeed, type FeedSource } from './feed.store.ts';
import { useT, withLang } from '../../i18n/use-t.tsx';

const note = 'py-6 text-center text-sm text-muted';

/**
 * The feed (/home/posts): personal or public by the token check, paged by Show More. The server renders the first
 * page (`first`: the public feed for a visitor, the member's own for a member whose token it checked), so its posts and
 * first image arrive with the page; the store
 * takes it over once the page runs (never on the server, where the store is shared by every request).
 */
function Feed({ first = null, firstSource = 'public' }: { first?: FeedPage<Post> | null; firstSource?: FeedSource }) {
  const t = useT();
  const stored = useStore($feed);
  // A store update renders at once (useSyncExternalStore); a page of posts is a lot to render, so the list follows it
  // a moment later, in a render React splits and pauses for input instead of one long task.
  const { phase, items, loading, hasMore, error, source } = useDeferredValue(
    first && stored.phase === 'idle' ? seededFeed(first, firstSource) : stored,
  );

  useEffect(() => {
    if (first) $feed.set(seededFeed(first, firstSource));
    else void startFeed();
  }, [first, firstSource]);

  if (phase !== 'ready') {
    return (
      <p className={note} role="status">
        {t('feed.verifying')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {/* Order, then languages, each on its line: what the languages say once read never moves the posts below. */}
      <div className="flex flex-col items-start gap-2">
        <FeedSortSelect onChange={() => void reloadFeed()} />
        <FeedLanguagesSelect member={source === 'user'} onChange={() => void reloadFeed()} />
      </div>
      {items.map((post, index) => (
        <PostCard key={post.id} post={post} priority={index === 0} />
      ))}
      <div aria-live="polite">
        {loading && <p className={note}>{t('feed.loadingPosts')}</p>}
        {error && (
          <p className="rounded-lg bg-red-50 px-4 py-3 text-center text-sm text-red-800" role="alert">
            {error}
          </p>
        )}
        {!loading && !error && items.length === 0 && !hasMore && <p className={note}>{t('feed.empty')}</p>}
        {!loading && !error && items.length > 0 && !hasMore && <p className={note}>{t('feed.end')}</p>}
      </div>
      {!loading && hasMore && items.length > 0 && (
        <button
          type="button"
          onClick={() => void loadFeedPage()}
          className="mx-auto rounded-full border border-line bg-surface px-6 py-2 text-sm font-semibold text-ink hover:bg-brand-50"
        >
          {t('feed.showMore')}
        </button>
      )}
    </div>
  );
}

export default withLang(Feed);
