import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $readingLanguages, chooseReadingLanguages, loadReadingLanguages } from '../../../stores/reading-languages.store.ts';
import { LanguageChoices } from '../common/LanguageChoices.tsx';
import { useT } from '../../i18n/use-t.tsx';

/**
 * The profile's "Show posts in": the languages the member's feeds and channel pages show, saved as they tick them
 * (the same choice as beside a feed's order). Until they choose, their screens' language and English.
 */
export default function ReadingLanguages() {
  const t = useT();
  const { languages, saved, loaded, saving, error } = useStore($readingLanguages);
  useEffect(() => {
    void loadReadingLanguages(true);
  }, []);
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-5" aria-labelledby="reading-languages-heading">
      <h2 id="reading-languages-heading" className="text-lg font-bold">
        {t('readingLanguages.heading')}
      </h2>
      <p className="text-sm text-muted">{t('readingLanguages.hint')}</p>
      {loaded && (
        <fieldset disabled={saving} className="flex flex-col gap-2">
          <legend className="sr-only">{t('readingLanguages.heading')}</legend>
          <LanguageChoices selected={languages} onChange={(next) => void chooseReadingLanguages(next)} />
        </fieldset>
      )}
      <p className="text-xs text-muted">{t('readingLanguages.alwaysShown')}</p>
      <p aria-live="polite" className="text-sm text-muted">
        {loaded && !saving && !error && (saved ? t('readingLanguages.saved') : t('readingLanguages.default'))}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {t('readingLanguages.saveFailed')}
        </p>
      )}
    </section>
  );
}
