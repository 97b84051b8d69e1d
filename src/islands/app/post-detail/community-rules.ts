/** The static rules panel of the Dakshina Kannada and Udupi community (spec section 1: static text, 12 items, in the catalogs). */
export const RULES_TITLE_KEY = 'postDetail.rules.title';

export const COMMUNITY_RULE_KEYS: readonly string[] = Array.from({ length: 12 }, (_, index) => `postDetail.rules.r${index + 1}`);
