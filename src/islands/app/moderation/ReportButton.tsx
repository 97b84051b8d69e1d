/**
 * "Report" on a post card, the post page and each comment. The dialog (reason, optional note) belongs to the
 * button whose item is being reported, so it works in whichever island the button sits.
 */
import { useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from '../../../lib/moderation-rules.ts';
import {
  $reportSending,
  $reportTarget,
  closeReport,
  openReport,
  sameTarget,
  sendReport,
  type ReportTarget,
} from '../../../stores/report.store.ts';
import { useModalDialog } from '../shell/use-modal-dialog.ts';
import { useT } from '../../i18n/use-t.tsx';

const FlagIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width="18"
    height="18"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M4 22V4M4 4h12l-2 4 2 4H4" />
  </svg>
);

function ReportDialog({ target, what }: { target: ReportTarget; what: 'post' | 'comment' }) {
  const t = useT();
  const open = sameTarget(useStore($reportTarget), target);
  const sending = useStore($reportSending);
  const ref = useModalDialog(open, () => sameTarget($reportTarget.get(), target) && closeReport());
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [missing, setMissing] = useState(false);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason) {
      setMissing(true);
      return;
    }
    const note = String(new FormData(event.currentTarget).get('note') ?? '');
    if (await sendReport(reason, note)) setReason('');
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      className="mx-auto mt-20 w-[calc(100%-1.5rem)] max-w-md rounded-2xl bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/40"
    >
      {open && (
        <form onSubmit={submit} className="flex flex-col gap-4 p-5" noValidate>
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {t(what === 'post' ? 'report.titlePost' : 'report.titleComment')}
          </h2>
          <fieldset aria-describedby={missing ? `${id}-missing` : undefined}>
            <legend className="text-sm font-semibold">{t('report.why')}</legend>
            <div className="mt-2 grid gap-1.5">
              {(Object.keys(REPORT_REASONS) as ReportReason[]).map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => (setReason(value), setMissing(false))}
                  />
                  {t(`report.reasons.${value}`)}
                </label>
              ))}
            </div>
            {missing && (
              <p id={`${id}-missing`} className="field-error">
                {t('report.chooseReason')}
              </p>
            )}
          </fieldset>
          <label className="text-sm font-semibold" htmlFor={`${id}-note`}>
            {t('report.note')}
          </label>
          <textarea id={`${id}-note`} name="note" rows={3} maxLength={REPORT_NOTE_MAX} className="field-input -mt-2 resize-y" />
          <p className="text-xs text-muted">{t('report.private')}</p>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn" onClick={() => ref.current?.close()}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={sending}>
              {sending ? t('report.sending') : t('report.send')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

export function ReportButton({ target, compact = false }: { target: ReportTarget; compact?: boolean }) {
  const t = useT();
  const what = target.kind === 'post' ? 'post' : 'comment';
  return (
    <>
      <button
        type="button"
        onClick={() => openReport(target)}
        aria-label={t(what === 'post' ? 'report.titlePost' : 'report.titleComment')}
        className={`inline-flex items-center gap-1.5 rounded-full ${compact ? 'px-2 py-1' : 'px-2.5 py-1.5'} text-sm font-medium text-muted hover:bg-brand-50 hover:text-ink`}
      >
        <FlagIcon />
        <span>{t('post.report')}</span>
      </button>
      <ReportDialog target={target} what={what} />
    </>
  );
}
