import { useEffect, useRef } from 'react';
import { wrapTab } from '../../../lib/browser/focus-wrap.ts';

/**
 * Drives a native <dialog> as a modal: showModal() makes the rest of the page inert (the focus stays inside)
 * and Escape closes it; Tab wraps around inside; `onClose` keeps the caller's state in step however the dialog was
 * closed. On opening, an element marked `data-autofocus` takes the focus; on closing, the focus goes back to the
 * element that opened it when the browser has not put it somewhere already.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      onCloseRef.current();
      const opener = openerRef.current;
      openerRef.current = null;
      if (opener?.isConnected && (!document.activeElement || document.activeElement === document.body)) opener.focus();
    };
    // A click on the backdrop lands on the dialog element itself.
    const handleClick = (event: MouseEvent) => {
      if (event.target === dialog) dialog.close();
    };
    const handleKey = (event: KeyboardEvent) => wrapTab(dialog, event);
    dialog.addEventListener('close', handleClose);
    dialog.addEventListener('click', handleClick);
    dialog.addEventListener('keydown', handleKey);
    return () => {
      dialog.removeEventListener('close', handleClose);
      dialog.removeEventListener('click', handleClick);
      dialog.removeEventListener('keydown', handleKey);
    };
  }, []);

  return ref;
}
