import { describe, expect, it } from 'vitest';
import { translator } from '../../../lib/i18n.ts';
import { animalName, chipLabel } from '../../../lib/identity-words.ts';
import { ANIMALS } from './identity-service.ts';

const hi = translator('hi');
const en = translator('en');

describe('identity words', () => {
  it('words every chip the server makes in Hindi, and keeps an institution’s name', () => {
    expect(chipLabel({ kind: 'email', label: 'Verified email' }, hi)).toBe('सत्यापित ई-मेल');
    expect(chipLabel({ kind: 'academic', label: 'Verified academic' }, hi)).toBe('सत्यापित शैक्षणिक');
    expect(chipLabel({ kind: 'aadhaar', label: 'Verified Aadhaar' }, hi)).toBe('सत्यापित आधार');
    expect(chipLabel({ kind: 'credential', label: 'Verified doctor', code: 'doctor' }, hi)).toBe('सत्यापित डॉक्टर');
    expect(chipLabel({ kind: 'credential', label: 'Verified Company Secretary', code: 'other', name: 'Company Secretary' }, hi)).toBe(
      'सत्यापित Company Secretary',
    );
    expect(chipLabel({ kind: 'institution', label: 'IIT Bombay' }, hi)).toBe('IIT Bombay');
    expect(chipLabel({ kind: 'credential', label: 'Verified CA', code: 'ca' }, en)).toBe('Verified CA');
  });

  it('names every animal a handle can have in both languages, and keeps an unknown one as stored', () => {
    for (const animal of ANIMALS) {
      expect(animalName(animal, en)).toBe(animal);
      expect(animalName(animal, hi)).not.toMatch(/[A-Za-z]/);
    }
    expect(animalName('tiger', hi)).toBe('बाघ');
    expect(animalName('Yak', hi)).toBe('Yak');
  });
});
