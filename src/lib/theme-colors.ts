import type { ThemeColors } from './api-types.ts';

/**
 * A circle's banner colours, derived from its name alone so they never need storing by hand
 * and stay the same on every instance. Both colours keep white text readable (WCAG AA, 4.5:1),
 * so a banner may use either one or a gradient between them.
 */

const MIN_CONTRAST_WITH_WHITE = 4.5;

/** FNV-1a: tiny, stable across platforms, well spread for short strings. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const char of text) {
    h ^= char.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0), f(8), f(4)].map((v) => Math.round(v * 255)) as [number, number, number];
}

const toHex = (rgb: [number, number, number]) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

function channelLuminance(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(channelLuminance);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The lightest shade of a hue that still carries white text (yellows and greens need to go darker than blues). */
function readableShade(hue: number, saturation: number, startLightness: number): string {
  for (let lightness = startLightness; lightness > 5; lightness -= 1) {
    const hex = toHex(hslToRgb(hue, saturation, lightness));
    if (contrastRatio(hex, '#ffffff') >= MIN_CONTRAST_WITH_WHITE) return hex;
  }
  return toHex(hslToRgb(hue, saturation, 5));
}

export function themeColorsFor(name: string): ThemeColors {
  const h = hash(name.trim().toLowerCase());
  const hue = h % 360;
  const saturation = 55 + ((h >>> 9) % 20); // 55-74 %: lively but not neon
  const shift = 25 + ((h >>> 17) % 20); // an analogous neighbour, 25-44 degrees away
  return {
    primary: readableShade(hue, saturation, 46),
    secondary: readableShade((hue + shift) % 360, saturation - 10, 38),
  };
}
