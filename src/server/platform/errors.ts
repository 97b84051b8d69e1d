import type { ZodError } from 'zod';
import { translator, type Lang } from '../../lib/i18n.ts';

/**
 * A message a person reads, kept as its catalog key (src/locales/<lang>.json, `errors.*`) and parameters: the answer is
 * worded in the reader's language as it is sent (plugins/language.ts), never written in English and parsed back.
 */
export type Message = { readonly key: string; readonly params?: Readonly<Record<string, unknown>> };

export const say = (key: string, params?: Record<string, unknown>): Message => (params ? { key, params } : { key });

export const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Message).key === 'string' &&
  Object.keys(value).every((k) => k === 'key' || k === 'params');

/** A message's stable code, what clients and logs match on: its catalog key without the `errors.` section ('comments.notFound'). */
export const codeOf = (message: Message) => message.key.replace(/^errors\./, '');

/** A message in `lang`; parameters that are messages themselves are worded first. */
export function wordMessage(message: Message | string, lang: Lang): string {
  if (typeof message === 'string') return message;
  const params = Object.fromEntries(
    Object.entries(message.params ?? {}).map(([name, value]) => [name, isMessage(value) ? wordMessage(value, lang) : value]),
  );
  return translator(lang)(message.key, params);
}

/** An answer's body with every message in it worded in `lang` (`{detail}`, `{field: [messages]}`, one level of nesting). */
export function wordBody(body: unknown, lang: Lang): unknown {
  if (isMessage(body)) return wordMessage(body, lang);
  if (Array.isArray(body)) return body.map((item) => (isMessage(item) ? wordMessage(item, lang) : item));
  if (!body || typeof body !== 'object' || body instanceof Buffer) return body;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const worded = isMessage(value) || Array.isArray(value) ? wordBody(value, lang) : value;
    if (worded !== value) changed = true;
    out[key] = worded;
  }
  return changed ? out : body;
}

export type ErrorBody = Record<string, unknown>;

/** An error a client caused, answered with its status and a DRF-shaped body (its messages worded as it is sent). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    const said = body.detail;
    super(typeof said === 'string' ? said : isMessage(said) ? wordMessage(said, 'en') : JSON.stringify(wordBody(body, 'en')));
  }
}

/** `{detail}` with the message; a catalog message also gives the answer its stable `code` (unless `extra` names one). */
export const detail = (statusCode: number, message: string | Message, extra: ErrorBody = {}, headers: Record<string, string> = {}) =>
  new HttpError(statusCode, { detail: message, ...(isMessage(message) ? { code: codeOf(message) } : {}), ...extra }, headers);

export const notFound = (message: string | Message = 'Not found.') => detail(404, message);
export const forbidden = (message: string | Message = 'You do not have permission to perform this action.') => detail(403, message);
export const fieldErrors = (errors: Record<string, (string | Message)[]>) => new HttpError(400, errors);
export const tooManyRequests = (retryAfterSeconds: number, what: string | Message = say('api.throttled')) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return detail(429, say('api.retryIn', { what, count: seconds }), { code: 'throttled' }, { 'Retry-After': String(seconds) });
};

/** How long a client is told to wait when a dependency (database, Redis, mail server) is down. */
export const DEPENDENCY_RETRY_SECONDS = 5;

/** 503 with Retry-After: a dependency is down, nothing was lost, the same request works once it is back. */
export const serviceUnavailable = (message: string | Message = say('api.unavailable'), retryAfterSeconds = DEPENDENCY_RETRY_SECONDS) =>
  detail(503, message, {}, { 'Retry-After': String(retryAfterSeconds) });

/** Turns zod issues into Django REST framework's `{"field": ["message"]}`. */
export function zodToFieldErrors(error: ZodError): HttpError {
  const errors: Record<string, (string | Message)[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    const said = issue.code === 'custom' ? (issue.params as { message?: unknown } | undefined)?.message : undefined;
    (errors[field] ??= []).push(isMessage(said) ? said : issue.message);
  }
  return fieldErrors(errors);
}
