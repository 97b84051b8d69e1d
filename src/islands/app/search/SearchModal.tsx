import type React from 'react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { requirementText } from '../../../stores/verification-gate.store.ts';
import { useStore } from '@nanostores/react';
import { CloseIcon, SearchIcon } from '../shell/icons.tsx';
import { useModalDialog } from '../shell/use-modal-dialog.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { useT } from '../../i18n/use-t.tsx';
import type { HighlightRange } from '../../../lib/api-types.ts';
import {
  $search,
  $searchOpen,
  closeSearch,
  searchHref,
  setSearchQuery,
  setSearchSort,
  setSearchTab,
  type SearchResults,
  type SearchTab,
} from './search.store.ts';

const TABS: { key: SearchTab; label: string }[] = [
  { key: 'posts', label: 'search.posts' },
  { key: 'channels', label: 'search.channels' },
  { key: 'comments', label: 'search.comments' },
];

type Row = { key: string; href: string; title: string; marks: HighlightRange[]; meta: string };

/** The text with the matched ranges in <mark>: React text nodes only, so nothing in it is read as HTML. */
function Marked({ text, marks }: { text: string; marks: HighlightRange[] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start < at || end > text.length) continue;
    parts.push(
      text.slice(at, start),
      <mark key={start} className="rounded bg-brand-100 text-ink">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

/** The hits of one tab as uniform rows (title, a line of context, where the row leads). */
function rowsOf(tab: SearchTab, results: SearchResults, t: Translate): Row[] {
  if (tab === 'posts') {
    return results.posts.map((p) => ({
      key: `p${p.id}`,
      href: searchHref.post(p.id),
      title: p.title,
      marks: p.highlights?.title ?? [],
      meta: t('search.postMeta', { user: p.user, channel: p.circle_name }),
    }));
  }
  if (tab === 'channels') {
    return results.channels.map((c) => ({
      key: `c${c.id}`,
      href: searchHref.channel(c.id),
      title: c.name,
      marks: c.highlights?.name ?? [],
      meta: c.requirement ? `${requirementText(c.requirement, t)} · ${c.description}` : c.description,
    }));
  }
  return results.comments.map((c) => ({
    key: `m${c.id}`,
    href: searchHref.comment(c.post_id),
    title: c.body,
    marks: c.highlights?.body ?? [],
    meta: t('search.commentBy', { user: c.user }),
  }));
}

/** The search modal: query box, Posts/Channels/Comments tabs, results by keyboard or pointer. */
export default function SearchModal() {
  const t = useT();
  const open = useStore($searchOpen);
  const { query, tab, results, loading, searched, sort, transliterated } = useStore($search);
  const dialogRef = useModalDialog(open, closeSearch);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const baseId = useId();
  const rows = rowsOf(tab, results, t);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // Every way out closes the native dialog first and lets its close event update the store (useModalDialog), in
  // the same order as the browser's own Escape: the header box that gets the focus back then knows not to reopen it.
  const closeDialog = () => dialogRef.current?.close();

  /** Arrow keys move between the box and the results; Enter on a result follows its link; Escape closes. */
  const onKeyDown = (event: KeyboardEvent) => {
    // A search field's own Escape only empties it; here Escape closes the modal, whatever holds the focus.
    if (event.key === 'Escape') {
      event.preventDefault();
      closeDialog();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
    if (links.length === 0) return;
    event.preventDefault();
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') links[Math.min(at + 1, links.length - 1)].focus();
    else if (at <= 0) inputRef.current?.focus();
    else links[at - 1].focus();
  };

  const onTabKey = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    setSearchTab(next.key);
    document.getElementById(`${baseId}-tab-${next.key}`)?.focus();
  };

  let message: string | null = null;
  if (!query.trim()) message = t('search.prompt');
  else if (loading && rows.length === 0) message = t('search.searching');
  else if (searched && rows.length === 0) message = t('search.noResults');

  return (
    <dialog
      ref={dialogRef}
      aria-label={t('search.dialog')}
      className="mx-auto mt-16 w-[calc(100%-1.5rem)] max-w-2xl rounded-2xl bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/40"
      onKeyDown={onKeyDown}
    >
      <div className="flex flex-col">
        <div className="flex items-center gap-2 border-b border-line px-4 py-3">
          <span className="text-muted">
            <SearchIcon />
          </span>
          <input
            ref={inputRef}
            type="search"
            value={query}
            onChange={(event) => setSearchQuery(event.target.value)}
            placeholder={t('search.placeholder')}
            aria-label={t('search.placeholder')}
            className="h-10 min-w-0 flex-1 bg-transparent text-base placeholder:text-muted [&::-webkit-search-cancel-button]:hidden"
          />
          <button
            type="button"
            onClick={closeDialog}
            aria-label={t('search.close')}
            className="flex size-10 items-center justify-center rounded-lg text-muted hover:bg-brand-50 hover:text-ink"
          >
            <CloseIcon />
          </button>
        </div>
        <div role="tablist" aria-label={t('search.searchIn')} className="flex gap-1 border-b border-line px-3">
          {TABS.map((item, index) => (
            <button
              key={item.key}
              id={`${baseId}-tab-${item.key}`}
              type="button"
              role="tab"
              aria-selected={tab === item.key}
              aria-controls={`${baseId}-panel`}
              tabIndex={tab === item.key ? 0 : -1}
              onClick={() => setSearchTab(item.key)}
              onKeyDown={(event) => onTabKey(event, index)}
              className={`border-b-2 px-3 py-2 text-sm font-semibold ${tab === item.key ? 'border-brand-600 text-brand-700' : 'border-transparent text-muted hover:text-ink'}`}
            >
              {t(item.label)}
            </button>
          ))}
        </div>
        <div className="flex items-center justify-between gap-2 px-4 pt-2 text-xs text-muted">
          {/* Only when a match in the other script was used: the list's own status line says everything else. */}
          <span>
            {transliterated && searched ? (
              <span data-testid="transliterated">{t('search.showingResultsFor', { query: transliterated })}</span>
            ) : null}
          </span>
          <label className="flex items-center gap-1">
            {t('search.sortBy')}
            <select
              value={sort}
              onChange={(event) => setSearchSort(event.target.value === 'new' ? 'new' : 'relevant')}
              className="rounded border border-line bg-surface px-1 py-0.5"
            >
              <option value="relevant">{t('search.sortRelevant')}</option>
              <option value="new">{t('search.sortNew')}</option>
            </select>
          </label>
        </div>
        <div
          id={`${baseId}-panel`}
          role="tabpanel"
          aria-labelledby={`${baseId}-tab-${tab}`}
          className="max-h-[60vh] min-h-32 overflow-y-auto p-2"
        >
          {message ? (
            <p className="px-3 py-8 text-center text-sm text-muted" role="status">
              {message}
            </p>
          ) : (
            <ul ref={listRef} className="flex flex-col gap-1">
              {rows.map((row) => (
                <li key={row.key}>
                  <a href={row.href} className="block rounded-lg px-3 py-2 hover:bg-brand-50 focus-visible:bg-brand-50">
                    <span className="block truncate text-sm font-semibold text-ink">
                      {tab === 'channels' && 'b/'}
                      <Marked text={row.title} marks={row.marks} />
                    </span>
                    {row.meta && <span className="block truncate text-xs text-muted">{row.meta}</span>}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </dialog>
  );
}
