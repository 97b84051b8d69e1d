import { z } from 'zod';

import { EMAIL_PATTERN, TITLE_MAX_LENGTH, publishAtProblem } from './validation-rules.ts';

// The zod-free rules live in validation-rules.ts (islands import them from there); re-exported for the server.
export {
  EMAIL_PATTERN,
  INVALID_EMAIL_MESSAGE,
  OTP_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  TITLE_COUNTER_DISPLAY,
  isValidEmail,
  publishAtProblem,
} from './validation-rules.ts';

export const REQUIRED = 'This field is required.';
export const BLANK = 'This field may not be blank.';
export const NOT_A_STRING = 'Not a valid string.';
export const NOT_AN_INTEGER = 'A valid integer is required.';
/** DRF's ProhibitNullCharactersValidator: PostgreSQL text cannot hold U+0000. */
export const NULL_CHARACTERS = 'Null characters are not allowed.';

export const NULL_VALUE = 'This field may not be null.';

/** DRF's wording for a value of the wrong kind: missing, null and any other non-string each get their own message. */
const stringErrors: z.ZodErrorMap = (issue, ctx) =>
  issue.code === 'invalid_type'
    ? { message: issue.received === 'undefined' ? REQUIRED : issue.received === 'null' ? NULL_VALUE : NOT_A_STRING }
    : { message: ctx.defaultError };

/** A string field with DRF's messages for missing, null and wrong-type values. */
export const stringField = () => z.string({ errorMap: stringErrors });

/** A required string in DRF's wording: missing, null, wrong type and blank each get their own message. */
export const requiredString = (options: { max?: number; allowBlank?: boolean } = {}) => {
  let schema = stringField();
  if (!options.allowBlank) schema = schema.trim().min(1, BLANK);
  if (options.max) schema = schema.max(options.max, `Ensure this field has no more than ${options.max} characters.`);
  return schema;
};

/** The largest id PostgreSQL's integer (serial) holds. */
export const MAX_DB_ID = 2_147_483_647;

/**
 * A database id as a client may write it: a JSON integer or decimal digits (surrounding spaces allowed).
 * null for anything else: hex, exponents, fractions, booleans, lists, zero, negatives, beyond int4.
 */
export function parseId(value: unknown): number | null {
  const text =
    typeof value === 'number' ? (Number.isSafeInteger(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_DB_ID ? id : null;
}

/** An id from a query string or a body: missing is 'required', null is 'may not be null', anything else not an id is 'not an integer'. */
export const positiveId = z.unknown().transform((value, ctx): number => {
  const id = parseId(value);
  if (id !== null) return id;
  const message = value === undefined || value === '' ? REQUIRED : value === null ? NULL_VALUE : NOT_AN_INTEGER;
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
});

/** Blank gets only the blank message (as DRF's EmailField); the pattern is checked on what was typed. */
export const emailSchema = requiredString({ max: 254 }).refine((v) => v === '' || EMAIL_PATTERN.test(v), 'Enter a valid email address.');

/** One of a fixed set of values, in DRF's words: missing is 'required', anything else '"x" is not a valid choice.' */
export const choice = <T extends string>(values: readonly T[]) =>
  z.unknown().transform((value, ctx): T => {
    if ((values as readonly unknown[]).includes(value)) return value as T;
    const message =
      value === undefined
        ? REQUIRED
        : value === null
          ? NULL_VALUE
          : `"${typeof value === 'string' ? value : JSON.stringify(value)}" is not a valid choice.`;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** The longest text a draft keeps (characters of HTML). */
export const DRAFT_TEXT_MAX = 100_000;

/** A draft's fields (POST and PUT /api/users/me/drafts/): each optional, a channel id or null, a title within a post's limit. */
export const draftSchema = z.object({
  /** A channel's id or name (the create-post picker holds a name); null or '' for none yet. */
  circle: z
    .preprocess(
      (value) => (value === '' ? null : typeof value === 'string' && parseId(value) !== null ? parseId(value) : value),
      z.union([z.null(), z.number().int().positive(), stringField().max(100)]),
    )
    .optional(),
  title: stringField().max(TITLE_MAX_LENGTH, `Ensure this field has no more than ${TITLE_MAX_LENGTH} characters.`).optional(),
  description: stringField().max(DRAFT_TEXT_MAX, `Ensure this field has no more than ${DRAFT_TEXT_MAX} characters.`).optional(),
});

/** `publish_at` as a request field: absent (or blank) for a post made now, else a time `publishAtProblem` accepts. */
export const publishAtField = (now: () => Date) =>
  z.unknown().transform((value, ctx): Date | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    const problem = publishAtProblem(value, now());
    if (!problem) return new Date(Date.parse(String(value).trim()));
    ctx.addIssue({ code: 'custom', message: problem.key, params: { message: problem } });
    return z.NEVER;
  });
