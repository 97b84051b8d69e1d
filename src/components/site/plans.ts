/**
 * The three plans of spec section 9, shared by the pricing page and the landing page's pricing section.
 * Names, summaries and features are message keys under `plans.` (src/locales).
 */
import { formatNumber, type Lang } from '../../lib/i18n.ts';

export type Plan = { key: 'free' | 'pro' | 'business'; pricePerMonth: number; features: string[]; highlighted?: boolean };

export const PLANS: Plan[] = [
  { key: 'free', pricePerMonth: 0, features: ['f1', 'f2', 'f3', 'f4'] },
  { key: 'pro', pricePerMonth: 199, features: ['f1', 'f2', 'f3'], highlighted: true },
  { key: 'business', pricePerMonth: 999, features: ['f1', 'f2', 'f3'] },
];

export const formatRupees = (amount: number, lang: Lang = 'en') => `₹${formatNumber(amount, lang)}`;
