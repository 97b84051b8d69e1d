import { useT } from '../../i18n/use-t.tsx';

/** Covers the screen while a call runs, as the spec's 'Processing...' overlay. */
export default function ProcessingOverlay() {
  const t = useT();
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-50 flex items-center justify-center bg-ink/50">
      <div className="flex items-center gap-3 rounded-lg bg-surface px-6 py-4 shadow-xl">
        <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
        <span className="font-semibold">{t('common.processing')}</span>
      </div>
    </div>
  );
}
