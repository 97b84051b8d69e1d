import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $authorChips, isHandle, wantChips } from '../../../stores/author-chips.store.ts';
import { chipLabel } from '../../../lib/identity-words.ts';
import { useT } from '../../i18n/use-t.tsx';

/** Chips shown beside a handle: the first few, so a line stays one line on a phone. */
const CHIPS_SHOWN = 2;

/** Who wrote this: the handle as a link to the member's card (/home/u/{handle}) and their identity chips beside it. */
export function AuthorHandle({ handle, className = 'font-semibold text-ink' }: { handle: string; className?: string }) {
  const t = useT();
  const chips = useStore($authorChips)[handle];
  useEffect(() => wantChips(handle), [handle]);
  if (!isHandle(handle)) return <span className={className}>{handle}</span>;
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-1">
      <a href={`/home/u/${encodeURIComponent(handle)}`} className={`${className} hover:underline`}>
        {handle}
      </a>
      {chips?.slice(0, CHIPS_SHOWN).map((chip) => (
        <span
          key={`${chip.kind}-${chip.label}`}
          className="rounded-full bg-verified-50 px-1.5 py-0.5 text-[0.7rem] font-semibold leading-none text-verified-700"
          data-testid="author-chip"
        >
          {chipLabel(chip, t)}
        </span>
      ))}
    </span>
  );
}
