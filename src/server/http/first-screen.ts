import type { FastifyInstance, FastifyRequest } from 'fastify';
import { employeeFirstScreenKeys, employeeTodayUrl } from '../../shared/api/employee-first-screen';
import { type FirstScreenQuery, firstScreenKeys } from '../../shared/api/first-screen';
import { startOfBerlinDay } from '../../shared/domain/berlin-day';

type FirstScreenCall = { key: FirstScreenQuery['key']; url: string };

/**
 * Per page path, the calls its first screen makes, at `now`. The admin dashboard's without a
 * business chosen in the browser (an owner's, or a platform admin's home business): a browser
 * with a business chosen files its answers under other keys and asks for them itself. The staff
 * dashboard's for today in Berlin; a browser whose clock says another day asks itself.
 */
export function firstScreenCalls(path: string, now: Date): readonly FirstScreenCall[] {
  switch (path) {
    case '/admin/dashboard':
      return [
        { key: firstScreenKeys.adminBusinesses, url: '/api/admin/businesses' },
        { key: firstScreenKeys.adminDashboard(null), url: '/api/admin/dashboard' },
        { key: firstScreenKeys.setupChecklist(null), url: '/api/admin/setup-checklist' },
      ];
    case '/employee/dashboard': {
      const day = startOfBerlinDay(now);
      return [
        { key: employeeFirstScreenKeys.today(day.toISOString()), url: employeeTodayUrl(day) },
        { key: employeeFirstScreenKeys.messages, url: '/api/employee/messages' },
      ];
    }
    default:
      return [];
  }
}

/**
 * The first screen's API answers for a document request (decisions 0419, 0420): each
 * call the page makes (`firstScreenCalls`) is asked of this very server with the request's cookie and
 * address, through the same routes, guards, rate limits and response schemas as the browser's
 * call would be. Only a 200 is carried; anything else (not allowed, no business, an error) is
 * left for the browser to ask and to say, as before. The calls run side by side.
 */
export async function firstScreenQueries(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<FirstScreenQuery[]> {
  const path = request.url.split('?')[0]!.replace(/\/+$/, '');
  const calls = firstScreenCalls(path, app.deps.clock.now());
  const cookie = request.headers.cookie;
  if (calls.length === 0 || !cookie) return [];
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
