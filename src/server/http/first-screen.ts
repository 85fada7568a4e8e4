import type { FastifyInstance, FastifyRequest } from 'fastify';
import { firstScreenKeys, type FirstScreenQuery } from '../../shared/api/first-screen';
import { startOfBerlinDay } from '../../shared/domain/berlin-day';

/** One call of a first screen: the API path with its query, and the key its answer goes under. */
interface FirstScreenCall {
  key: FirstScreenQuery['key'];
  url: string;
}

/** The staff dashboard's 'Heute' call for the day `now` falls on in Berlin. */
export function employeeTodayCall(now: Date): FirstScreenCall {
  const dayStart = startOfBerlinDay(now).toISOString();
  return {
    key: firstScreenKeys.employeeToday(dayStart),
    url: `/api/employee/today?from=${encodeURIComponent(dayStart)}`,
  };
}

/**
 * Per page path, the calls its first screen makes, for the moment `now` (an admin's without a
 * business chosen in the browser: an owner's, or a platform admin's home business; a browser with
 * a business chosen files its answers under other keys and asks for them itself).
 */
export const FIRST_SCREEN_CALLS: Readonly<Record<string, (now: Date) => FirstScreenCall[]>> = {
  '/admin/dashboard': () => [
    { key: firstScreenKeys.adminBusinesses, url: '/api/admin/businesses' },
    { key: firstScreenKeys.adminDashboard(null), url: '/api/admin/dashboard' },
    { key: firstScreenKeys.setupChecklist(null), url: '/api/admin/setup-checklist' },
  ],
  '/employee/dashboard': (now) => [
    employeeTodayCall(now),
    { key: firstScreenKeys.employeeMessages, url: '/api/employee/messages' },
  ],
};

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
  const callsOf = FIRST_SCREEN_CALLS[path];
  const cookie = request.headers.cookie;
  if (!callsOf || !cookie) return [];
  const calls = callsOf(app.deps.clock.now());
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
