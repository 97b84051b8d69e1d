import { useState, type FormEvent } from 'react';
import { api, errorMessage, ApiError } from '../../../lib/browser/api-client.ts';
import type { Circle } from '../../../lib/api-types.ts';
import { toast } from '../../../lib/toast.ts';
import RequirementPicker from '../verifications/RequirementPicker.tsx';
import { choiceOf, isComplete, requirementBody, type RequirementChoice } from '../verifications/requirement.ts';
import { $channel } from './channel.store.ts';
import { useT } from '../../i18n/use-t.tsx';

/** The owner's settings: who can join (PATCH /api/circles/{id}/). */
export default function ChannelSettings({ circle }: { circle: Circle }) {
  const t = useT();
  const [choice, setChoice] = useState<RequirementChoice>(choiceOf(circle.requirement));
  const [altRequired, setAltRequired] = useState(circle.alt_text_required);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!isComplete(choice)) return setError(t('channelPage.chooseInstitution'));
    setSaving(true);
    setError(undefined);
    try {
      const updated = await api<Circle>(`/api/circles/${circle.id}/`, {
        method: 'PATCH',
        body: { requirement: requirementBody(choice), alt_text_required: altRequired },
      });
      $channel.set({ status: 'ready', circle: updated });
      void toast(t('channelPage.settingsSaved'), 'success');
    } catch (failure) {
      setError(failure instanceof ApiError ? errorMessage(failure.data, t('channelPage.settingsFailed')) : t('channelPage.settingsFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <details className="rounded-xl border border-line bg-surface p-4">
      <summary className="cursor-pointer font-semibold">{t('channelPage.settings')}</summary>
      <form onSubmit={(event) => void save(event)} className="mt-3 space-y-3">
        <RequirementPicker value={choice} onChange={setChoice} error={error} />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" checked={altRequired} onChange={(event) => setAltRequired(event.target.checked)} className="mt-1" />
          <span>{t('channelPage.altTextRequired')}</span>
        </label>
        <button
          type="submit"
          disabled={saving}
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {t('channelPage.saveSettings')}
        </button>
      </form>
    </details>
  );
}
