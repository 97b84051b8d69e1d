import { useEffect, useState, type ComponentType } from 'react';

let pending: Promise<ComponentType> | null = null;
const loadSearchModal = () => (pending ??= import('../search/SearchModal.tsx').then((module) => module.default));

/**
 * The search modal's component, fetched when the page is idle or when the modal is first asked for, whichever
 * comes first. The caller renders it as a plain component once it is here, not through lazy/Suspense: React throttles the
 * reveal of suspended content (about 300 ms), and a modal that turns up late pulls the focus away from wherever
 * a keyboard user has tabbed to since.
 */
export function useSearchModal(wanted: boolean): ComponentType | null {
  const [component, setComponent] = useState<ComponentType | null>(null);

  useEffect(() => {
    if (component) return;
    let live = true;
    const load = () =>
      void loadSearchModal().then(
        (loaded) => live && setComponent(() => loaded),
        (error: unknown) => console.error('Failed to load the search', error),
      );
    if (wanted) {
      load();
      return () => void (live = false);
    }
    const idle = typeof window.requestIdleCallback === 'function';
    const id = idle ? window.requestIdleCallback(load, { timeout: 4000 }) : window.setTimeout(load, 2000);
    return () => {
      live = false;
      if (idle) window.cancelIdleCallback(id);
      else window.clearTimeout(id);
    };
  }, [wanted, component]);

  return component;
}
