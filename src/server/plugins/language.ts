import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LANG, LANG_COOKIE, preferredLang, type Lang } from '../../lib/i18n.ts';
import { translateErrorBody } from '../http/error-messages.ts';
import { isMessage, wordBody, wordMessage } from '../platform/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language to answer in: the `lang` cookie the visitor chose, else Accept-Language. */
    lang: Lang;
  }
}

const COOKIE = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]*)`);

export function requestLang(request: Pick<FastifyRequest, 'headers'>): Lang {
  const cookie = COOKIE.exec(request.headers.cookie ?? '')?.[1];
  const accept = request.headers['accept-language'];
  return preferredLang(cookie && decodeURIComponent(cookie), Array.isArray(accept) ? accept[0] : accept);
}

/** Reads the request's language and words the API's error answers in it (their codes unchanged). */
async function languagePlugin(app: FastifyInstance) {
  app.decorateRequest('lang', DEFAULT_LANG);
  app.addHook('onRequest', async (request) => {
    request.lang = requestLang(request);
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 400) {
      // A success answer's `detail` ("OTP sent.", "Joined …") may be a catalog message too; nothing else is walked.
      const said = (payload as { detail?: unknown } | null)?.detail;
      return isMessage(said) ? { ...(payload as object), detail: wordMessage(said, request.lang) } : payload;
    }
    // Catalog messages (platform/errors.ts) are worded in the reader's language; the framework's and the validators'
    // English sentences are matched against the catalog as before.
    const worded = wordBody(payload, request.lang);
    return request.lang === DEFAULT_LANG ? worded : translateErrorBody(worded, request.lang);
  });
}

export default fp(languagePlugin, { name: 'language' });
