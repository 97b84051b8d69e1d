import { useEffect } from 'react';
import { requirementText } from '../../../stores/verification-gate.store.ts';
import { useStore } from '@nanostores/react';
import { $popular, channelHref, joinPopular, joinButtonState, loadPopularPage, type JoinButtonState } from './popular.store.ts';
import { useLang, useT, withLang } from '../../i18n/use-t.tsx';
import { formatNumber } from '../../../lib/i18n.ts';

const LABEL_KEY: Record<JoinButtonState, string> = {
  none: 'app.popular.join',
  joining: 'app.popular.joining',
  member: 'app.popular.joined',
  pending: 'app.popular.requested',
};

/** The Popular Channels panel (large screens): name, 'N members', Join / Joining... / Joined, Show More. */
function PopularChannels() {
  const t = useT();
  const lang = useLang();
  const { items, hasMore, loading, joining } = useStore($popular);

  useEffect(() => {
    if ($popular.get().items.length === 0) void loadPopularPage();
  }, []);

  return (
    <section aria-labelledby="popular-heading" className="rounded-xl border border-line bg-surface p-4">
      <h2 id="popular-heading" className="mb-3 text-base font-bold text-ink">
        {t('app.popular.title')}
      </h2>
      <ul className="flex flex-col gap-1">
        {items.map((circle) => {
          const state = joinButtonState(circle, joining);
          return (
            <li key={circle.id} className="flex items-center justify-between gap-2 rounded-lg px-2 py-2 hover:bg-canvas">
              <a href={channelHref(circle.name)} className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-ink">{circle.name}</span>
                <span className="block text-xs text-muted">
                  {t('app.popular.members', { count: circle.members_count, formatted: formatNumber(circle.members_count, lang) })}
                </span>
                {circle.requirement && <span className="block truncate text-xs text-muted">{requirementText(circle.requirement, t)}</span>}
              </a>
              <button
                type="button"
                disabled={state !== 'none'}
                onClick={() => void joinPopular(circle)}
                aria-label={t('app.popular.action', { label: t(LABEL_KEY[state]), name: circle.name })}
                className={
                  state === 'none'
                    ? 'shrink-0 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white hover:bg-brand-700'
                    : 'shrink-0 rounded-full border border-line px-3 py-1 text-xs font-semibold text-muted'
                }
              >
                {t(LABEL_KEY[state])}
              </button>
            </li>
          );
        })}
      </ul>
      {loading && <p className="px-2 py-2 text-sm text-muted">{t('app.popular.loading')}</p>}
      {hasMore && !loading && items.length > 0 && (
        <button
          type="button"
          onClick={() => void loadPopularPage()}
          className="mt-2 w-full rounded-lg px-2 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t('app.popular.showMore')}
        </button>
      )}
    </section>
  );
}

export default withLang(PopularChannels);
