import { describe, expect, it } from 'vitest';
import { TAG_PALETTE, contrastWithWhite, whiteTextReadable } from './tag-colors.ts';

describe('tag colours', () => {
  it('measures contrast with white as WCAG does', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    // #767676 is the lightest grey that passes 4.5:1 on white; #777777 just fails.
    expect(contrastWithWhite('#767676')).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite('#777777')).toBeLessThan(4.5);
  });

  it('accepts only #rrggbb colours white text reads on', () => {
    expect(whiteTextReadable('#1D4ED8')).toBe(true);
    expect(whiteTextReadable('#facc15')).toBe(false);
    for (const bad of ['red', '#fff', '1d4ed8', '#1d4ed8ff', '']) expect(whiteTextReadable(bad)).toBe(false);
  });

  it('offers only readable colours', () => {
    for (const color of TAG_PALETTE) expect(contrastWithWhite(color), color).toBeGreaterThanOrEqual(4.5);
  });
});
