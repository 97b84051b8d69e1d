import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';
import { useT } from '../../i18n/use-t.tsx';

type Question = { message: string; confirmLabel: string };

/**
 * A question asked in the page, not through the browser's confirm(): `ask()` opens a modal <dialog> and resolves true
 * when the member confirms, false when they cancel, press Escape or click outside. Render the returned element once.
 */
export function useConfirmDialog(): [(message: string, confirmLabel: string) => Promise<boolean>, ReactNode] {
  const t = useT();
  const [question, setQuestion] = useState<Question | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);
  const settle = (yes: boolean) => {
    answer.current?.(yes);
    answer.current = null;
    setQuestion(null);
  };
  const ref = useModalDialog(question !== null, () => settle(false));
  const ask = useCallback(
    (message: string, confirmLabel: string) =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = resolve;
        setQuestion({ message, confirmLabel });
      }),
    [],
  );
  const element = (
    <dialog
      ref={ref}
      aria-label={question?.message}
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-5 text-ink shadow-xl backdrop:bg-black/40"
    >
      {question && (
        <>
          <p className="text-base">{question.message}</p>
          <div className="mt-4 flex justify-end gap-2">
            <button
              type="button"
              data-autofocus
              className="rounded-full border border-line px-4 py-2 text-sm font-semibold hover:bg-brand-50"
              onClick={() => settle(false)}
            >
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="rounded-full bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
              onClick={() => settle(true)}
            >
              {question.confirmLabel}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
  return [ask, element];
}
