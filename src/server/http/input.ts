import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import { ERRORS } from '../../shared/domain/errors';
import { AppError } from './errors';

type CallbackBodyParser = Exclude<
  FastifyBodyParser<string>,
  (...args: never[]) => Promise<unknown>
>;

/** A NUL character, raw or percent-encoded: PostgreSQL refuses it in text, so it never gets in. */
const ENCODED_NUL = /%00/i;

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1),
  );
}

/**
 * What every request body and URL must satisfy before any route sees it:
 * no NUL character anywhere (answered 400 instead of a database error that logged the SQL), and
 * an empty JSON body is "no body" (so `POST /api/auth/sign-out` with a JSON content type and
 * nothing in it signs out; routes that need a body still refuse it through their schema).
 */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('\u0000') || ENCODED_NUL.test(request.url)) {
      throw new AppError(ERRORS.invalid_characters);
    }
  });

  // Fastify types its default parser as either the callback or the promise form; the JSON one
  // answers through `done` and returns nothing, so nothing is left to await (decision 0585).
  const parseJson = app.getDefaultJsonParser('error', 'error') as CallbackBodyParser;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, parsed) => {
      if (error) done(error, undefined);
      else if (containsNul(parsed)) done(new AppError(ERRORS.invalid_characters), undefined);
      else done(null, parsed);
    });
  });
}
