/**
 * Tag colours: a tag's name is written in white on its colour, so the colour must give white text a contrast of at
 * least 4.5:1 (WCAG 2.x, AA for normal text). The server refuses any other; the chooser offers these.
 */

export const MIN_TAG_CONTRAST = 4.5;
export const TAG_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** Colours the chooser offers, each at least 4.5:1 against white. */
export const TAG_PALETTE = [
  '#b91c1c',
  '#c2410c',
  '#a16207',
  '#15803d',
  '#0f766e',
  '#0369a1',
  '#1d4ed8',
  '#6d28d9',
  '#a21caf',
  '#be185d',
  '#374151',
] as const;

/** A colour's relative luminance (WCAG 2.x). */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of white text on `hex` (`#rrggbb`), from 1 to 21. */
export const contrastWithWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);

/** Whether white text on `hex` is readable (4.5:1 or more); false for anything that is not `#rrggbb`. */
export const whiteTextReadable = (hex: string): boolean => TAG_COLOR_PATTERN.test(hex) && contrastWithWhite(hex) >= MIN_TAG_CONTRAST;
