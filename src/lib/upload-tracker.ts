import { atom } from 'nanostores';
import { uploadForm } from './browser/api-client.ts';

/**
 * One screen's upload: its progress in percent while a form with files is on its way (null otherwise), and the
 * means to cancel it. Create post holds one; each comment or reply box holds its own.
 */
export function createUploadTracker() {
  const $percent = atom<number | null>(null);
  let controller: AbortController | null = null;
  return {
    $percent,
    /** Sends the form through `uploadForm`, reporting progress; throws what it throws (UploadCancelled on cancel). */
    async send<T>(path: string, form: FormData): Promise<T> {
      controller = new AbortController();
      $percent.set(0);
      try {
        return await uploadForm<T>(path, form, {
          signal: controller.signal,
          onProgress: ({ loaded, total }) => $percent.set(total > 0 ? Math.min(100, Math.floor((loaded * 100) / total)) : 0),
        });
      } finally {
        controller = null;
        $percent.set(null);
      }
    },
    cancel(): void {
      controller?.abort();
    },
  };
}

export type UploadTracker = ReturnType<typeof createUploadTracker>;
