/** A grievance's status, deadlines and history, loaded from the ticket and key in the page's link. */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { formatDateTime, type Lang } from '../../lib/i18n.ts';
import { useLang, useT, withLang } from '../i18n/use-t.tsx';
import { $tracking, loadTracking } from './grievance.store.ts';

const when = (iso: string, lang: Lang) => `${formatDateTime(iso, lang)} IST`;

function GrievanceTracker() {
  const t = useT();
  const lang = useLang();
  const tracking = useStore($tracking);
  useEffect(() => void loadTracking(location.search), []);

  if (tracking.status === 'loading') return <p aria-busy="true">{t('grievance.tracker.loading')}</p>;
  if (tracking.status === 'missing') return <p role="alert">{t('grievance.tracker.missing')}</p>;
  if (tracking.status === 'failed') return <p role="alert">{t('grievance.tracker.failed')}</p>;
  const g = tracking.grievance;
  const closed = g.status === 'resolved' || g.status === 'rejected';
  return (
    <section aria-labelledby="grievance-title" className="max-w-2xl rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <h2 id="grievance-title" className="text-xl font-bold">
        {t('grievance.tracker.ticket', { ticket: g.ticket })}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {t(`grievance.categories.${g.category}`)} · {t('grievance.tracker.filed', { date: when(g.created_at, lang) })}
      </p>
      <p className="mt-4 text-lg">
        {t('grievance.tracker.status')} <strong data-testid="grievance-status">{t(`grievance.statuses.${g.status}`)}</strong>
        {g.action_taken && <> · {t(`grievance.actions.${g.action_taken}`, { defaultValue: g.action_taken })}</>}
      </p>
      {!closed && (
        <ul className="mt-2 text-sm text-muted">
          {!g.acknowledged_at && <li>{t('grievance.tracker.acknowledgeBy', { date: when(g.acknowledge_by, lang) })}</li>}
          <li>{t('grievance.tracker.resolveBy', { date: when(g.resolve_by, lang) })}</li>
        </ul>
      )}
      <h3 className="mt-6 font-semibold">{t('grievance.tracker.history')}</h3>
      <ol className="mt-2 grid gap-3">
        {g.history.map((entry, i) => (
          <li key={i} className="border-l-2 border-brand-200 pl-3">
            <span className="font-semibold">{t(`grievance.statuses.${entry.status}`)}</span>{' '}
            <span className="text-sm text-muted">{when(entry.at, lang)}</span>
            {entry.note && <p className="mt-1 whitespace-pre-line">{entry.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

export default withLang(GrievanceTracker);
