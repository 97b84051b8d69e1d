import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ApiError, errorMessage } from '../../../lib/browser/api-client.ts';
import type { CircleRule } from '../../../lib/api-types.ts';
import { toast } from '../../../lib/toast.ts';
import FieldError from '../shell/FieldError.tsx';
import { $rules, saveRules } from './rules.store.ts';
import { useT } from '../../i18n/use-t.tsx';

export const MAX_RULES = 10;

/** The owner writes the channel's rules: up to 10, each a title and a sentence (PUT /api/circles/{id}/rules/). */
export default function ChannelRulesEditor({ circleId }: { circleId: number }) {
  const t = useT();
  const saved = useStore($rules)[circleId];
  const [draft, setDraft] = useState<CircleRule[] | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const rules = draft ?? saved ?? [];

  const change = (index: number, field: keyof CircleRule, value: string) =>
    setDraft(rules.map((rule, i) => (i === index ? { ...rule, [field]: value } : rule)));
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const cleaned = rules.map((rule) => ({ title: rule.title.trim(), body: rule.body.trim() })).filter((rule) => rule.title || rule.body);
    if (cleaned.some((rule) => !rule.title)) return setError(t('channelPage.ruleNeedsTitle'));
    setSaving(true);
    setError(undefined);
    try {
      await saveRules(circleId, cleaned);
      setDraft(null);
      void toast(t('channelPage.rulesSaved'), 'success');
    } catch (failure) {
      setError(failure instanceof ApiError ? errorMessage(failure.data, t('channelPage.rulesFailed')) : t('channelPage.rulesFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} className="space-y-3" aria-label={t('channelPage.rules')}>
      <h3 className="font-semibold">{t('channelPage.rules')}</h3>
      <p className="text-sm text-muted">{t('channelPage.rulesHint')}</p>
      {rules.map((rule, index) => (
        <fieldset key={index} className="space-y-1 rounded-lg border border-line p-2">
          <legend className="px-1 text-xs text-muted">{t('channelPage.ruleNumber', { number: index + 1 })}</legend>
          <input
            aria-label={t('channelPage.ruleTitle', { number: index + 1 })}
            value={rule.title}
            maxLength={100}
            onChange={(e) => change(index, 'title', e.target.value)}
            className="field-input"
          />
          <input
            aria-label={t('channelPage.ruleBody', { number: index + 1 })}
            value={rule.body}
            maxLength={500}
            onChange={(e) => change(index, 'body', e.target.value)}
            className="field-input"
          />
          <button type="button" className="text-sm text-muted underline" onClick={() => setDraft(rules.filter((_, i) => i !== index))}>
            {t('channelPage.removeRule')}
          </button>
        </fieldset>
      ))}
      <FieldError id={`rules-${circleId}-error`} message={error} />
      <div className="flex flex-wrap gap-2">
        {rules.length < MAX_RULES && (
          <button type="button" className="btn" onClick={() => setDraft([...rules, { title: '', body: '' }])}>
            {t('channelPage.addRule')}
          </button>
        )}
        <button
          type="submit"
          disabled={saving || draft === null}
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {t('channelPage.saveRules')}
        </button>
      </div>
    </form>
  );
}
