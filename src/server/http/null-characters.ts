import { NULL_CHARACTERS } from '../../lib/validation.ts';
import { fieldErrors, type HttpError } from '../platform/errors.ts';

/** Nesting deeper than this never reaches a text column: the schemas refuse it as a wrong type first. */
const MAX_DEPTH = 32;

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  const items = Array.isArray(value) ? value : Object.entries(value).flat();
  return items.some((item) => holdsNul(item, depth + 1));
}

/**
 * PostgreSQL refuses U+0000 in text, so a string holding one would fail deep in a query as a 500.
 * Like DRF's CharField (ProhibitNullCharactersValidator) it is the client's error instead:
 * `{"field": ["Null characters are not allowed."]}` for each top-level field (query or body) that holds one.
 */
export function nullCharacterErrors(input: unknown): HttpError | null {
  if (!holdsNul(input)) return null;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return fieldErrors({ non_field_errors: [NULL_CHARACTERS] });
  const errors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key.includes('\u0000')) errors.non_field_errors = [NULL_CHARACTERS];
    else if (holdsNul(value)) errors[key] = [NULL_CHARACTERS];
  }
  return fieldErrors(errors);
}
