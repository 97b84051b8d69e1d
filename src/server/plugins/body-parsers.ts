import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-errors.ts';
import { nullCharacterErrors } from '../null-characters.ts';

/**
 * JSON and form bodies as DRF reads them: an empty body is an empty object, malformed JSON is
 * 'JSON parse error - …' (400), and anything else (text/plain included) is 415. A NUL character
 * anywhere in the query or the body is a field error before any handler sees it.
 */
async function bodyParsersPlugin(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(/^application\/(.+\+)?json$/, { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      done(new HttpError(400, { detail: `JSON parse error - ${(error as Error).message}` }), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const refused = nullCharacterErrors(request.query) ?? nullCharacterErrors(request.body);
    if (refused) throw refused;
  });
}

export default fp(bodyParsersPlugin, { name: 'body-parsers' });
