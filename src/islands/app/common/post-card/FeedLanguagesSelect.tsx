import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $readingLanguages, chooseReadingLanguages, loadReadingLanguages } from '../../../../stores/reading-languages.store.ts';
import { LanguageChoices, useLanguageName } from '../LanguageChoices.tsx';
import { useT } from '../../../i18n/use-t.tsx';

/**
 * "Show posts in": the languages of a feed or a channel's posts, beside its order. A member's choice is saved for every
 * feed (the profile's settings show the same); a visitor's is kept in the address. A change loads the list again.
 */
export function FeedLanguagesSelect({ member, onChange }: { member: boolean; onChange: () => void }) {
  const t = useT();
  const nameOf = useLanguageName();
  const { languages, loaded, saving, error } = useStore($readingLanguages);
  useEffect(() => {
    void loadReadingLanguages(member);
  }, [member]);
  const shown = languages ? languages.map(nameOf).join(', ') : t('readingLanguages.all');
  return (
    <details className="group relative text-sm text-muted">
      <summary className="cursor-pointer select-none rounded px-1 py-1 hover:text-ink">
        {t('readingLanguages.label')} <span className="font-semibold text-ink">{loaded ? shown : '…'}</span>
      </summary>
      <div className="absolute left-0 z-20 mt-1 flex w-72 max-w-[90vw] flex-col gap-2 rounded-lg border border-line bg-surface p-3 shadow-lg">
        <fieldset className="flex flex-col gap-2" disabled={!loaded || saving}>
          <legend className="sr-only">{t('readingLanguages.heading')}</legend>
          <LanguageChoices
            selected={languages}
            onChange={(next) => {
              void chooseReadingLanguages(next).then((took) => took && onChange());
            }}
          />
        </fieldset>
        <p className="text-xs text-muted">{t('readingLanguages.alwaysShown')}</p>
        {error && (
          <p role="alert" className="text-xs text-red-700">
            {t('readingLanguages.saveFailed')}
          </p>
        )}
      </div>
    </details>
  );
}
