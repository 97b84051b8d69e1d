import { useId, type ReactNode } from 'react';
import { useDisclosure } from './use-disclosure.ts';

export const menuItemClass = 'block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-brand-50 focus-visible:bg-brand-50';

type Props = {
  label: string;
  button: ReactNode;
  buttonClass: string;
  className?: string;
  panelWidth: string;
  /** The panel's items; `close` shuts the menu (for items that do not navigate). */
  children: (close: () => void) => ReactNode;
};

/** A header menu: a button that discloses a panel, closed by Escape, outside clicks and its own items. */
export function DropdownMenu({ label, button, buttonClass, className = '', panelWidth, children }: Props) {
  const { open, toggle, close, rootRef, buttonRef } = useDisclosure();
  const panelId = useId();
  return (
    <div ref={rootRef} className={`relative ${className}`}>
      <button
        ref={buttonRef}
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        className={buttonClass}
      >
        {button}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={`absolute right-0 z-30 mt-2 ${panelWidth} rounded-xl border border-line bg-surface p-2 shadow-lg`}
      >
        {children(close)}
      </div>
    </div>
  );
}
