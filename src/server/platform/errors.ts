import type { ZodError } from 'zod';

export type ErrorBody = Record<string, unknown>;

/** An error a client caused, answered with its status and a DRF-shaped body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }
}

export const detail = (statusCode: number, message: string, extra: ErrorBody = {}, headers: Record<string, string> = {}) =>
  new HttpError(statusCode, { detail: message, ...extra }, headers);

export const notFound = (message = 'Not found.') => detail(404, message);
export const forbidden = (message = 'You do not have permission to perform this action.') => detail(403, message);
export const fieldErrors = (errors: Record<string, string[]>) => new HttpError(400, errors);
export const tooManyRequests = (retryAfterSeconds: number, what = 'Request was throttled.') => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return detail(429, `${what} Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`, {}, { 'Retry-After': String(seconds) });
};

/** How long a client is told to wait when a dependency (database, Redis, mail server) is down. */
export const DEPENDENCY_RETRY_SECONDS = 5;

/** 503 with Retry-After: a dependency is down, nothing was lost, the same request works once it is back. */
export const serviceUnavailable = (message = 'Service temporarily unavailable, try again soon.', retryAfterSeconds = DEPENDENCY_RETRY_SECONDS) =>
  detail(503, message, {}, { 'Retry-After': String(retryAfterSeconds) });

/** Turns zod issues into Django REST framework's `{"field": ["message"]}`. */
export function zodToFieldErrors(error: ZodError): HttpError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    (errors[field] ??= []).push(issue.message);
  }
  return fieldErrors(errors);
}
