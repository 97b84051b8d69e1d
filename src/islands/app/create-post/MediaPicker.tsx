import { useId, useRef, useState, type DragEvent } from 'react';
import { ALT_MAX_LENGTH, isUploadable, isVideo } from './create-post.store.ts';
import { UPLOAD_ACCEPT } from '../common/media-types.ts';
import { useObjectUrls } from './use-object-urls.ts';
import { useT } from '../../i18n/use-t.tsx';
import { posterFrameOf } from '../../../lib/browser/video-poster.ts';

type Props = {
  files: File[];
  onChange: (files: File[]) => void;
  /** Each image's description, by file, and how to change one. */
  alts: ReadonlyMap<File, string>;
  onAltChange: (file: File, alt: string) => void;
};

/** The server's upload limit (MAX_UPLOAD_MB), handed to the site when it is built (astro.config.mjs). */
export const MAX_UPLOAD_MB = String(import.meta.env.PUBLIC_MAX_UPLOAD_MB);

/** Drag-and-drop zone and file picker for a post's images and videos, with removable previews. */
export default function MediaPicker({ files, onChange, alts, onAltChange }: Props) {
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [skipped, setSkipped] = useState(0);
  const urls = useObjectUrls(files);

  const add = (list: FileList | null) => {
    const incoming = [...(list ?? [])];
    const media = incoming.filter(isUploadable);
    setSkipped(incoming.length - media.length);
    // Each video's poster frame is drawn now, while the member writes; the post awaits it when sent.
    for (const video of media.filter(isVideo)) void posterFrameOf(video);
    if (media.length) onChange([...files, ...media]);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  return (
    <div>
      <div
        data-testid="media-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex min-h-40 flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed p-6 text-center ${dragging ? 'border-brand-600 bg-brand-50' : 'border-line bg-surface'}`}
      >
        <p className="text-sm">{t('createPost.dropHere')}</p>
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          aria-describedby={hintId}
          className="rounded-full border border-brand-600 px-4 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t('createPost.upload')}
        </button>
        <p id={hintId} className="text-xs text-muted">
          {t('createPost.mediaHint', { mb: MAX_UPLOAD_MB })}
        </p>
        <input
          ref={inputRef}
          type="file"
          accept={UPLOAD_ACCEPT}
          multiple
          hidden
          aria-label={t('createPost.chooseMedia')}
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {skipped > 0 && (
        <p role="status" className="mt-2 text-sm text-red-700">
          {t('createPost.onlyTypes')}
        </p>
      )}
      {files.length > 0 && (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('createPost.selected')}>
          {files.map((file, index) => (
            <li
              key={`${file.name}-${file.lastModified}-${index}`}
              className="relative overflow-hidden rounded-lg border border-line bg-canvas"
            >
              {urls[index] &&
                (isVideo(file) ? (
                  <video src={urls[index]} className="aspect-square w-full object-cover" muted />
                ) : (
                  <img src={urls[index]} alt={alts.get(file)?.trim() || file.name} className="aspect-square w-full object-cover" />
                ))}
              {!isVideo(file) && (
                <textarea
                  aria-label={t('createPost.describeImage', { name: file.name })}
                  placeholder={t('createPost.describePlaceholder')}
                  value={alts.get(file) ?? ''}
                  maxLength={ALT_MAX_LENGTH}
                  rows={2}
                  onChange={(event) => onAltChange(file, event.target.value)}
                  className="block w-full border-t border-line bg-surface px-2 py-1 text-xs"
                />
              )}
              <button
                type="button"
                onClick={() => onChange(files.filter((_, i) => i !== index))}
                aria-label={t('createPost.remove', { name: file.name })}
                className="absolute top-1 right-1 flex h-7 w-7 items-center justify-center rounded-full bg-ink/80 text-white hover:bg-ink"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
