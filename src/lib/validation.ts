import { z } from 'zod';
import {
  ALL_LANGUAGES,
  LANGUAGE_MESSAGES,
  POST_LANGUAGES,
  canonicalLanguage,
  orderedLanguages,
  type ChosenLanguage,
} from './post-languages.ts';

import {
  EMAIL_PATTERN,
  POLL_MAX_DAYS,
  POLL_MAX_OPTIONS,
  POLL_MIN_OPTIONS,
  POLL_OPTION_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  publishAtProblem,
  type PollInput,
} from './validation-rules.ts';

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

/** A poll as the server keeps it: options trimmed, its closing time a Date. */
export type ParsedPoll = { options: string[]; multiple: boolean; closesAt: Date; verifiedOnly: boolean };

export type PollProblem = { key: string; params?: Record<string, number> };

/**
 * Why a poll is refused (a catalog key under `errors.polls.*`), or the poll: 2 to 6 distinct options of at most 100
 * characters, `multiple` true or false, `closes_at` an ISO 8601 time from `minCloseSeconds` to 30 days after `now`.
 */
export function readPoll(value: unknown, now: Date, minCloseSeconds: number): ParsedPoll | PollProblem {
  const poll = value as Partial<PollInput> | null;
  if (typeof poll !== 'object' || poll === null || Array.isArray(poll)) return { key: 'errors.polls.invalid' };
  const { options, multiple, closes_at: closesAt, verified_only: verifiedOnly = false } = poll;
  if (!Array.isArray(options) || options.some((option) => typeof option !== 'string') || typeof multiple !== 'boolean')
    return { key: 'errors.polls.invalid' };
  if (typeof verifiedOnly !== 'boolean') return { key: 'errors.polls.invalid' };
  const texts = options.map((option) => option.trim());
  if (texts.length < POLL_MIN_OPTIONS || texts.length > POLL_MAX_OPTIONS)
    return { key: 'errors.polls.optionCount', params: { min: POLL_MIN_OPTIONS, max: POLL_MAX_OPTIONS } };
  if (texts.some((text) => text === '')) return { key: 'errors.polls.optionBlank' };
  if (texts.some((text) => text.length > POLL_OPTION_MAX_LENGTH))
    return { key: 'errors.polls.optionTooLong', params: { max: POLL_OPTION_MAX_LENGTH } };
  if (new Set(texts.map((text) => text.toLowerCase())).size !== texts.length) return { key: 'errors.polls.optionRepeated' };
  const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:?\d\d)$/i;
  const at = typeof closesAt === 'string' && iso.test(closesAt.trim()) ? Date.parse(closesAt.trim()) : NaN;
  if (Number.isNaN(at)) return { key: 'errors.polls.closesAtInvalid' };
  const ahead = at - now.getTime();
  if (ahead < minCloseSeconds * 1000 || ahead > POLL_MAX_DAYS * 86_400_000)
    return { key: 'errors.polls.closesAtRange', params: { minutes: Math.ceil(minCloseSeconds / 60), days: POLL_MAX_DAYS } };
  return { options: texts, multiple, closesAt: new Date(at), verifiedOnly };
}

/** `poll` as a request field: an object, or its JSON text (a multipart form's field); undefined when absent. */
export const pollField = z.unknown().transform((value): unknown => {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
});

/** A vote: the ids of the options chosen (one for a single-choice poll). */
export const pollVoteSchema = z.object({
  options: z
    .array(z.number({ invalid_type_error: NOT_AN_INTEGER }).int(NOT_AN_INTEGER).positive(NOT_AN_INTEGER), {
      required_error: REQUIRED,
      invalid_type_error: NOT_AN_INTEGER,
    })
    .superRefine((ids, ctx) => {
      if (ids.length === 0)
        ctx.addIssue({ code: 'custom', message: 'errors.polls.chooseOne', params: { message: { key: 'errors.polls.chooseOne' } } });
    }),
});

/** A problem with a language choice, as its catalog message (`params.message`, worded in the reader's language as it is sent). */
const languageIssue = (ctx: z.RefinementCtx, key: string, params?: Record<string, string>) =>
  ctx.addIssue({ code: 'custom', message: key, params: { message: params ? { key, params } : { key } } });

/** Tags as we write them, or null after naming the first one that is none of ours. */
function knownLanguages(tags: readonly string[], ctx: z.RefinementCtx): ChosenLanguage[] | null {
  const chosen: ChosenLanguage[] = [];
  for (const tag of tags) {
    const known = canonicalLanguage(tag);
    if (!known) {
      languageIssue(ctx, LANGUAGE_MESSAGES.unknown, { value: tag.slice(0, 40), choices: POST_LANGUAGES.join(', ') });
      return null;
    }
    chosen.push(known);
  }
  return orderedLanguages(chosen);
}

/**
 * `?languages=hi,en` on a feed: tags, comma-separated (any case), or `all`. Absent or blank is no choice (a member's
 * saved one applies); an unknown tag is a 400 naming it.
 */
export const languagesParam = z.unknown().transform((value, ctx): ChosenLanguage[] | typeof ALL_LANGUAGES | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') {
    languageIssue(ctx, LANGUAGE_MESSAGES.notAList);
    return z.NEVER;
  }
  if (value.trim().toLowerCase() === ALL_LANGUAGES) return ALL_LANGUAGES;
  const tags = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const chosen = knownLanguages(tags, ctx);
  if (chosen === null) return z.NEVER;
  return chosen.length ? chosen : undefined;
});

/** A member's saved choice: a list of at least one of our tags; null returns to the default (their screens' language and English). */
export const readingLanguagesField = z.unknown().transform((value, ctx): ChosenLanguage[] | null => {
  if (value === null) return null;
  if (value === undefined) {
    ctx.addIssue({ code: 'custom', message: REQUIRED });
    return z.NEVER;
  }
  if (!Array.isArray(value) || value.length > 20 || value.some((tag) => typeof tag !== 'string')) {
    languageIssue(ctx, LANGUAGE_MESSAGES.notAList);
    return z.NEVER;
  }
  const chosen = knownLanguages(value as string[], ctx);
  if (chosen === null) return z.NEVER;
  if (!chosen.length) {
    languageIssue(ctx, LANGUAGE_MESSAGES.none);
    return z.NEVER;
  }
  return chosen;
});
