import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The errors Fastify and Node answer before any route or error handler runs, in the API's DRF shape
 * (`{"detail": …}`) instead of their own `{error, code, message}` bodies, which also quoted the path.
 */

/** A path that is not valid percent-encoding, or a path parameter longer than any id or name. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(404).send({ detail: 'Not found.' });
  return reply.code(400).send({ detail: 'Malformed URL: the path is not valid percent-encoding.' });
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'Request timeout.'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'Request header fields too large (a query string counts).'],
};

/** Node's `clientError` (an HTTP request it cannot parse): answered on the socket, then closed. */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, detail] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad Request', 'Bad request.'];
  const body = JSON.stringify({ detail });
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
