/**
 * `make` for each key once: later calls with the same key answer what the first made. For values that cost far
 * more to make than to use (Intl formatters, translate functions, a parsed URL's origin).
 */
export function remembered<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key)!;
  };
}
