import { useStore } from '@nanostores/react';
import { UploadProgress } from '../shell/UploadProgress.tsx';
import { postUpload } from './create-post.store.ts';
import { useT } from '../../i18n/use-t.tsx';

/** Covers the screen while a call runs, as the spec's '{t('common.processing')}' overlay; while files upload, their progress and Cancel. */
export default function ProcessingOverlay() {
  const t = useT();
  const percent = useStore(postUpload.$percent);
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-50 flex items-center justify-center bg-ink/50">
      {percent === null ? (
        <div className="flex items-center gap-3 rounded-lg bg-surface px-6 py-4 shadow-xl">
          <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
          <span className="font-semibold">{t('common.processing')}</span>
        </div>
      ) : (
        <div className="w-80 max-w-[90vw] rounded-lg bg-surface px-6 py-4 shadow-xl">
          <UploadProgress percent={percent} onCancel={postUpload.cancel} />
        </div>
      )}
    </div>
  );
}
