import { describe, expect, it } from 'vitest';
import { EMAIL_REQUIRED, MESSAGE_REQUIRED, contactErrors } from './contact.store.ts';

describe('contact form validation (spec section 5)', () => {
  it('requires both fields, blank counting as empty', () => {
    expect(contactErrors({ email: '', message: '  ' })).toEqual({ email: EMAIL_REQUIRED, message: MESSAGE_REQUIRED });
    expect(contactErrors({ email: 'a@b.in', message: '' })).toEqual({ message: MESSAGE_REQUIRED });
  });

  it('checks no e-mail pattern beyond presence', () => {
    expect(contactErrors({ email: 'not really an address', message: 'Hello' })).toEqual({});
  });
});
