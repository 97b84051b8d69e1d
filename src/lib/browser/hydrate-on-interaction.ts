/**
 * The `client:interaction="<selector>"` directive (registered in astro.config.mjs): an island whose code loads
 * only when someone reaches for one of the elements the selector names (a pointer over or on it, keyboard focus,
 * a click), so a page nobody interacts with downloads none of it: no React, no i18next, no catalog. The static
 * pages mount the login modal this way; their Login buttons set the login store at once, and the modal opens
 * itself from the store when it has hydrated a moment later. The server-rendered markup is an empty dialog, so
 * nothing moves on the page when it hydrates.
 */
import type { ClientDirective } from 'astro';

const TRIGGERS = ['pointerover', 'pointerdown', 'focusin', 'click'] as const;

const hydrateOnInteraction: ClientDirective = (load, options) => {
  const selector = String(options.value);
  const start = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest(selector)) return;
    for (const type of TRIGGERS) document.removeEventListener(type, start, true);
    void load().then((hydrate) => hydrate());
  };
  for (const type of TRIGGERS) document.addEventListener(type, start, { capture: true, passive: true });
};

export default hydrateOnInteraction;

declare module 'astro' {
  interface AstroClientDirectives {
    /** A CSS selector: the island hydrates when someone first points at, focuses or clicks a matching element. */
    'client:interaction'?: string;
  }
}
