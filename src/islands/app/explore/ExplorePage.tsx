import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { requirementText } from '../../../stores/verification-gate.store.ts';
import { joinButtonState, type JoinButtonState } from '../shell/popular.store.ts';
import { channelHref } from '../common/post-card/media.ts';
import {
  $explore,
  joinFromList,
  loadMoreChannels,
  REQUIREMENTS,
  setFilters,
  type ExploreSort,
  type RequirementChoice,
} from './explore.store.ts';
import { useLang, useT, withLang } from '../../i18n/use-t.tsx';
import { formatNumber } from '../../../lib/i18n.ts';

const JOIN_LABEL: Record<JoinButtonState, string> = {
  none: 'app.popular.join',
  joining: 'app.popular.joining',
  member: 'app.popular.joined',
  pending: 'app.popular.requested',
};
/** How long typing pauses before the list is asked again. */
const TYPING_PAUSE_MS = 300;

/** Explore: search, filter by what joining requires, sort by members or this week's posts, and Join from the list. */
function ExplorePage({ initialSort }: { initialSort: ExploreSort }) {
  const t = useT();
  const lang = useLang();
  const state = useStore($explore);
  const [query, setQuery] = useState('');
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    void setFilters({ sort: initialSort });
  }, [initialSort]);

  const onType = (value: string) => {
    setQuery(value);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => void setFilters({ q: value }), TYPING_PAUSE_MS);
  };

  return (
    <div className="space-y-4">
      <form
        role="search"
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          clearTimeout(typing.current);
          void setFilters({ q: query });
        }}
      >
        <label className="min-w-0 flex-1 text-sm font-semibold">
          {t('explore.search')}
          <input
            type="search"
            value={query}
            onChange={(e) => onType(e.target.value)}
            placeholder={t('explore.searchPlaceholder')}
            className="field-input mt-1"
          />
        </label>
        <label className="text-sm font-semibold">
          {t('explore.requirement')}
          <select
            value={state.requirement}
            onChange={(e) => void setFilters({ requirement: e.target.value as RequirementChoice })}
            className="field-input mt-1"
          >
            {REQUIREMENTS.map((value) => (
              <option key={value || 'any'} value={value}>
                {t(`explore.requirements.${value || 'any'}`)}
              </option>
            ))}
          </select>
        </label>
      </form>
      <div role="group" aria-label={t('explore.sortBy')} className="flex gap-2">
        {(['members', 'active'] as const).map((sort) => (
          <button
            key={sort}
            type="button"
            aria-pressed={state.sort === sort}
            onClick={() => void setFilters({ sort })}
            className={
              state.sort === sort
                ? 'rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white'
                : 'rounded-full border border-line px-4 py-1.5 text-sm font-semibold text-ink hover:bg-brand-50'
            }
          >
            {t(`explore.sorts.${sort}`)}
          </button>
        ))}
      </div>
      <ul className="space-y-2" aria-label={t('explore.results')} aria-busy={state.loading}>
        {state.items.map((circle) => {
          const joinState = joinButtonState(circle, state.joining);
          return (
            <li
              key={circle.id}
              className="flex items-start gap-3 rounded-xl border border-line bg-surface p-4"
              data-testid="explore-channel"
            >
              <a href={channelHref(circle.name)} className="min-w-0 flex-1">
                <span className="block font-semibold text-ink [overflow-wrap:anywhere]">{circle.name}</span>
                {circle.description && (
                  <span className="mt-0.5 line-clamp-2 block text-sm text-muted [overflow-wrap:anywhere]">{circle.description}</span>
                )}
                <span className="mt-1 block text-xs text-muted">
                  {t('app.popular.members', { count: circle.members_count, formatted: formatNumber(circle.members_count, lang) })}
                  {' · '}
                  {circle.channel_type === 'private' ? t('channelPage.private') : t('channelPage.public')}
                  {circle.requirement && <> · {requirementText(circle.requirement, t)}</>}
                </span>
              </a>
              <button
                type="button"
                disabled={joinState !== 'none'}
                onClick={() => void joinFromList(circle)}
                aria-label={t('app.popular.action', { label: t(JOIN_LABEL[joinState]), name: circle.name })}
                className={
                  joinState === 'none'
                    ? 'btn-join shrink-0 rounded-full bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-800'
                    : 'shrink-0 rounded-full border border-line px-4 py-1.5 text-sm font-semibold text-muted'
                }
              >
                {t(JOIN_LABEL[joinState])}
              </button>
            </li>
          );
        })}
      </ul>
      {state.loading && (
        <p role="status" className="text-sm text-muted">
          {t('app.popular.loading')}
        </p>
      )}
      {!state.loading && !state.failed && state.items.length === 0 && !state.hasMore && (
        <p className="text-sm text-muted">{t('explore.none')}</p>
      )}
      {state.failed && (
        <p role="alert" className="text-sm">
          {t('explore.failed')}{' '}
          <button type="button" className="font-semibold text-brand-700 underline" onClick={() => void setFilters({})}>
            {t('explore.retry')}
          </button>
        </p>
      )}
      {state.hasMore && !state.loading && !state.failed && state.items.length > 0 && (
        <button
          type="button"
          onClick={() => void loadMoreChannels()}
          className="w-full rounded-lg px-2 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t('app.popular.showMore')}
        </button>
      )}
    </div>
  );
}

export default withLang(ExplorePage);
