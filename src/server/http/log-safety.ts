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

/**
 * Values that open something while they live ride in some URLs: a grievance's tracking key (`?key=`), the signature
 * of a private file or an export download, the live stream's ticket, any token. The log keeps the parameter's name
 * but never its value, however the name is spelled (case, percent-encoding).
 */
const SECRET_NAMES = new Set(['key', 'signature', 'ticket', 'token', 'access', 'refresh', 'access_token', 'refresh_token', 'otp', 'code']);
const QUERY_PARAM = /([?&])([^=&#]*)=([^&#]*)/g;
const secretName = (name: string) => {
  try {
    return SECRET_NAMES.has(decodeURIComponent(name).toLowerCase());
  } catch {
    return true;
  }
};
const hideSecrets = (url: string) =>
  url.replace(QUERY_PARAM, (whole, sep: string, name: string) => (secretName(name) ? `${sep}${name}=[hidden]` : whole));

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
    url: maskEmails(hideSecrets(request.url)),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const logSerializers = { err: safeError, error: safeError, req: safeRequest };
