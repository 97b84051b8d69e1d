import { vi } from 'vitest';

/**
 * document.cookie as a browser keeps it (one cookie set at a time, expired ones removed), for unit tests of
 * stores that read the token cookie through js-cookie in Node.
 */
export function installCookieJar(): Map<string, string> {
  const jar = new Map<string, string>();
  const fakeDocument = {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(value: string) {
      const [pair, ...attributes] = value.split(';');
      const [name, ...rest] = pair.split('=');
      const expires = attributes.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('expires='));
      if (expires && new Date(expires.slice(8)).getTime() < Date.now()) jar.delete(name.trim());
      else jar.set(name.trim(), rest.join('='));
    },
  };
  vi.stubGlobal('document', fakeDocument);
  return jar;
}
