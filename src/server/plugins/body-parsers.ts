import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, notFound } from '../platform/errors.ts';
import { nullCharacterErrors } from '../http/null-characters.ts';

/**
 * V8 quotes a piece of the input in some JSON errors ('Unexpected token 'a', "{"email":a.b@c"... is not valid
 * JSON'); an answer (or a log) must not repeat what was typed, an address perhaps, so the quote is dropped.
 */
const withoutQuotedInput = (message: string) => message.replace(/, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/, ' in JSON');

/** A `\ud800`-style escape in JSON gives a lone surrogate, which no database can store (PGlite fails on it); it becomes U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');

/**
 * JSON and form bodies as DRF reads them: an empty body is an empty object, malformed JSON is
 * 'JSON parse error - …' (400), a multipart form is read by the uploads plugin, and anything
 * else (text/plain included) is 415. A NUL character anywhere in the query or the body is a field
 * error before any handler sees it.
 */
async function bodyParsersPlugin(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(/^application\/(.+\+)?json$/, { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(
        null,
        JSON.parse(text, (_key, value) => (typeof value === 'string' ? wellFormed(value) : value)),
      );
    } catch (error) {
      done(new HttpError(400, { detail: `JSON parse error - ${withoutQuotedInput((error as Error).message)}` }), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    // A NUL in a path segment (/api/users/me/blocks/%00/) names nothing that can exist: no database can store it.
    if (
      Object.values((request.params ?? {}) as Record<string, unknown>).some(
        (value) => typeof value === 'string' && value.includes('\u0000'),
      )
    ) {
      throw notFound();
    }
    const refused = nullCharacterErrors(request.query) ?? nullCharacterErrors(request.body);
    if (refused) throw refused;
  });
}

export default fp(bodyParsersPlugin, { name: 'body-parsers' });
