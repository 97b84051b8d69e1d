import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $popular, channelHref, joinPopular, joinButtonState, loadPopularPage, type JoinButtonState } from './popular.store.ts';

const LABEL: Record<JoinButtonState, string> = { none: 'Join', joining: 'Joining...', member: 'Joined', pending: 'Requested' };

/** The Popular Channels panel (large screens): name, 'N members', Join / Joining... / Joined, Show More. */
export default function PopularChannels() {
  const { items, hasMore, loading, joining } = useStore($popular);

  useEffect(() => {
    if ($popular.get().items.length === 0) void loadPopularPage();
  }, []);

  return (
    <section aria-labelledby="popular-heading" className="rounded-xl border border-line bg-surface p-4">
      <h2 id="popular-heading" className="mb-3 text-base font-bold text-ink">Popular Channels</h2>
      <ul className="flex flex-col gap-1">
        {items.map((circle) => {
          const state = joinButtonState(circle, joining);
          return (
            <li key={circle.id} className="flex items-center justify-between gap-2 rounded-lg px-2 py-2 hover:bg-canvas">
              <a href={channelHref(circle.name)} className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-ink">{circle.name}</span>
                <span className="block text-xs text-muted">{circle.members_count} members</span>
              </a>
              <button
                type="button"
                disabled={state !== 'none'}
                onClick={() => void joinPopular(circle)}
                aria-label={`${LABEL[state]} ${circle.name}`}
                className={
                  state === 'none'
                    ? 'shrink-0 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white hover:bg-brand-700'
                    : 'shrink-0 rounded-full border border-line px-3 py-1 text-xs font-semibold text-muted'
                }
              >
                {LABEL[state]}
              </button>
            </li>
          );
        })}
      </ul>
      {loading && <p className="px-2 py-2 text-sm text-muted">Loading channels...</p>}
      {hasMore && !loading && items.length > 0 && (
        <button type="button" onClick={() => void loadPopularPage()} className="mt-2 w-full rounded-lg px-2 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
          Show More
        </button>
      )}
    </section>
  );
}
