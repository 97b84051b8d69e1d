import { useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ApiError, UploadCancelled } from '../../../lib/browser/api-client.ts';
import { createUploadTracker, type UploadTracker } from '../../../lib/upload-tracker.ts';
import { UploadProgress } from '../shell/UploadProgress.tsx';
import FieldError from '../shell/FieldError.tsx';
import { showVerificationNeeded } from '../../../stores/verification-gate.store.ts';
import { useObjectUrls } from '../create-post/use-object-urls.ts';
import { UPLOAD_ACCEPT } from '../common/media-types.ts';
import { posterFrameOf } from '../../../lib/browser/video-poster.ts';
// Nine buttons: part of this page's code rather than a chunk of its own, so the picker opens on the click.
import EmojiPicker from './EmojiPicker.tsx';
import { useT } from '../../i18n/use-t.tsx';
import { addComment, COMMENT_EMPTY, COMMENT_FAILED, isCommentEmpty, MEDIA_TYPE_ERROR, mediaKindOf } from './post-detail.store.ts';

const SmileIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <circle cx="12" cy="12" r="9" />
    <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
  </svg>
);

type Props = {
  /** Sends the text and file (through the box's upload tracker); the post's comment box by default, a reply box passes its own. */
  onSend?: (text: string, file: File | null, upload: UploadTracker, alt: string) => Promise<void>;
  label?: string;
  submitLabel?: string;
  autoFocus?: boolean;
  onCancel?: () => void;
};

/** Text, one image or video, and an emoji picker; Enter without Shift submits. The comment box and every reply box. */
export default function CommentBox({
  onSend = addComment,
  label: labelProp,
  submitLabel: submitProp,
  autoFocus = false,
  onCancel,
}: Props = {}) {
  const t = useT();
  const label = labelProp ?? t('postDetail.addComment');
  const submitLabel = submitProp ?? t('postDetail.comment');
  const id = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const files = useMemo(() => (file ? [file] : []), [file]);
  const [preview] = useObjectUrls(files);
  const empty = isCommentEmpty(text, file);
  const [upload] = useState(createUploadTracker);
  const percent = useStore(upload.$percent);

  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (sending) return;
    if (empty) return setError(t(COMMENT_EMPTY));
    setSending(true);
    setError(null);
    try {
      await onSend(text, file, upload, alt);
      setText('');
      setFile(null);
      setAlt('');
      setPickerOpen(false);
    } catch (failure) {
      // Cancelled: the text and the file stay, ready to send again.
      if (failure instanceof UploadCancelled) return;
      // A verified channel's refusal also opens the notice at the top (how to verify); the box says why right here.
      showVerificationNeeded(failure);
      console.error('Failed to add comment', failure);
      // The server's reason (offline and kept, too large, not verified, the connection dropped) beside the box; the text stays.
      setError(
        failure instanceof ApiError && failure.message
          ? failure.status === 0
            ? failure.message
            : `${t(COMMENT_FAILED)} ${failure.message}`
          : t(COMMENT_FAILED),
      );
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const insertEmoji = (emoji: string) => {
    const area = textRef.current;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const onFile = (picked: File | undefined) => {
    if (!picked) return;
    if (!mediaKindOf(picked)) return setError(t(MEDIA_TYPE_ERROR));
    setError(null);
    // A video's poster frame is drawn now, while the member writes; the comment awaits it when sent.
    if (mediaKindOf(picked) === 'video') void posterFrameOf(picked);
    setFile(picked);
  };

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit();
      }}
      // The text area draws no outline of its own (it fills the box); the box shows the keyboard focus instead.
      className="rounded-lg border border-line bg-surface p-3 has-[textarea:focus-visible]:outline-3 has-[textarea:focus-visible]:outline-brand-600"
    >
      <label htmlFor={`${id}-text`} className="sr-only">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        ref={textRef}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={label}
        // A reply box opens where the reader pressed Reply, ready to type.
        autoFocus={autoFocus}
        className="w-full resize-y rounded border-0 p-1 focus:outline-none"
      />
      {file && preview && (
        <div className="relative mt-2 inline-block">
          {mediaKindOf(file) === 'video' ? (
            <video src={preview} className="max-h-40 rounded" muted />
          ) : (
            <img src={preview} alt={file.name} className="max-h-40 rounded" />
          )}
          <button
            type="button"
            onClick={() => setFile(null)}
            aria-label={t('postDetail.remove', { name: file.name })}
            className="absolute top-1 right-1 flex h-7 w-7 items-center justify-center rounded-full bg-ink/80 text-white"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
      {file && mediaKindOf(file) === 'image' && (
        <input
          type="text"
          value={alt}
          maxLength={1000}
          onChange={(event) => setAlt(event.target.value)}
          aria-label={t('createPost.describeImage', { name: file.name })}
          placeholder={t('createPost.describePlaceholder')}
          className="mt-2 block w-full rounded border border-line px-2 py-1 text-sm"
        />
      )}
      {percent !== null && (
        <div className="mt-2">
          <UploadProgress percent={percent} onCancel={upload.cancel} />
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
      <div className="mt-2 flex items-center gap-2">
        <div className="relative" onKeyDown={(event) => event.key === 'Escape' && setPickerOpen(false)}>
          <button
            type="button"
            aria-expanded={pickerOpen}
            onClick={() => setPickerOpen(!pickerOpen)}
            className="rounded-full p-2 text-muted hover:bg-canvas hover:text-ink"
            aria-label={t('postDetail.addEmoji')}
          >
            <SmileIcon />
          </button>
          {pickerOpen && <EmojiPicker onPick={insertEmoji} />}
        </div>
        <button
          type="button"
          onClick={() => fileRef.current?.click()}
          className="rounded-full px-3 py-1 text-sm font-semibold text-muted hover:bg-canvas"
        >
          {t('postDetail.attachMedia')}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept={UPLOAD_ACCEPT}
          hidden
          aria-label={t('postDetail.chooseMedia')}
          onChange={(event) => {
            onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            className="ml-auto rounded-full px-3 py-1 text-sm font-semibold text-muted hover:bg-canvas"
          >
            {t('common.cancel')}
          </button>
        )}
        <button
          type="submit"
          disabled={empty || sending}
          className={`${onCancel ? '' : 'ml-auto '}rounded-full bg-brand-600 px-5 py-1.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60`}
        >
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
