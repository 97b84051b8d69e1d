/** The contact form of the Contact Us page: email and message, posted to /api/contact/. */
import { useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  $contactStatus,
  CONTACT_FAILED,
  CONTACT_SENT,
  contactErrors,
  resetContactStatus,
  sendContact,
  type ContactErrors,
} from './contact.store.ts';

export default function ContactForm() {
  const status = useStore($contactStatus);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<ContactErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const sending = status === 'sending';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = contactErrors({ email, message });
    setErrors(found);
    if (found.email || found.message) resetContactStatus();
    if (found.email) return emailRef.current?.focus();
    if (found.message) return messageRef.current?.focus();
    await sendContact({ email, message });
    // Cleared after success and after failure alike (spec section 4).
    setEmail('');
    setMessage('');
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="contact-form-title" className="rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <h2 id="contact-form-title" className="text-xl font-bold">Send us a message</h2>
      <p className="mt-1 text-sm text-muted">We reply from our support address, usually within one business day.</p>

      <label htmlFor="contact-email" className="mt-5 block text-sm font-semibold">Email</label>
      <input
        ref={emailRef}
        id="contact-email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        disabled={sending}
        onChange={(event) => {
          setEmail(event.target.value);
          if (errors.email) setErrors({ ...errors, email: undefined });
        }}
        aria-invalid={errors.email ? true : undefined}
        aria-describedby={errors.email ? 'contact-email-error' : undefined}
        className="field-input mt-1.5"
      />
      {errors.email && <p id="contact-email-error" className="field-error">{errors.email}</p>}

      <label htmlFor="contact-message" className="mt-4 block text-sm font-semibold">Message</label>
      <textarea
        ref={messageRef}
        id="contact-message"
        name="message"
        rows={5}
        value={message}
        disabled={sending}
        onChange={(event) => {
          setMessage(event.target.value);
          if (errors.message) setErrors({ ...errors, message: undefined });
        }}
        aria-invalid={errors.message ? true : undefined}
        aria-describedby={errors.message ? 'contact-message-error' : undefined}
        className="field-input mt-1.5 resize-y"
      />
      {errors.message && <p id="contact-message-error" className="field-error">{errors.message}</p>}

      <button type="submit" disabled={sending} className="btn btn-primary mt-5 w-full sm:w-auto">
        {sending ? 'Sending...' : 'Send message'}
      </button>

      <div aria-live="polite" className="mt-4 min-h-6 text-sm font-medium">
        {status === 'sent' && <p className="text-verified-700">{CONTACT_SENT}</p>}
        {status === 'failed' && <p role="alert" className="text-red-700">{CONTACT_FAILED}</p>}
      </div>
    </form>
  );
}
