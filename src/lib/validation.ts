import { z } from 'zod';

import { EMAIL_PATTERN } from './validation-rules.ts';

// The zod-free rules live in validation-rules.ts (islands import them from there); re-exported for the server.
export {
  EMAIL_PATTERN,
  INVALID_EMAIL_MESSAGE,
  OTP_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  TITLE_COUNTER_DISPLAY,
  MAX_MEDIA_BYTES,
  isValidEmail,
} from './validation-rules.ts';

export const REQUIRED = 'This field is required.';
export const BLANK = 'This field may not be blank.';
export const NOT_A_STRING = 'Not a valid string.';
export const NOT_AN_INTEGER = 'A valid integer is required.';
/** DRF's ProhibitNullCharactersValidator: PostgreSQL text cannot hold U+0000. */
export const NULL_CHARACTERS = 'Null characters are not allowed.';

/** A required string in DRF's wording: missing, null, wrong type and blank each get their own message. */
export const requiredString = (options: { max?: number; allowBlank?: boolean } = {}) => {
  let schema = z.string({ required_error: REQUIRED, invalid_type_error: NOT_A_STRING });
  if (!options.allowBlank) schema = schema.trim().min(1, BLANK);
  if (options.max) schema = schema.max(options.max, `Ensure this field has no more than ${options.max} characters.`);
  return schema;
};

/** An id from a query string or a body: missing is 'required', anything not a positive integer is 'not an integer'. */
export const positiveId = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? undefined : Number(value)),
  z
    .number({ required_error: REQUIRED, invalid_type_error: NOT_AN_INTEGER })
    .int(NOT_AN_INTEGER)
    .positive(NOT_AN_INTEGER)
    .max(2_147_483_647, NOT_AN_INTEGER),
);

/** Blank gets only the blank message (as DRF's EmailField); the pattern is checked on what was typed. */
export const emailSchema = requiredString({ max: 254 }).refine((v) => v === '' || EMAIL_PATTERN.test(v), 'Enter a valid email address.');

