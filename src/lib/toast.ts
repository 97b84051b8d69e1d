import 'toastify-js/src/toastify.css';

type ToastKind = 'success' | 'info' | 'error';

const BACKGROUND: Record<ToastKind, string> = {
  success: '#15803d',
  info: '#1d4ed8',
  error: '#b91c1c',
};

/** Toasts as spec section 8 sets them: top-right, 5000 ms auto-close. toastify-js loads on first use. */
export async function toast(text: string, kind: ToastKind = 'info'): Promise<void> {
  const { default: Toastify } = await import('toastify-js');
  Toastify({
    text,
    duration: 5000,
    gravity: 'top',
    position: 'right',
    close: true,
    stopOnFocus: true,
    ariaLive: kind === 'error' ? 'assertive' : 'polite',
    style: { background: BACKGROUND[kind], color: '#fff' },
  }).showToast();
}
