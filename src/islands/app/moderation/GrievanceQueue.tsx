/** Staff's grievance desk: open tickets with their countdowns (overdue first), status changes, the monthly report. */
import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { GRIEVANCE_ACTIONS } from '../../../lib/grievance-rules.ts';
import { useT } from '../../i18n/use-t.tsx';
import {
  $grievanceQueue,
  changeGrievance,
  countdown,
  downloadReport,
  linkHost,
  loadGrievances,
  type StaffGrievance,
} from './grievance-queue.store.ts';

function Ticket({ g }: { g: StaffGrievance }) {
  const t = useT();
  const id = useId();
  const [note, setNote] = useState('');
  const [action, setAction] = useState<string>('content_removed');
  const [busy, setBusy] = useState(false);
  const move = async (status: string) => {
    setBusy(true);
    await changeGrievance(g.ticket, { status, note: note.trim(), ...(status === 'resolved' ? { action_taken: action } : {}) });
    setBusy(false);
  };
  return (
    <li
      className={`rounded-xl border p-4 ${g.overdue ? 'border-red-300 bg-red-50' : 'border-line bg-surface'}`}
      data-testid="grievance-ticket-row"
    >
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <strong>{g.ticket}</strong>
        <span>{t(`grievance.categories.${g.category}`)}</span>
        <span className="rounded-full bg-canvas px-2 py-0.5 font-semibold">{t(`grievance.statuses.${g.status}`)}</span>
        <span className={`ml-auto font-semibold ${g.overdue ? 'text-red-800' : 'text-muted'}`}>{countdown(g, t)}</span>
      </p>
      {/* The complainant's link as text, its host first: staff see where it leads before they copy it anywhere. */}
      <p className="mt-2 text-sm break-all" data-testid="grievance-link">
        <strong>{linkHost(g.content_link) ?? t('grievance.queue.notALink')}</strong> <span className="text-muted">{g.content_link}</span>
      </p>
      <p className="mt-1 text-sm whitespace-pre-line break-words">{g.description}</p>
      <label htmlFor={`${id}-note`} className="mt-3 block text-sm font-semibold">
        {t('grievance.queue.note')}
      </label>
      <textarea id={`${id}-note`} rows={2} value={note} onChange={(e) => setNote(e.target.value)} className="field-input mt-1" />
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {g.status === 'received' && (
          <button type="button" className="btn" disabled={busy} onClick={() => move('acknowledged')}>
            {t('grievance.queue.acknowledge')}
          </button>
        )}
        <select
          aria-label={t('grievance.queue.whatDone')}
          value={action}
          onChange={(e) => setAction(e.target.value)}
          className="field-input w-auto"
        >
          {Object.keys(GRIEVANCE_ACTIONS).map((value) => (
            <option key={value} value={value}>
              {t(`grievance.actions.${value}`)}
            </option>
          ))}
        </select>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => move('resolved')}>
          {t('grievance.queue.resolve')}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => move('rejected')}>
          {t('grievance.queue.reject')}
        </button>
      </div>
    </li>
  );
}

export default function GrievanceQueue() {
  const t = useT();
  const { items: tickets, count, hasMore, loading, error } = useStore($grievanceQueue);
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  useEffect(() => void loadGrievances(true), []);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor="grievance-month" className="font-semibold">
          {t('grievance.queue.reportFor')}
        </label>
        <input id="grievance-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} className="field-input w-auto" />
        <button type="button" className="btn" onClick={() => void downloadReport(month)}>
          {t('grievance.queue.downloadCsv')}
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <p className="text-sm text-muted" aria-live="polite">
        {t('grievance.queue.open', { count })}
      </p>
      {!loading && tickets.length === 0 && !error && (
        <p className="rounded-xl border border-line bg-surface p-6 text-center text-sm text-muted">{t('grievance.queue.none')}</p>
      )}
      <ul className="grid gap-3">
        {tickets.map((g) => (
          <Ticket key={g.ticket} g={g} />
        ))}
      </ul>
      {hasMore && tickets.length > 0 && (
        <button type="button" className="btn self-start" disabled={loading} onClick={() => void loadGrievances()}>
          {t('grievance.queue.showMore')}
        </button>
      )}
    </div>
  );
}
