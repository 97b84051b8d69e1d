import { useEffect, useState, type ComponentType } from 'react';

const loaded = new Map<() => Promise<ComponentType>, Promise<ComponentType>>();
const once = (load: () => Promise<ComponentType>) => {
  let pending = loaded.get(load);
  if (!pending) {
    pending = load();
    loaded.set(load, pending);
  }
  return pending;
};

/**
 * A component whose code is fetched only when it is first wanted (or, with `preloadWhenIdle`, as soon as the page
 * is idle); null until it is here. The caller renders it as a plain component, not through lazy/Suspense: React
 * throttles the reveal of suspended content (about 300 ms), which made modals and pickers answer a click late.
 */
export function useDeferredComponent(load: () => Promise<ComponentType>, wanted: boolean, preloadWhenIdle = false): ComponentType | null {
  const [component, setComponent] = useState<ComponentType | null>(null);

  useEffect(() => {
    if (component || (!wanted && !preloadWhenIdle)) return;
    let live = true;
    const fetchIt = () =>
      void once(load).then(
        (ready) => live && setComponent(() => ready),
        (error: unknown) => {
          loaded.delete(load);
          console.error('Failed to load a component', error);
        },
      );
    if (wanted) {
      fetchIt();
      return () => void (live = false);
    }
    const idle = typeof window.requestIdleCallback === 'function';
    const id = idle ? window.requestIdleCallback(fetchIt, { timeout: 4000 }) : window.setTimeout(fetchIt, 2000);
    return () => {
      live = false;
      if (idle) window.cancelIdleCallback(id);
      else window.clearTimeout(id);
    };
  }, [wanted, component, load, preloadWhenIdle]);

  return component;
}
