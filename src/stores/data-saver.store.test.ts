import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A browser's localStorage for this module, with the same API (Node 20 has none). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('data saver', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is off until chosen, and the choice is kept on this device for the next page', async () => {
    const first = await import('./data-saver.store.ts');
    expect(first.$dataSaver.get()).toBe(false);
    first.setDataSaver(true);
    expect(first.$dataSaver.get()).toBe(true);
    expect(localStorage.getItem(first.DATA_SAVER_KEY)).toBe('on');

    vi.resetModules();
    const nextPage = await import('./data-saver.store.ts');
    expect(nextPage.$dataSaver.get()).toBe(true);
    nextPage.setDataSaver(false);
    expect(localStorage.getItem(nextPage.DATA_SAVER_KEY)).toBeNull();
  });

  it('works for the page when storage is refused', async () => {
    const refuse = () => {
      throw new Error('denied');
    };
    vi.stubGlobal('localStorage', { getItem: refuse, setItem: refuse, removeItem: refuse });
    const store = await import('./data-saver.store.ts');
    expect(store.$dataSaver.get()).toBe(false);
    store.setDataSaver(true);
    expect(store.$dataSaver.get()).toBe(true);
  });
});
