import { useEffect, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { $readingLanguages, loadReadingLanguages } from '../../../../stores/reading-languages.store.ts';
import { useDeferredComponent } from '../../shell/use-deferred-component.ts';
import { useT } from '../../../i18n/use-t.tsx';
import { useLanguageName } from '../language-names.ts';

type PanelProps = { onChange: () => void };
const loadPanel = () => import('./FeedLanguagesPanel.tsx').then((module) => module.default as ComponentType);

/**
 * "Show posts in": the languages of a feed or a channel's posts, beside its order. A member's choice is saved for every
 * feed (the profile's settings show the same); a visitor's is kept in the address. A change loads the list again.
 * The choices themselves come when the list is first opened (or the page is idle), so the feed is ready as soon as before.
 */
export function FeedLanguagesSelect({ member, onChange }: PanelProps & { member: boolean }) {
  const t = useT();
  const { languages, loaded } = useStore($readingLanguages);
  const [open, setOpen] = useState(false);
  const Panel = useDeferredComponent(loadPanel, open, true) as ComponentType<PanelProps> | null;
  useEffect(() => {
    void loadReadingLanguages(member);
  }, [member]);
  const nameOf = useLanguageName(true);
  const shown = languages ? languages.map(nameOf).join(', ') : t('readingLanguages.all');
  return (
    <details className="relative max-w-full text-sm text-muted" onToggle={(event) => setOpen(event.currentTarget.open)}>
      {/* One line whatever it names, so the posts below never move when it is read. */}
      <summary className="cursor-pointer select-none truncate rounded py-1 hover:text-ink">
        {t('readingLanguages.label')} <span className="font-semibold text-ink">{loaded ? shown : '…'}</span>
      </summary>
      <div className="absolute left-0 z-20 mt-1 flex w-72 max-w-[90vw] flex-col gap-2 rounded-lg border border-line bg-surface p-3 shadow-lg">
        {Panel ? <Panel onChange={onChange} /> : <p role="status">{t('common.loading')}</p>}
      </div>
    </details>
  );
}
