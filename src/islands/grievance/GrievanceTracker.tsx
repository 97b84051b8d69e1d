/** A grievance's status, deadlines and history, loaded from the ticket and key in the page's link. */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { GRIEVANCE_ACTIONS, type GrievanceAction } from '../../lib/grievance-rules.ts';
import { $tracking, TRACKING_FAILED, TRACKING_MISSING, loadTracking } from './grievance.store.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }) + ' IST';

export default function GrievanceTracker() {
  const tracking = useStore($tracking);
  useEffect(() => void loadTracking(location.search), []);

  if (tracking.status === 'loading') return <p aria-busy="true">Loading your grievance…</p>;
  if (tracking.status === 'missing') return <p role="alert">{TRACKING_MISSING}</p>;
  if (tracking.status === 'failed') return <p role="alert">{TRACKING_FAILED}</p>;
  const g = tracking.grievance;
  const closed = g.status === 'resolved' || g.status === 'rejected';
  return (
    <section aria-labelledby="grievance-title" className="max-w-2xl rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <h2 id="grievance-title" className="text-xl font-bold">Ticket {g.ticket}</h2>
      <p className="mt-1 text-sm text-muted">{g.category_label} · filed {when(g.created_at)}</p>
      <p className="mt-4 text-lg">
        Status: <strong data-testid="grievance-status">{g.status_label}</strong>
        {g.action_taken && <> · {GRIEVANCE_ACTIONS[g.action_taken as GrievanceAction] ?? g.action_taken}</>}
      </p>
      {!closed && (
        <ul className="mt-2 text-sm text-muted">
          {!g.acknowledged_at && <li>We acknowledge it by {when(g.acknowledge_by)}.</li>}
          <li>We resolve it by {when(g.resolve_by)}.</li>
        </ul>
      )}
      <h3 className="mt-6 font-semibold">History</h3>
      <ol className="mt-2 grid gap-3">
        {g.history.map((entry, i) => (
          <li key={i} className="border-l-2 border-brand-200 pl-3">
            <span className="font-semibold">{entry.label}</span> <span className="text-sm text-muted">{when(entry.at)}</span>
            {entry.note && <p className="mt-1 whitespace-pre-line">{entry.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
