import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { signIn } from '../../../test/support/auth';
import { createBusiness, createTip, type FactoryBusiness } from '../../../test/support/factories';
import { freshIp } from '../../../test/support/addresses';

/** The methods `inject` takes (light-my-request 6.6, decision 0285). */
type HTTPMethods = NonNullable<InjectOptions['method']>;

/**
 * Random and malicious path parameters, query strings, headers and bodies
 * against every API route (the server's own route list), as a guest and as a signed-in owner.
 * Never a 5xx, never a stack trace; refusals are 4xx with a message from our German catalogue;
 * a refused request leaves the database as it was. Bounded: a few runs per route.
 */

const RUNS_PER_ROUTE = 4;

let t: TestApp;
let hotel: FactoryBusiness;
let ownerCookie: string;

beforeAll(async () => {
  // With the sync secret set, the AiO endpoint checks its input instead of answering 503.
  t = await createTestApp({ config: { aioSyncSecret: 'fuzz-sync-secret-0123456789' } });
  hotel = await createBusiness(t.database.db, {
    points: ['person', 'team', 'object'],
    teams: [{ members: [0, 1] }],
  });
  await createBusiness(t.database.db, { points: ['object'] });
  await createTip(t.database.db, {
    businessId: hotel.id,
    employeeId: hotel.employees[0]!.id,
    guestMessage: 'Danke',
  });
  ownerCookie = await signIn(t, hotel.owner.email);
});
afterAll(async () => {
  await t.close();
});

const MALICIOUS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  "'; DROP TABLE tips; --",
  '../../../../etc/passwd',
  '%00',
  '%',
  '\uFFFF\uD800',
  '𝕿𝖗𝖎𝖓𝖐𝖌𝖊𝖑𝖉 🙂',
  '1e309',
  '-1',
  '9007199254740993',
  'NaN',
  'null',
  'true',
  '__proto__',
  'constructor',
  'x'.repeat(5_000),
  '{"$where":"1"}',
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...MALICIOUS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.uuid() },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
);

/** Keys our schemas use, so some bodies get past the first field check. */
const KEYS = [
  'email',
  'password',
  'token',
  'code',
  'amountCents',
  'platformFee',
  'paymentMethod',
  'guestSessionId',
  'guestMessage',
  'name',
  'role',
  'tenantId',
  'fullName',
  'jobTitle',
  'members',
  'type',
  'targetId',
  'targetType',
  'destination',
  'endpoint',
  '__proto__',
  'constructor',
];

const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...KEYS), hostileValue, { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(undefined),
);

const headerValue = fc.string({ maxLength: 60 }).map((value) => value.replace(/[^\x20-\x7e]/g, ''));
const hostileHeaders = fc.dictionary(
  fc.constantFrom(
    'x-forwarded-for',
    'x-forwarded-proto',
    'x-request-id',
    'accept-language',
    'accept',
    'content-type',
    'if-none-match',
    'range',
    'stripe-signature',
    'authorization',
    'referer',
  ),
  fc.oneof(headerValue, fc.constantFrom('application/json', 'text/plain', 'multipart/form-data')),
  { maxKeys: 3 },
);

const hostileQuery = fc.dictionary(
  fc.constantFrom('businessId', 'from', 'to', 'page', 'period', 'role', 'tipId', 'q', 'a[b]'),
  hostileString,
  { maxKeys: 3 },
);

const STACK = /\n\s+at |Error: |node_modules|\.ts:\d+/;
/** English framework or driver wording that must never reach a user. */
const NOT_OURS =
  /Unexpected token|Cannot read|undefined is|is not a function|Expected |Required|must be|Invalid input|invalid_type|syntax error|violates|duplicate key/;

/** Everything a refused request could have changed, as one value. */
async function fingerprint(): Promise<string> {
  const [row] = await t.database.query<{ f: string }>(`SELECT concat_ws('|',
    (SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x.id), '')) FROM tips x),
    (SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x.id), '')) FROM profiles x),
    (SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x.id), '')) FROM users x),
    (SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x.id), '')) FROM payment_entrypoints x),
    (SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x.business_id), '')) FROM branding x),
    (SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x.id), '')) FROM teams x),
    (SELECT count(*) FROM team_members), (SELECT count(*) FROM admin_audit_log),
    (SELECT count(*) FROM payment_sessions), (SELECT count(*) FROM pay_later_links),
    (SELECT count(*) FROM outbox_emails), (SELECT count(*) FROM media)) AS f`);
  return row!.f;
}

/** Encodes like a browser would; a lone surrogate cannot be sent, so it becomes U+FFFD. */
const encode = (value: string) =>
  encodeURIComponent(
    value.replace(/[\uD800-\uDFFF]/g, (c, i: number, all: string) => {
      const code = c.charCodeAt(0);
      const paired =
        code < 0xdc00
          ? /[\uDC00-\uDFFF]/.test(all[i + 1] ?? '')
          : /[\uD800-\uDBFF]/.test(all[i - 1] ?? '');
      return paired ? c : '\uFFFD';
    }),
  );

function fillPath(path: string, params: string[]): string {
  let index = 0;
  return path.replace(/:[A-Za-z]+/g, () => encode(params[index++] ?? 'x'));
}

function queryString(query: Record<string, string>): string {
  const entries = Object.entries(query);
  if (entries.length === 0) return '';
  return `?${entries.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`;
}

/** Routes whose answer is not a JSON API answer or that never end. */
const NOT_FUZZED_SIGNED_IN = new Set([
  'GET /api/employee/stream',
  'POST /api/auth/sign-out',
  'POST /api/auth/session/timeout',
]);

function apiRoutes(): string[] {
  return t.app.routeList.filter((route) => / \/api\//.test(route) && route !== 'GET /api/docs');
}

describe('paths the router refuses before any hook', () => {
  it.each([
    [`/api/guest/codes/${'x'.repeat(600)}`, 414, 'Die Adresse ist zu lang.'],
    ['/api/guest/codes/%E0%A4%A', 400, 'Die Adresse ist ungültig.'],
  ])('%s answers %i in German without echoing the path', async (url, status, message) => {
    const response = await t.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({
      error: { code: expect.any(String), title: 'Eingabefehler', message },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('hostile input against every API route', () => {
  it('covers a meaningful number of routes', () => {
    expect(apiRoutes().length).toBeGreaterThan(60);
  });

  for (const who of ['guest', 'owner'] as const) {
    it(`as ${who === 'guest' ? 'an anonymous guest' : 'a signed-in owner'}: no 5xx, no stack, German refusals, nothing written`, async () => {
      const routes = apiRoutes().filter(
        (route) =>
          !(who === 'owner' && NOT_FUZZED_SIGNED_IN.has(route)) &&
          !(who === 'guest' && route === 'GET /api/employee/stream'),
      );
      for (const route of routes) {
        const [method, path] = route.split(' ') as [HTTPMethods, string];
        await fc.assert(
          fc.asyncProperty(
            fc.array(hostileString, { minLength: 2, maxLength: 2 }),
            hostileQuery,
            hostileHeaders,
            hostileBody,
            async (params, query, headers, body) => {
              const before = await fingerprint();
              const url = `${fillPath(path, params)}${queryString(query)}`;
              const sendsBody = method !== 'GET' && method !== 'DELETE';
              const response = await t.inject({
                method,
                url,
                remoteAddress: freshIp(),
                headers: {
                  ...headers,
                  ...(who === 'owner' ? { cookie: ownerCookie } : {}),
                  ...(sendsBody && body !== undefined && !headers['content-type']
                    ? { 'content-type': 'application/json' }
                    : {}),
                },
                ...(sendsBody && body !== undefined ? { payload: JSON.stringify(body) } : {}),
              });
              const context = `${route} → ${url} ${response.statusCode} ${response.body.slice(0, 300)}`;
              expect(response.statusCode, context).toBeLessThan(500);
              expect(response.body, context).not.toMatch(STACK);
              if (response.statusCode >= 400) {
                const message = response.json<{ error: { message: string; title: string } }>()
                  .error;
                expect(message.title, context).toBeTruthy();
                expect(message.message, context).not.toMatch(NOT_OURS);
                expect(await fingerprint(), context).toBe(before);
              }
            },
          ),
          { numRuns: RUNS_PER_ROUTE, interruptAfterTimeLimit: 2_000 },
        );
      }
    }, 120_000);
  }
});
