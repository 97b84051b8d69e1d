/**
 * The complaint form of the grievance page, open to anyone. Uncontrolled fields keep what was typed before
 * hydration; once filed, the form gives way to the ticket number and the private tracking link.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { GRIEVANCE_CATEGORIES } from '../../lib/grievance-rules.ts';
import { useT, withLang } from '../i18n/use-t.tsx';
import { $filing, fileGrievance, grievanceErrors, type GrievanceErrors, type GrievanceFields } from './grievance.store.ts';

const FIELD_IDS: Record<keyof GrievanceFields, string> = {
  category: 'grievance-category',
  content_link: 'grievance-link',
  description: 'grievance-description',
  email: 'grievance-email',
};

function GrievanceForm() {
  const t = useT();
  const filing = useStore($filing);
  const [hydrated, setHydrated] = useState(false);
  const [errors, setErrors] = useState<GrievanceErrors>({});
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (filing.status === 'failed') setErrors(filing.errors);
  }, [filing]);
  const sending = filing.status === 'sending';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fields = Object.fromEntries(
      (Object.keys(FIELD_IDS) as (keyof GrievanceFields)[]).map((k) => [k, String(data.get(k) ?? '')]),
    ) as GrievanceFields;
    const found = grievanceErrors(fields, t);
    setErrors(found);
    const first = (Object.keys(FIELD_IDS) as (keyof GrievanceFields)[]).find((k) => found[k]);
    if (first) {
      document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    await fileGrievance(fields);
  }

  if (filing.status === 'filed') {
    return (
      <section aria-labelledby="grievance-filed" className="rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6" role="status">
        <h2 id="grievance-filed" className="text-xl font-bold">
          {t('grievance.form.filed')}
        </h2>
        <p className="mt-2">
          {t('grievance.form.ticketBefore')} <strong data-testid="grievance-ticket">{filing.ticket}</strong>
          {t('grievance.form.ticketAfter')}
        </p>
        <p className="mt-2 text-sm text-muted">{t('grievance.form.keepPrivate')}</p>
        <a href={filing.trackingUrl} className="btn btn-primary mt-4">
          {t('grievance.track')}
        </a>
      </section>
    );
  }

  const field = (name: keyof GrievanceFields) => ({
    id: FIELD_IDS[name],
    name,
    disabled: sending,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${FIELD_IDS[name]}-error` : undefined,
    onInput: () => errors[name] && setErrors({ ...errors, [name]: undefined }),
  });
  const error = (name: keyof GrievanceFields) =>
    errors[name] && (
      <p id={`${FIELD_IDS[name]}-error`} className="field-error">
        {errors[name]}
      </p>
    );

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="grievance-form-title"
      className="rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="grievance-form-title" className="text-xl font-bold">
        {t('grievance.form.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('grievance.form.lead')}</p>

      <label htmlFor={FIELD_IDS.category} className="mt-5 block text-sm font-semibold">
        {t('grievance.form.category')}
      </label>
      <select {...field('category')} defaultValue="" className="field-input mt-1.5">
        <option value="" disabled>
          {t('grievance.form.chooseCategory')}
        </option>
        {Object.keys(GRIEVANCE_CATEGORIES).map((value) => (
          <option key={value} value={value}>
            {t(`grievance.categories.${value}`)}
          </option>
        ))}
      </select>
      {error('category')}

      <label htmlFor={FIELD_IDS.content_link} className="mt-4 block text-sm font-semibold">
        {t('grievance.form.link')}
      </label>
      <input
        {...field('content_link')}
        type="text"
        inputMode="url"
        placeholder={t('grievance.form.linkPlaceholder')}
        className="field-input mt-1.5"
      />
      {error('content_link')}

      <label htmlFor={FIELD_IDS.description} className="mt-4 block text-sm font-semibold">
        {t('grievance.form.description')}
      </label>
      <textarea {...field('description')} rows={5} className="field-input mt-1.5 resize-y" />
      {error('description')}

      <label htmlFor={FIELD_IDS.email} className="mt-4 block text-sm font-semibold">
        {t('grievance.form.email')}
      </label>
      <input {...field('email')} type="email" autoComplete="email" className="field-input mt-1.5" />
      {error('email')}

      <button type="submit" disabled={sending || !hydrated} className="btn btn-primary mt-5 w-full sm:w-auto">
        {sending ? t('grievance.form.sending') : t('grievance.form.submit')}
      </button>
      <div aria-live="polite" className="mt-4 min-h-6 text-sm font-medium">
        {filing.status === 'failed' && (
          <p role="alert" className="text-red-700">
            {filing.message}
          </p>
        )}
      </div>
    </form>
  );
}

export default withLang(GrievanceForm);
