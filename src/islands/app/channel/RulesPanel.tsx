import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { rulesPanel } from './rules-panel.ts';
import { useT } from '../../i18n/use-t.tsx';
import { $rules, loadRules } from './rules.store.ts';

/** A channel's rules as its owner wrote them, or the site's short default rules (while loading: a line saying so). */
export default function RulesPanel({ circleId, name }: { circleId: number | null; name: string }) {
  const t = useT();
  const all = useStore($rules);
  const rules = circleId === null ? null : (all[circleId] ?? null);
  useEffect(() => {
    if (circleId !== null) void loadRules(circleId);
  }, [circleId]);
  const panel = rulesPanel(rules);
  return (
    <section className="rounded-lg border border-line bg-surface p-4" aria-busy={rules === null} data-testid="channel-rules">
      <h2 className="mb-2 font-bold wrap-anywhere">
        {panel.own ? t('postDetail.rules.title', { name }) : t('postDetail.rules.siteTitle')}
      </h2>
      {rules === null ? (
        <p className="text-sm text-muted">{t('postDetail.rules.loading')}</p>
      ) : (
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          {panel.own
            ? panel.rules.map((rule, index) => (
                <li key={index} className="wrap-anywhere">
                  <strong>{rule.title}</strong>
                  {rule.body && <span className="block text-muted">{rule.body}</span>}
                </li>
              ))
            : panel.keys.map((key) => (
                <li key={key}>
                  <strong>{t(`${key}.title`)}</strong>
                  <span className="block text-muted">{t(`${key}.body`)}</span>
                </li>
              ))}
        </ol>
      )}
    </section>
  );
}
