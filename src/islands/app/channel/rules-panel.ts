import type { CircleRule } from '../../../lib/api-types.ts';

/**
 * A channel's rules panel: the rules its owner wrote (GET /api/circles/{id}/rules/), or the site's short default
 * rules (in the catalogs) for a channel without any.
 */
export const DEFAULT_RULE_KEYS: readonly string[] = Array.from({ length: 5 }, (_, index) => `postDetail.rules.d${index + 1}`);

export type RulesPanel = { own: true; rules: CircleRule[] } | { own: false; keys: readonly string[] };

export const rulesPanel = (rules: CircleRule[] | null): RulesPanel =>
  rules && rules.length > 0 ? { own: true, rules } : { own: false, keys: DEFAULT_RULE_KEYS };
