/** The contact form's states (spec section 4): idle, sending, then sent or failed; fields clear afterwards. */
import { atom } from 'nanostores';
import { api } from '../../lib/browser/api-client.ts';
import { translator, type Translate } from '../../lib/i18n.ts';
import { $lang } from '../../stores/lang.store.ts';

/** The spec's English words (from the catalog, `contact.*`, which words them on screen in every language). */
export const EMAIL_REQUIRED = translator('en')('contact.emailRequired');
export const MESSAGE_REQUIRED = translator('en')('contact.messageRequired');
export const CONTACT_SENT = translator('en')('contact.sent');
export const CONTACT_FAILED = translator('en')('contact.failed');

export type ContactFields = { email: string; message: string };
export type ContactErrors = Partial<Record<keyof ContactFields, string>>;
export type ContactStatus = 'idle' | 'sending' | 'sent' | 'failed';

export const $contactStatus = atom<ContactStatus>('idle');

/** Both fields are required; the spec asks for no further e-mail pattern check. */
export function contactErrors(fields: ContactFields, t: Translate = translator($lang.get())): ContactErrors {
  const errors: ContactErrors = {};
  if (!fields.email.trim()) errors.email = t('contact.emailRequired');
  if (!fields.message.trim()) errors.message = t('contact.messageRequired');
  return errors;
}

export const resetContactStatus = () => $contactStatus.set('idle');

/** Sends the message; resolves to the status the form then shows. */
export async function sendContact(fields: ContactFields): Promise<ContactStatus> {
  if ($contactStatus.get() === 'sending') return 'sending';
  $contactStatus.set('sending');
  try {
    await api('/api/contact/', { method: 'POST', body: { email: fields.email.trim(), message: fields.message.trim() } });
    $contactStatus.set('sent');
  } catch {
    $contactStatus.set('failed');
  }
  return $contactStatus.get();
}
