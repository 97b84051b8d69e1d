/**
 * What the landing page's carousel promotes (spec section 1). Each feature's title, text and two points are
 * message keys under `landing.features.items.{icon}` (src/locales); `icon` names a path in FeatureIcon.astro.
 */
import type { Translate } from '../../lib/i18n.ts';

export type Feature = { title: string; text: string; points: string[]; icon: FeatureIconName };
export type FeatureIconName = 'feed' | 'expert' | 'shield' | 'mask' | 'channels' | 'photo';

const FEATURE_ICONS: FeatureIconName[] = ['feed', 'expert', 'shield', 'mask', 'channels', 'photo'];

/** The features in one language. */
export function features(t: Translate): Feature[] {
  return FEATURE_ICONS.map((icon) => {
    const key = `landing.features.items.${icon}`;
    return { icon, title: t(`${key}.title`), text: t(`${key}.text`), points: [t(`${key}.point1`), t(`${key}.point2`)] };
  });
}
