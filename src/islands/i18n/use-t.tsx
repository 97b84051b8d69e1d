/**
 * Islands translate with `useT()`. On the server an island is rendered once per request, so the page's
 * language reaches it as a prop (`withLang`) rather than through the module-wide store; in the browser the
 * store already holds the page's language.
 */
import { createContext, useContext, useMemo, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { $lang } from '../../stores/lang.store.ts';
import { translator, type Lang, type Translate } from '../../lib/i18n.ts';

const LangContext = createContext<Lang | null>(null);

export function useLang(): Lang {
  const fromPage = useContext(LangContext);
  const fromStore = useStore($lang);
  return fromPage ?? fromStore;
}

export function useT(): Translate {
  const lang = useLang();
  return useMemo(() => translator(lang), [lang]);
}

/** Wraps an island so that Astro can pass the page's language: `<Feed lang={lang} client:load />`. */
export function withLang<P extends object>(Island: ComponentType<P>) {
  function WithLang({ lang, ...props }: P & { lang?: Lang }) {
    const island = <Island {...(props as P)} />;
    return lang ? <LangContext.Provider value={lang}>{island}</LangContext.Provider> : island;
  }
  WithLang.displayName = `WithLang(${Island.displayName ?? Island.name})`;
  return WithLang;
}
