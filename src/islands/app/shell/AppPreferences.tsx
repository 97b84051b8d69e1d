import { useEffect, useId, useState } from 'react';
import { LANGUAGES, LANGUAGE_NAMES, LOCALE, type Lang } from '../../../lib/i18n.ts';
import { THEMES, chooseTheme, storedTheme, type ThemeChoice } from '../../../lib/browser/theme.ts';
import { rememberLang } from '../../../lib/browser/language.ts';
import { useLang, useT } from '../../i18n/use-t.tsx';

/**
 * Language and theme in the app's menus. The app's screens keep their address in every language, so a new
 * language is the cookie and a reload (the server renders the frame in it); a theme applies at once.
 */
export function AppPreferences() {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [theme, setTheme] = useState<ThemeChoice>('system');
  useEffect(() => setTheme(storedTheme()), []);

  const switchTo = (next: Lang) => {
    rememberLang(next);
    window.location.reload();
  };

  return (
    <div className="flex flex-col gap-2 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <span className="text-muted">{t('site.language')}</span>
        {/* Every other language, named in its own script; they wrap in a narrow menu. */}
        {LANGUAGES.filter((other) => other !== lang).map((other) => (
          <button
            key={other}
            type="button"
            lang={LOCALE[other]}
            onClick={() => switchTo(other)}
            className="rounded-md px-2 py-1 font-semibold text-brand-700 hover:bg-brand-50"
          >
            {LANGUAGE_NAMES[other]}
          </button>
        ))}
      </div>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={`${id}-theme`} className="text-muted">
          {t('site.theme.label')}
        </label>
        <select
          id={`${id}-theme`}
          value={theme}
          onChange={(event) => {
            const next = event.target.value as ThemeChoice;
            setTheme(next);
            chooseTheme(next);
          }}
          className="rounded-md border border-line bg-surface px-2 py-1 text-ink"
        >
          {THEMES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`site.theme.${choice}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
