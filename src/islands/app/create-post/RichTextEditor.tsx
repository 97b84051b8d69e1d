import { useEffect, useRef, useState, type RefObject } from 'react';
import type { PostEditor } from './quill-editor.ts';

type Props = { editorRef: RefObject<PostEditor | null>; labelId: string };

/** Mounts Quill after hydration; the import is dynamic so Quill and its CSS ship with this page only. */
export default function RichTextEditor({ editorRef, labelId }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let editor: PostEditor | null = null;
    import('./quill-editor.ts')
      .then(({ createPostEditor }) => {
        if (cancelled || !containerRef.current) return;
        editor = createPostEditor(containerRef.current, { placeholder: 'Body text (optional)', labelledBy: labelId });
        editorRef.current = editor;
        setState('ready');
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
  }, [editorRef, labelId]);

  return (
    // Quill's own CSS removes the editor's outline: the writing area shows the keyboard focus on its frame instead.
    <div className="post-editor bg-surface [&_.ql-container:focus-within]:outline-3 [&_.ql-container:focus-within]:outline-brand-600" data-state={state}>
      {state === 'loading' && <p className="p-3 text-sm text-muted">Loading editor...</p>}
      {state === 'failed' && <p className="p-3 text-sm text-red-700">The editor could not be loaded. Reload the page to try again.</p>}
      <div ref={containerRef} className="min-h-40" />
    </div>
  );
}
