import { useId } from 'react';
import { LOCALE, isLang } from '../../../lib/i18n.ts';
import { POST_LANGUAGES, type ChosenLanguage } from '../../../lib/post-languages.ts';
import { useT } from '../../i18n/use-t.tsx';
import { useLanguageName } from './language-names.ts';

/**
 * The languages a reader may choose, as checkboxes: `selected` null is every language. Hindi covers Hinglish (its
 * box is then ticked and fixed); the last language ticked cannot be unticked, so at least one always stays.
 */
export function LanguageChoices({
  selected,
  onChange,
  disabled = false,
}: {
  selected: readonly ChosenLanguage[] | null;
  onChange: (next: ChosenLanguage[]) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const nameOf = useLanguageName();
  const id = useId();
  const chosen = selected ?? POST_LANGUAGES;
  const withHindi = (tag: ChosenLanguage) => tag === 'hi-Latn' && chosen.includes('hi');
  const ticked = (tag: ChosenLanguage) => chosen.includes(tag) || withHindi(tag);
  const onlyOne = chosen.length === 1;
  const toggle = (tag: ChosenLanguage, on: boolean) =>
    onChange(on ? POST_LANGUAGES.filter((other) => other === tag || chosen.includes(other)) : chosen.filter((other) => other !== tag));
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-2">
      {POST_LANGUAGES.map((tag) => (
        <li key={tag}>
          <label className="flex items-center gap-2 text-sm text-ink" lang={isLang(tag) ? LOCALE[tag] : undefined}>
            <input
              type="checkbox"
              checked={ticked(tag)}
              disabled={disabled || withHindi(tag) || (onlyOne && chosen.includes(tag))}
              aria-describedby={withHindi(tag) ? `${id}-hinglish` : undefined}
              onChange={(event) => toggle(tag, event.target.checked)}
              className="h-4 w-4 accent-brand-600"
            />
            {nameOf(tag)}
          </label>
          {withHindi(tag) && (
            <span id={`${id}-hinglish`} className="sr-only">
              {t('readingLanguages.hinglishWithHindi')}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
