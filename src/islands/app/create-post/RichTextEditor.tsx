import { useEffect, useRef, useState, type RefObject } from 'react';
import type { PostEditor } from './quill-editor.ts';
import { useT } from '../../i18n/use-t.tsx';

type Props = {
  editorRef: RefObject<PostEditor | null>;
  labelId: string;
  /** Called once the editor is there (to put a draft's text in and follow changes). */
  onReady?: (editor: PostEditor) => void;
};

/** Mounts Quill after hydration; the import is dynamic so Quill and its CSS ship with this page only. */
export default function RichTextEditor({ editorRef, labelId, onReady }: Props) {
  const readyRef = useRef(onReady);
  readyRef.current = onReady;
  const t = useT();
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let editor: PostEditor | null = null;
    import('./quill-editor.ts')
      .then(({ createPostEditor }) => {
        if (cancelled || !containerRef.current) return;
        editor = createPostEditor(containerRef.current, { placeholder: t('createPost.bodyPlaceholder'), labelledBy: labelId, t });
        editorRef.current = editor;
        setState('ready');
        readyRef.current?.(editor);
      })
      .catch((error: unknown) => {
        console.error('Failed to load the editor', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      editor?.destroy();
      editorRef.current = null;
    };
  }, [editorRef, labelId, t]);

  return (
    // Quill's own CSS removes the editor's outline: the writing area shows the keyboard focus on its frame instead.
    <div
      className="post-editor bg-surface [&_.ql-container:focus-within]:outline-3 [&_.ql-container:focus-within]:outline-brand-600"
      data-state={state}
    >
      {state === 'loading' && <p className="p-3 text-sm text-muted">{t('createPost.loadingEditor')}</p>}
      {state === 'failed' && <p className="p-3 text-sm text-red-700">{t('createPost.editorFailed')}</p>}
      <div ref={containerRef} className="min-h-40" />
    </div>
  );
}
