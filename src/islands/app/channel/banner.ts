import type { CSSProperties } from 'react';
import type { ThemeColors } from '../../../lib/api-types.ts';

/** A channel banner: a gradient between its two theme colours (both carry white text). */
export const bannerStyle = (colors: ThemeColors): CSSProperties => ({
  background: `linear-gradient(120deg, ${colors.primary}, ${colors.secondary})`,
});
