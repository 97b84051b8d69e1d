import { useEffect, useId, useState } from 'react';
import { useT } from '../../i18n/use-t.tsx';
import { CREDENTIAL_CHOICES, REQUIREMENT_KINDS, searchInstitutions, type InstitutionHit, type RequirementChoice } from './requirement.ts';

const field = 'w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm';

/** "Who can join": anyone, an academic e-mail, one institution (searched by name or domain) or a credential kind. */
export default function RequirementPicker({
  value,
  onChange,
  error,
}: {
  value: RequirementChoice;
  onChange: (choice: RequirementChoice) => void;
  error?: string;
}) {
  const t = useT();
  const id = useId();
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<InstitutionHit[]>([]);
  useEffect(() => {
    if (value.kind !== 'institution') return;
    let current = true;
    const timer = setTimeout(() => void searchInstitutions(query).then((found) => current && setHits(found)), 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, value.kind]);

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-semibold">{t('verifications.whoCanJoin')}</legend>
      <div className="space-y-2">
        {REQUIREMENT_KINDS.map((kind) => (
          <label
            key={kind}
            className={`flex cursor-pointer gap-3 rounded-lg border p-3 ${value.kind === kind ? 'border-brand-600 bg-brand-50' : 'border-line'}`}
          >
            <input
              type="radio"
              name={`${id}-requirement`}
              value={kind}
              checked={value.kind === kind}
              onChange={() => onChange({ kind, value: kind === 'credential' ? CREDENTIAL_CHOICES[0] : '' })}
              className="mt-1 accent-brand-600"
            />
            <span>
              <span className="block font-semibold">{t(`verifications.kinds.${kind}.label`)}</span>
              <span className="block text-sm text-muted">{t(`verifications.kinds.${kind}.hint`)}</span>
            </span>
          </label>
        ))}
      </div>
      {value.kind === 'institution' && (
        <div className="mt-3 space-y-2">
          <label htmlFor={`${id}-institution`} className="block text-sm font-semibold">
            {t('verifications.institutionLabel')}
          </label>
          <input
            id={`${id}-institution`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('verifications.institutionPlaceholder')}
            className={field}
            autoComplete="off"
          />
          {hits.length > 0 && (
            <ul className="max-h-56 overflow-y-auto rounded-lg border border-line" aria-label={t('verifications.institutions')}>
              {hits.map((hit) => (
                <li key={hit.domain}>
                  <button
                    type="button"
                    aria-pressed={value.value === hit.domain}
                    onClick={() => onChange({ kind: 'institution', value: hit.domain })}
                    className={`block w-full px-3 py-2 text-left text-sm hover:bg-brand-50 ${value.value === hit.domain ? 'bg-brand-50 font-semibold' : ''}`}
                  >
                    {hit.label} <span className="text-muted">@{hit.domain}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p className="text-sm text-muted" aria-live="polite">
            {value.value ? t('verifications.chosen', { domain: value.value }) : t('verifications.noneChosen')}
          </p>
        </div>
      )}
      {value.kind === 'credential' && (
        <div className="mt-3 space-y-1">
          <label htmlFor={`${id}-credential`} className="block text-sm font-semibold">
            {t('verifications.credential')}
          </label>
          <select
            id={`${id}-credential`}
            value={value.value}
            onChange={(event) => onChange({ kind: 'credential', value: event.target.value })}
            className={field}
          >
            {CREDENTIAL_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`verifications.credentials.${choice}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
