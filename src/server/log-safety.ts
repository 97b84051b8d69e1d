import type { FastifyRequest } from 'fastify';

/**
 * Log serializers that keep e-mail addresses and typed values out of the server log. Drizzle writes a
 * failed query's parameters into its error message (a contact form's address, a post's text), and a
 * URL may carry whatever a client put in it; both pass through here on every log line.
 */

const EMAIL_LIKE = /[^\s@"'<>(),;:/?&=]+(?:@|%40)[^\s@"'<>(),;:/?&=]+\.[^\s@"'<>(),;:/?&=]+/gi;
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;
const MAX_DEPTH = 4;

export const maskEmails = (text: string) => text.replace(EMAIL_LIKE, '[email]');

/** A grievance's tracking key rides in its URL (`?key=`); the log keeps the ticket but never the key. */
const SECRET_PARAMS = /([?&]key=)[^&#]*/gi;

const scrubText = (text: string) => maskEmails(text.replace(QUERY_PARAMS, '\nparams: [hidden]'));

type LoggedError = { type: string; message: string; stack: string; code?: unknown; cause?: LoggedError };

/** An error as the log shows it: type, message, stack, code and cause, without query parameters or addresses. */
export function safeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubText(String(error)), stack: '' };
  const { code, cause } = error as Error & { code?: unknown };
  return {
    type: error.constructor?.name ?? error.name,
    message: scrubText(error.message),
    stack: scrubText(error.stack ?? ''),
    ...(code === undefined ? {} : { code }),
    ...(cause !== undefined && depth < MAX_DEPTH ? { cause: safeError(cause, depth + 1) } : {}),
  };
}

/** The request as Fastify logs it, with any address-like text in the URL masked. */
export function safeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskEmails(request.url).replace(SECRET_PARAMS, '$1[hidden]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const logSerializers = { err: safeError, error: safeError, req: safeRequest };
