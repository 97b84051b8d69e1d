import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL_MESSAGE } from '../../lib/validation-rules.ts';
import {
  $loginFlow,
  OTP_REQUIRED,
  cleanOtp,
  emailProblem,
  otpProblem,
  requestOtp,
  resetLoginFlow,
  secondsUntilResend,
  verifyOtp,
} from './login.store.ts';

describe('login flow rules (spec sections 5 and 9)', () => {
  it('accepts an address with non-space, @, non-space, a dot, non-space', () => {
    expect(emailProblem('student@iitb.ac.in')).toBeNull();
    expect(emailProblem('  padded@example.com  ')).toBeNull();
    for (const bad of ['', 'plain', 'no-dot@example', '@example.com', 'two words@example.com'])
      expect(emailProblem(bad)).toBe(INVALID_EMAIL_MESSAGE);
  });

  it('requires an OTP and keeps at most 6 characters of it', () => {
    expect(otpProblem('')).toBe(OTP_REQUIRED);
    expect(otpProblem('   ')).toBe(OTP_REQUIRED);
    expect(otpProblem('123456')).toBeNull();
    expect(cleanOtp(' 123 456 789')).toBe('123456');
  });

  it('counts whole seconds down to the resend moment, never below zero', () => {
    const now = 1_000_000;
    expect(secondsUntilResend({ resendAt: now + 60_000 }, now)).toBe(60);
    expect(secondsUntilResend({ resendAt: now + 59_001 }, now)).toBe(60);
    expect(secondsUntilResend({ resendAt: now + 59_000 }, now)).toBe(59);
    expect(secondsUntilResend({ resendAt: now - 5_000 }, now)).toBe(0);
  });

  it('shows the validation messages without calling the server', async () => {
    resetLoginFlow();
    expect(await requestOtp('not-an-address')).toBe(false);
    expect($loginFlow.get()).toMatchObject({ step: 'email', error: INVALID_EMAIL_MESSAGE, processing: false });
    expect(await verifyOtp('')).toBe(false);
    expect($loginFlow.get()).toMatchObject({ error: OTP_REQUIRED, processing: false });
    resetLoginFlow();
    expect($loginFlow.get()).toMatchObject({ step: 'email', email: '', error: null });
  });
});
