import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { searchCommunities, suggestCommunities, type CommunitySuggestion } from './create-post.store.ts';
import { useLang, useT } from '../../i18n/use-t.tsx';
import { formatNumber } from '../../../lib/i18n.ts';

const DEBOUNCE_MS = 300;

type Props = {
  /** What the user typed or picked: the community name. */
  value: string;
  onChange: (name: string) => void;
};

/**
 * A combobox: opening it lists the member's channels and popular ones; typing searches communities (debounced); arrows
 * move, Enter or click picks one.
 */
export default function CommunityPicker({ value, onChange }: Props) {
  const id = useId();
  const [hits, setHits] = useState<CommunitySuggestion[]>([]);
  const [suggestions, setSuggestions] = useState<CommunitySuggestion[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState(false);

  useEffect(() => {
    if (!typed || !value.trim()) {
      setHits([]);
      return;
    }
    let stale = false;
    const timer = setTimeout(() => {
      void searchCommunities(value).then((results) => {
        if (stale) return;
        setHits(results.map((hit) => ({ id: hit.id, name: hit.name, members_count: hit.members_count, mine: false })));
        setActive(-1);
        setOpen(true);
      });
    }, DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [value, typed]);

  const suggesting = !value.trim();
  const shown = suggesting ? (suggestions ?? []) : hits;
  const onFocus = () => {
    if (!suggesting) return;
    setOpen(true);
    setActive(-1);
    if (suggestions === null) void suggestCommunities().then(setSuggestions);
  };

  const pick = (hit: CommunitySuggestion) => {
    onChange(hit.name);
    setTyped(false);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open || shown.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + shown.length) % shown.length);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      pick(shown[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const t = useT();
  const lang = useLang();
  const listId = `${id}-list`;
  const showList = open && (suggesting ? suggestions !== null : typed);
  return (
    <div className="relative w-full sm:max-w-sm">
      <label htmlFor={`${id}-input`} className="sr-only">
        {t('createPost.chooseCommunity')}
      </label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        placeholder={t('createPost.chooseCommunity')}
        className="w-full rounded-full border border-line bg-surface px-4 py-2 text-sm"
        value={value}
        onChange={(event) => {
          setTyped(true);
          onChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onClick={onFocus}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      {showList && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('createPost.communities')}
          className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-lg border border-line bg-surface shadow-lg"
        >
          {shown.length === 0 && <li className="px-4 py-2 text-sm text-muted">{t('createPost.noCommunities')}</li>}
          {shown.map((hit, index) => (
            <li
              key={hit.id}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={index === active}
              className={`cursor-pointer px-4 py-2 text-sm ${index === active ? 'bg-brand-50' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(hit)}
            >
              <span className="font-medium [overflow-wrap:anywhere]">b/{hit.name}</span>
              <span className="ml-2 text-muted">
                {hit.mine
                  ? t('createPost.yourChannel')
                  : hit.members_count !== null &&
                    t('app.popular.members', { count: hit.members_count, formatted: formatNumber(hit.members_count, lang) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
