import { useT } from '../../i18n/use-t.tsx';

/**
 * An upload on its way: a bar with the percent sent and a Cancel button. At 100 % the server is still checking and
 * re-encoding the files, so the bar says so and Cancel goes.
 */
export function UploadProgress({ percent, onCancel }: { percent: number; onCancel: () => void }) {
  const t = useT();
  const finished = percent >= 100;
  return (
    <div className="flex w-full flex-col gap-2" aria-live="polite">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="font-semibold">{finished ? t('media.processing') : t('media.uploadingPercent', { percent })}</span>
        {!finished && (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-full px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {t('media.cancelUpload')}
          </button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={t('media.uploading')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-canvas"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
