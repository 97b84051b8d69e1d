/**
 * The contact form of the Contact Us page: email and message, posted to /api/contact/. The fields are
 * uncontrolled, so text typed before hydration is kept; the button stays disabled until the island has
 * hydrated, so an early press can never submit the form natively (and put the message in a URL).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useT, withLang } from '../i18n/use-t.tsx';
import { $contactStatus, contactErrors, resetContactStatus, sendContact, type ContactErrors, type ContactFields } from './contact.store.ts';

function ContactForm() {
  const t = useT();
  const status = useStore($contactStatus);
  const [hydrated, setHydrated] = useState(false);
  const [errors, setErrors] = useState<ContactErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const sending = status === 'sending';

  useEffect(() => setHydrated(true), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const fields: ContactFields = { email: String(data.get('email') ?? ''), message: String(data.get('message') ?? '') };
    const found = contactErrors(fields, t);
    setErrors(found);
    if (found.email || found.message) {
      resetContactStatus();
      form.querySelector<HTMLElement>(found.email ? '#contact-email' : '#contact-message')?.focus();
      return;
    }
    await sendContact(fields);
    // Cleared after success and after failure alike (spec section 4).
    formRef.current?.reset();
  }

  const clearError = (field: keyof ContactFields) => {
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-labelledby="contact-form-title"
      className="rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="contact-form-title" className="text-xl font-bold">
        {t('contact.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('contact.lead')}</p>

      <label htmlFor="contact-email" className="mt-5 block text-sm font-semibold">
        {t('contact.email')}
      </label>
      <input
        id="contact-email"
        name="email"
        type="email"
        autoComplete="email"
        disabled={sending}
        onInput={() => clearError('email')}
        aria-invalid={errors.email ? true : undefined}
        aria-describedby={errors.email ? 'contact-email-error' : undefined}
        className="field-input mt-1.5"
      />
      {errors.email && (
        <p id="contact-email-error" className="field-error">
          {errors.email}
        </p>
      )}

      <label htmlFor="contact-message" className="mt-4 block text-sm font-semibold">
        {t('contact.message')}
      </label>
      <textarea
        id="contact-message"
        name="message"
        rows={5}
        disabled={sending}
        onInput={() => clearError('message')}
        aria-invalid={errors.message ? true : undefined}
        aria-describedby={errors.message ? 'contact-message-error' : undefined}
        className="field-input mt-1.5 resize-y"
      />
      {errors.message && (
        <p id="contact-message-error" className="field-error">
          {errors.message}
        </p>
      )}

      <button type="submit" disabled={sending || !hydrated} className="btn btn-primary mt-5 w-full sm:w-auto">
        {sending ? t('contact.sending') : t('contact.send')}
      </button>

      <div aria-live="polite" className="mt-4 min-h-6 text-sm font-medium">
        {status === 'sent' && <p className="text-verified-700">{t('contact.sent')}</p>}
        {status === 'failed' && (
          <p role="alert" className="text-red-700">
            {t('contact.failed')}
          </p>
        )}
      </div>
    </form>
  );
}

export default withLang(ContactForm);
