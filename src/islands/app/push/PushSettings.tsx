import { useStore } from '@nanostores/react';
import { useEffect, useId, type FormEvent } from 'react';
import { PUSH_KINDS } from '../../../lib/push-rules.ts';
import { useT } from '../../i18n/use-t.tsx';
import { $pushSettings, loadPushSettings, saveChoices, setQuiet, toggleKind, turnOff, turnOn } from './push.store.ts';

const primary = 'rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60';
const secondary = 'rounded-full border border-line px-4 py-2 text-sm font-semibold hover:bg-canvas disabled:opacity-60';
const timeField = 'rounded-lg border border-line bg-surface px-2 py-1 text-sm disabled:opacity-60';

/** The profile's push notifications: turn them on in this browser, choose the kinds and quiet hours, turn them off. */
export default function PushSettings() {
  const t = useT();
  const id = useId();
  const { status, kinds, quiet, busy, notice, error } = useStore($pushSettings);
  useEffect(() => {
    void loadPushSettings();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (status === 'on' ? saveChoices() : turnOn());
  };
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-5">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('push.heading')}
      </h2>
      <p className="text-sm text-muted">{t('push.hint')}</p>
      {status === 'unsupported' && <p className="text-sm">{t('push.unsupported')}</p>}
      {status === 'denied' && <p className="text-sm">{t('push.denied')}</p>}
      {(status === 'on' || status === 'off') && (
        <form onSubmit={submit} className="flex flex-col gap-3">
          {status === 'on' && <p className="text-sm font-semibold text-brand-700">{t('push.on')}</p>}
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 font-semibold">{t('push.kindsLegend')}</legend>
            {PUSH_KINDS.map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={kinds.includes(kind)} onChange={(e) => toggleKind(kind, e.target.checked)} />
                {t(`push.kinds.${kind}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="flex flex-col gap-1">
            <legend className="sr-only">{t('push.quietLabel')}</legend>
            <label className="flex items-center gap-2 text-sm font-semibold">
              <input type="checkbox" checked={quiet.enabled} onChange={(e) => setQuiet({ enabled: e.target.checked })} />
              {t('push.quietLabel')}
            </label>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <label className="flex items-center gap-1">
                {t('push.quietFrom')}
                <input
                  type="time"
                  value={quiet.start}
                  disabled={!quiet.enabled}
                  onChange={(e) => setQuiet({ start: e.target.value })}
                  className={timeField}
                />
              </label>
              <label className="flex items-center gap-1">
                {t('push.quietTo')}
                <input
                  type="time"
                  value={quiet.end}
                  disabled={!quiet.enabled}
                  onChange={(e) => setQuiet({ end: e.target.value })}
                  className={timeField}
                />
              </label>
            </div>
            <p className="text-xs text-muted">{t('push.quietHint')}</p>
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primary} disabled={busy || kinds.length === 0}>
              {status === 'on' ? t('push.save') : t('push.turnOn')}
            </button>
            {status === 'on' && (
              <button type="button" className={secondary} disabled={busy} onClick={() => void turnOff()}>
                {t('push.turnOff')}
              </button>
            )}
          </div>
        </form>
      )}
      {notice && (
        <p role="status" className="text-sm">
          {t(notice)}
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}
