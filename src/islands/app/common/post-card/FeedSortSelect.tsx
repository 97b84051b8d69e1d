import { useEffect, useState } from 'react';
import type { FeedSort } from '../../../../lib/api-types.ts';
import { currentFeedSort, FEED_SORT_LABELS, setFeedSortInAddress } from '../../../../lib/browser/feed-sort.ts';
import { useT } from '../../../i18n/use-t.tsx';

/** The order of a feed or a channel's posts: New, Hot, Top of the day / week / all time; kept in the address. */
export function FeedSortSelect({ onChange }: { onChange: () => void }) {
  const t = useT();
  const [sort, setSort] = useState<FeedSort>('new');
  useEffect(() => setSort(currentFeedSort()), []);
  return (
    <div className="flex items-center gap-2 text-sm text-muted">
      <label htmlFor="feed-sort">{t('feed.sortBy')}</label>
      <select
        id="feed-sort"
        value={sort}
        onChange={(event) => {
          const next = event.target.value as FeedSort;
          setSort(next);
          setFeedSortInAddress(next);
          onChange();
        }}
        className="rounded border border-line bg-surface px-2 py-1 font-semibold text-ink"
      >
        {(Object.keys(FEED_SORT_LABELS) as FeedSort[]).map((value) => (
          <option key={value} value={value}>
            {t(`feed.sort.${value}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
