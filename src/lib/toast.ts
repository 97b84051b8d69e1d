import 'toastify-js/src/toastify.css';

type ToastKind = 'success' | 'info' | 'error';

const BACKGROUND: Record<ToastKind, string> = {
  success: '#15803d',
  info: '#1d4ed8',
  error: '#b91c1c',
};

const TOAST_MS = 5000;
const CARRY_KEY = 'bsq-carried-toasts';
type ShownToast = { text: string; kind: ToastKind; until: number };
/** Toasts shown on this page, so that a navigation can carry the visible ones to the next page. */
const shown: ShownToast[] = [];

/** Toasts as spec section 8 sets them: top-right, 5000 ms auto-close. toastify-js loads on first use. */
export async function toast(text: string, kind: ToastKind = 'info', duration = TOAST_MS): Promise<void> {
  shown.push({ text, kind, until: Date.now() + duration });
  const { default: Toastify } = await import('toastify-js');
  const instance = Toastify({
    text,
    duration,
    gravity: 'top',
    position: 'right',
    close: true,
    stopOnFocus: true,
    ariaLive: kind === 'error' ? 'assertive' : 'polite',
    style: { background: BACKGROUND[kind], color: '#fff' },
  });
  instance.showToast();
  if (instance.toastElement instanceof HTMLElement) finishToast(instance.toastElement);
}

const CLOSE_ICON =
  '<svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><path d="M3 3l8 8M11 3l-8 8"/></svg>';

/**
 * The toast's text is the message and nothing else: toastify-js writes its close button as a "✖" character,
 * which would end up in the toast's text; an icon with the button's own label "Close" replaces it. The toast is
 * an alert, as the spec's toasts are, so assistive technology and tests find it by role.
 */
function finishToast(element: HTMLElement) {
  element.setAttribute('role', 'alert');
  const close = element.querySelector('.toast-close');
  if (close) close.innerHTML = CLOSE_ICON;
}

/**
 * Before a full-page navigation (e.g. to a channel page after joining it): keeps the toasts still on screen
 * so that the next page shows them for the rest of their time (see replayCarriedToasts).
 */
export function carryToastsToNextPage(): void {
  const now = Date.now();
  const visible = shown.filter((item) => item.until > now);
  try {
    if (visible.length) sessionStorage.setItem(CARRY_KEY, JSON.stringify(visible));
  } catch {
    // Storage blocked: the toast simply ends with the page.
  }
}

/** On page load: shows the toasts carried over from the previous page, once. */
export function replayCarriedToasts(): void {
  let carried: ShownToast[] = [];
  try {
    carried = JSON.parse(sessionStorage.getItem(CARRY_KEY) ?? '[]') as ShownToast[];
    sessionStorage.removeItem(CARRY_KEY);
  } catch {
    return;
  }
  const now = Date.now();
  for (const item of carried) {
    const left = item.until - now;
    if (left > 500) void toast(item.text, item.kind, left);
  }
}
