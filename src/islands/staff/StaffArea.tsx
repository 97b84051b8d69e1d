import { lazy, Suspense, useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useT, withLang } from '../i18n/use-t.tsx';
import { queuesFor, type StaffRoleName } from './queues.ts';

/**
 * The staff area: one tab per queue (arrow keys move between tabs, the URL hash keeps the open one across
 * reloads) and the open queue below. The page renders only for staff; the API checks the role on every call.
 */
function StaffArea({ role }: { role: StaffRoleName }) {
  const t = useT();
  const queues = useMemo(() => queuesFor(role).map((queue) => ({ ...queue, Component: lazy(queue.load) })), [role]);
  const [open, setOpen] = useState(queues[0]?.key ?? '');
  const baseId = useId();

  useEffect(() => {
    const fromHash = () => {
      const key = window.location.hash.slice(1);
      if (queues.some((queue) => queue.key === key)) setOpen(key);
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, [queues]);

  const select = (key: string) => {
    setOpen(key);
    history.replaceState(null, '', `#${key}`);
  };
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = queues[(index + step + queues.length) % queues.length];
    select(next.key);
    document.getElementById(`${baseId}-${next.key}`)?.focus();
  };
  const current = queues.find((queue) => queue.key === open);

  return (
    <section className="flex flex-col gap-4" aria-labelledby={`${baseId}-title`}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 id={`${baseId}-title`} className="text-2xl font-bold text-ink">
          {t('staff.title')}
        </h1>
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold capitalize text-brand-700">
          {t(`staff.roles.${role}`)}
        </span>
      </header>
      {queues.length === 0 ? (
        <p className="rounded-xl border border-line bg-surface p-6 text-center text-sm text-muted">{t('staff.noQueues')}</p>
      ) : (
        <>
          <div role="tablist" aria-label={t('staff.queuesLabel')} className="flex gap-1 overflow-x-auto border-b border-line">
            {queues.map((queue, index) => (
              <button
                key={queue.key}
                id={`${baseId}-${queue.key}`}
                type="button"
                role="tab"
                aria-selected={open === queue.key}
                aria-controls={`${baseId}-panel`}
                tabIndex={open === queue.key ? 0 : -1}
                onClick={() => select(queue.key)}
                onKeyDown={(event) => onKey(event, index)}
                className={`shrink-0 border-b-2 px-4 py-2 text-sm font-semibold ${open === queue.key ? 'border-brand-600 text-brand-700' : 'border-transparent text-muted hover:text-ink'}`}
              >
                {t(`staff.queues.${queue.key}.title`)}
              </button>
            ))}
          </div>
          {current && (
            <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${current.key}`} className="flex flex-col gap-3">
              <p className="text-sm text-muted">{t(`staff.queues.${current.key}.summary`)}</p>
              <Suspense fallback={<p className="text-sm text-muted">{t('common.loading')}</p>}>
                <current.Component />
              </Suspense>
            </div>
          )}
        </>
      )}
    </section>
  );
}

export default withLang(StaffArea);
