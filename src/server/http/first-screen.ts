import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FIRST_SCREEN_CALLS, type FirstScreenQuery } from '../../shared/api/first-screen';

/**
 * The first screen's API answers for a document request (issue 35, decision 0419): each call the
 * page makes (`FIRST_SCREEN_CALLS`) is asked of this very server with the request's cookie and
 * address, through the same routes, guards, rate limits and response schemas as the browser's
 * call would be. Only a 200 is carried; anything else (not allowed, no business, an error) is
 * left for the browser to ask and to say, as before. The calls run side by side.
 */
export async function firstScreenQueries(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<FirstScreenQuery[]> {
  const path = request.url.split('?')[0]!.replace(/\/+$/, '');
  const calls = FIRST_SCREEN_CALLS[path];
  const cookie = request.headers.cookie;
  if (!calls || !cookie) return [];
  const answers = await Promise.all(
    calls.map(async ({ key, url }) => {
      try {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { cookie, accept: 'application/json' },
          remoteAddress: request.ip,
        });
        return response.statusCode === 200 ? { key, data: response.json() as unknown } : null;
      } catch (error) {
        app.log.warn({ err: error, url }, 'first screen: answer not embedded');
        return null;
      }
    }),
  );
  return answers.filter((answer): answer is FirstScreenQuery => answer !== null);
}
