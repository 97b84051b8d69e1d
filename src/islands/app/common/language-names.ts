import type { ChosenLanguage } from '../../../lib/post-languages.ts';
import { LANGUAGE_NAMES, isLang } from '../../../lib/i18n.ts';
import { useT } from '../../i18n/use-t.tsx';

/**
 * A post language as the screens name it: each of the site's languages in its own script, Hinglish in the reader's
 * words (`short`: the name alone, for a summary line; otherwise with what it is).
 */
export function useLanguageName(short = false): (tag: ChosenLanguage) => string {
  const t = useT();
  return (tag) => (isLang(tag) ? LANGUAGE_NAMES[tag] : t(short ? 'readingLanguages.hinglishShort' : 'readingLanguages.hinglish'));
}
