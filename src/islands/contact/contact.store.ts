/** The contact form's states (spec section 4): idle, sending, then sent or failed; fields clear afterwards. */
import { atom } from 'nanostores';
import { api } from '../../lib/api-client.ts';

export const EMAIL_REQUIRED = 'Email is required';
export const MESSAGE_REQUIRED = 'Message is required';
export const CONTACT_SENT = 'Your message was sent successfully!';
export const CONTACT_FAILED = 'Failed to send message. Please try again later.';

export type ContactFields = { email: string; message: string };
export type ContactErrors = Partial<Record<keyof ContactFields, string>>;
export type ContactStatus = 'idle' | 'sending' | 'sent' | 'failed';

export const $contactStatus = atom<ContactStatus>('idle');

/** Both fields are required; the spec asks for no further e-mail pattern check. */
export function contactErrors(fields: ContactFields): ContactErrors {
  const errors: ContactErrors = {};
  if (!fields.email.trim()) errors.email = EMAIL_REQUIRED;
  if (!fields.message.trim()) errors.message = MESSAGE_REQUIRED;
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
