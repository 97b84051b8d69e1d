import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../lib/theme-colors.ts';
import {
  ANIMALS,
  COLORS,
  canonicalEmail,
  emailHash,
  identityChips,
  identityClassOf,
  normaliseEmail,
  randomIdentity,
} from './identity-service.ts';

describe('identity service', () => {
  it('normalises an address by trimming and lower-casing', () => {
    expect(normaliseEmail('  Asha.Rao@Example.IN ')).toBe('asha.rao@example.in');
  });

  it('hashes the normalised address with the secret, so case and spaces never make a second account', () => {
    const hash = emailHash('secret', 'asha@example.in');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(emailHash('secret', ' ASHA@example.in ')).toBe(hash);
    expect(emailHash('other-secret', 'asha@example.in')).not.toBe(hash);
    expect(hash).not.toContain('asha');
  });

  it.each([
    ['student@iitb.ac.in', 'academic'],
    ['prof@physics.iisc.ac.in', 'academic'],
    ['a@stanford.edu', 'academic'],
    ['a@du.edu.in', 'academic'],
    ['a@ox.ac.uk', 'academic'],
    ['a@tifr.res.in', 'academic'],
    ['A@CS.MIT.EDU', 'academic'],
    ['a@gmail.com', 'standard'],
    ['a@education.com', 'standard'],
    ['a@edu.example.com', 'standard'],
    ['a@ac.in.example.com', 'standard'],
  ])('classes %s as %s', (email, identityClass) => {
    expect(identityClassOf(email)).toBe(identityClass);
  });

  it('derives chips from what was verified', () => {
    expect(identityChips('standard', false)).toEqual([{ kind: 'email', label: 'Verified email' }]);
    expect(identityChips('academic', false)).toEqual([
      { kind: 'email', label: 'Verified email' },
      { kind: 'academic', label: 'Verified academic' },
    ]);
    expect(identityChips('standard', true)).toContainEqual({ kind: 'aadhaar', label: 'Verified Aadhaar' });
  });

  it('makes handles from a colour name, an animal and four digits', () => {
    for (let i = 0; i < 200; i++) {
      const identity = randomIdentity();
      const color = COLORS.find((c) => c.hex === identity.color)!;
      expect(ANIMALS).toContain(identity.animal);
      expect(identity.username).toMatch(new RegExp(`^${color.name}${identity.animal}[1-9]\\d{3}$`));
    }
  });

  it('keeps white text readable (WCAG AA) on every avatar colour, with unique names', () => {
    for (const color of COLORS) expect(contrastRatio(color.hex, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(new Set(COLORS.map((c) => c.name)).size).toBe(COLORS.length);
    expect(new Set(ANIMALS).size).toBe(ANIMALS.length);
  });
});

describe('canonicalEmail', () => {
  it('gives one spelling to every spelling of one Gmail mailbox', () => {
    for (const spelling of ['Asha.Rao@gmail.com', 'asharao@gmail.com', ' ASHARAO+news@GoogleMail.com ', 'a.s.h.a.r.a.o+x.y@gmail.com']) {
      expect(canonicalEmail(spelling)).toBe('asharao@gmail.com');
    }
  });
  it('drops +tags where the provider delivers them to the same mailbox, keeps dots there', () => {
    expect(canonicalEmail('Ravi.K+shop@outlook.com')).toBe('ravi.k@outlook.com');
  });
  it('keeps every other address as typed, case aside', () => {
    expect(canonicalEmail('Ravi.K+shop@Example.co.in')).toBe('ravi.k+shop@example.co.in');
    expect(canonicalEmail('+@gmail.com')).toBe('+@gmail.com');
  });
});
