import { describe, expect, it } from 'vitest';
import { contrastRatio, themeColorsFor } from './theme-colors.ts';

const names = ['Campus Connect', 'Science Hub', 'Finance Forum', 'Indian Cricket', 'Mumbai Monsoon', 'a', 'Zz_9', 'ಉಡುಪಿ'];
const many = Array.from({ length: 500 }, (_, i) => `Circle ${i}`);

describe('themeColorsFor', () => {
  it('is deterministic and ignores case and surrounding spaces', () => {
    expect(themeColorsFor('Science Hub')).toEqual(themeColorsFor('Science Hub'));
    expect(themeColorsFor('  science hub ')).toEqual(themeColorsFor('Science Hub'));
  });

  it('gives #rrggbb colours that keep white text readable (at least 4.5:1)', () => {
    for (const name of [...names, ...many]) {
      const { primary, secondary } = themeColorsFor(name);
      expect(primary).toMatch(/^#[0-9a-f]{6}$/);
      expect(secondary).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastRatio(primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(secondary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('spreads different names over many colours', () => {
    const primaries = new Set(many.map((name) => themeColorsFor(name).primary));
    expect(primaries.size).toBeGreaterThan(200);
  });

  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
  });
});
