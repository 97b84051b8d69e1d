/** The static rules panel of the Dakshina Kannada and Udupi community (spec section 1: static text, 12 items). */
export const RULES_TITLE = 'Dakshina Kannada & Udupi community rules';

export const COMMUNITY_RULES: readonly string[] = [
  'Be respectful: no personal attacks, harassment or hate speech.',
  'Keep posts relevant to Dakshina Kannada, Udupi and the coastal Karnataka region.',
  'No communal, caste-based or religious provocation.',
  'Do not share personal information about anyone, including yourself.',
  'No spam, self-promotion or referral links.',
  'Verify news before posting and cite a source; no misinformation.',
  'No scams, phishing or requests for money.',
  'Use a clear, descriptive title.',
  'Mark spoilers and sensitive content.',
  'Tulu, Kannada, Konkani, Beary, English and Hindi are all welcome.',
  'No buying, selling or classifieds outside the weekly thread.',
  'Follow the moderators’ decisions and report rule-breaking posts.',
];
