import { useStore } from '@nanostores/react';
import { $readingLanguages, chooseReadingLanguages } from '../../../../stores/reading-languages.store.ts';
import { LanguageChoices } from '../LanguageChoices.tsx';
import { useT } from '../../../i18n/use-t.tsx';

/** The choices of "Show posts in" beside a feed's order, fetched when first opened (or once the page is idle). */
export default function FeedLanguagesPanel({ onChange }: { onChange: () => void }) {
  const t = useT();
  const { languages, loaded, saving, error } = useStore($readingLanguages);
  return (
    <>
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
    </>
  );
}
