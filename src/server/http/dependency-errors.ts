/**
 * Whether an error means a dependency (PostgreSQL, Redis, the mail server) cannot be reached right now, rather
 * than a fault in this code. Such a request is answered 503 with Retry-After: nothing was written, and the same
 * request works once the dependency is back (the pool and clients reconnect on their own).
 */

/** Socket-level failures (Node), and nodemailer's connection codes. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNECTION',
  'ESOCKET',
  'EDNS',
  'ECONNABORTED',
  // The media store (an S3 bucket) failed or refused for a reason of its own (media-store.ts).
  'EMEDIASTORE',
  // postgres.js: a connection the server closed, one ended by shutting down, and a connect that timed out.
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/**
 * PostgreSQL SQLSTATEs of a server going away or refusing for now: class 08 (connection exception),
 * 57P01-57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections).
 */
const POSTGRES_STATES = /^(08...|57P0[1-3]|53300)$/;

/** ioredis says it in words, without a code. */
const MESSAGES = [
  /^Connection is closed\.?$/,
  /Reached the max retries per request limit/,
  /Stream isn't writeable and enableOfflineQueue options is false/,
];

export function isDependencyOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, name, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_STATES.test(code))) return true;
  if (name === 'MaxRetriesPerRequestError') return true;
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Drizzle wraps the driver's error as `cause`; an AggregateError (a connect to several addresses) lists them.
  if (cause && isDependencyOutage(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDependencyOutage(inner, depth + 1));
}
