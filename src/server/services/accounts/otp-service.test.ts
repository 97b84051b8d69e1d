import { describe, expect, it } from 'vitest';
import { signInMailText } from './otp-service.ts';

describe('sign-in mail text', () => {
  it.each([
    [300, 'expires in 5 minutes'],
    [60, 'expires in 1 minute'],
    [90, 'expires in 90 seconds'],
    [3600, 'expires in 60 minutes'],
  ])('holds the code as its only 6-digit number (lifetime %i s)', (ttl, lifetime) => {
    const text = signInMailText('482913', ttl);
    expect(text.match(/\d{6,}/g)).toEqual(['482913']);
    expect(text).toContain(lifetime);
  });
});
