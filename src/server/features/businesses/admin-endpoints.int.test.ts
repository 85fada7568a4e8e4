import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { dayInZone } from '../../../shared/domain/shifts';
import { adminAuditLog } from '../../db/schema';

/** The methods `inject` takes (light-my-request 6.6, decision 0285). */
type HTTPMethods = NonNullable<InjectOptions['method']>;

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The access matrix of every admin endpoint (issue 10): refused for anonymous visitors (401)
 * and employees (403); the owner of another business gets 404 and none of the business's data;
 * the platform admin, naming the business, is allowed. A new admin endpoint is one entry in
 * ADMIN_ENDPOINTS; the last test fails while any /api/admin route has none.
 */

/** The business an entry works on, made fresh for each entry (so deletes cannot interfere). */
interface Fixture {
  business: FactoryBusiness;
}

interface AdminEndpoint {
  /** "METHOD /path/{param}" as the OpenAPI document names the route. */
  route: string;
  /** The URL to call, without the businessId parameter. */
  url: (f: Fixture) => string;
  body?: (f: Fixture) => object;
  /** A raw body instead (e.g. an uploaded image) with its content type. */
  raw?: () => Promise<{ contentType: string; body: Buffer }>;
  /** What the platform admin gets (default 200). */
  adminStatus?: number;
  /** What the owner of another business gets when naming this one (default 404). */
  otherOwnerStatus?: number;
  /** Whether the endpoint takes ?businessId= (default true). */
  scoped?: boolean;
}

const ADMIN_ENDPOINTS: AdminEndpoint[] = [
  {
    route: 'GET /api/admin/businesses',
    url: () => '/api/admin/businesses',
    scoped: false,
    otherOwnerStatus: 200,
  },
  // The operator console (issue 29): the platform admin only; every owner hears so (403).
  {
    route: 'GET /api/admin/businesses/overview',
    url: () => '/api/admin/businesses/overview',
    scoped: false,
    otherOwnerStatus: 403,
  },
  {
    route: 'POST /api/admin/businesses',
    url: () => '/api/admin/businesses',
    body: (f) => ({
      name: `Neuer Betrieb ${f.business.id}`,
      address: 'Hafenstraße 1, 20459 Hamburg',
      contactEmail: `kontakt-${f.business.id}@test.local`,
    }),
    scoped: false,
    otherOwnerStatus: 403,
    adminStatus: 201,
  },
  {
    route: 'POST /api/admin/businesses/{id}/owners',
    url: (f) => `/api/admin/businesses/${f.business.id}/owners`,
    body: (f) => ({ email: `inhaber-neu-${f.business.id}@test.local` }),
    scoped: false,
    otherOwnerStatus: 403,
    adminStatus: 201,
  },
  {
    route: 'POST /api/admin/businesses/{id}/suspend',
    url: (f) => `/api/admin/businesses/${f.business.id}/suspend`,
    body: () => ({ reason: 'Prüfung' }),
    scoped: false,
    otherOwnerStatus: 403,
  },
  {
    route: 'POST /api/admin/businesses/{id}/reactivate',
    url: (f) => `/api/admin/businesses/${f.business.id}/reactivate`,
    body: () => ({}),
    scoped: false,
    otherOwnerStatus: 403,
    // The business is active: allowed to ask, and told so.
    adminStatus: 409,
  },
  {
    route: 'POST /api/admin/businesses/{id}/close',
    url: (f) => `/api/admin/businesses/${f.business.id}/close`,
    body: (f) => ({ confirmName: f.business.name }),
    scoped: false,
    otherOwnerStatus: 403,
  },
  { route: 'GET /api/admin/audit-log.csv', url: () => '/api/admin/audit-log.csv' },
  { route: 'GET /api/admin/dashboard', url: () => '/api/admin/dashboard' },
  { route: 'GET /api/admin/setup-checklist', url: () => '/api/admin/setup-checklist' },
  {
    route: 'POST /api/admin/setup-checklist/dismiss',
    url: () => '/api/admin/setup-checklist/dismiss',
    body: () => ({}),
  },
  {
    route: 'POST /api/admin/setup-checklist/qr-export',
    url: () => '/api/admin/setup-checklist/qr-export',
    body: () => ({}),
    adminStatus: 204,
  },
  { route: 'GET /api/admin/audit-log', url: () => '/api/admin/audit-log' },
  {
    route: 'POST /api/audit/navigation',
    url: () => '/api/audit/navigation',
    body: () => ({ destination: '/admin/dashboard' }),
    adminStatus: 204,
  },
  { route: 'GET /api/profiles', url: () => '/api/profiles?role=employee' },
  { route: 'GET /api/admin/entrypoints', url: () => '/api/admin/entrypoints' },
  { route: 'GET /api/admin/entrypoints/targets', url: () => '/api/admin/entrypoints/targets' },
  {
    route: 'POST /api/admin/entrypoints',
    url: () => '/api/admin/entrypoints',
    body: (f) => ({ name: 'Neu', type: 'object', targetType: 'tenant', targetId: f.business.id }),
    adminStatus: 201,
  },
  {
    route: 'POST /api/admin/entrypoints/demo',
    url: () => '/api/admin/entrypoints/demo',
    body: () => ({}),
    // Demo data is for the platform admin only: any owner hears 'Keine Berechtigung'.
    otherOwnerStatus: 403,
  },
  {
    route: 'GET /api/admin/entrypoints/{id}',
    url: (f) => `/api/admin/entrypoints/${f.business.points[0]!.id}`,
  },
  {
    route: 'GET /api/admin/entrypoints/{id}/print.pdf',
    url: (f) => `/api/admin/entrypoints/${f.business.points[0]!.id}/print.pdf`,
  },
  {
    route: 'PATCH /api/admin/entrypoints/{id}',
    url: (f) => `/api/admin/entrypoints/${f.business.points[0]!.id}`,
    body: () => ({ name: 'Umbenannt' }),
  },
  {
    route: 'POST /api/admin/entrypoints/{id}/activate',
    url: (f) => `/api/admin/entrypoints/${f.business.points[0]!.id}/activate`,
    body: () => ({}),
  },
  {
    route: 'POST /api/admin/entrypoints/{id}/deactivate',
    url: (f) => `/api/admin/entrypoints/${f.business.points[0]!.id}/deactivate`,
    body: () => ({}),
  },
  {
    route: 'POST /api/admin/entrypoints/{id}/primary',
    url: (f) => `/api/admin/entrypoints/${f.business.points[0]!.id}/primary`,
    body: () => ({}),
  },
  {
    route: 'POST /api/admin/entrypoints/{id}/regenerate',
    url: (f) => `/api/admin/entrypoints/${f.business.points[0]!.id}/regenerate`,
    body: () => ({}),
  },
  {
    route: 'DELETE /api/admin/entrypoints/{id}',
    url: (f) => `/api/admin/entrypoints/${f.business.points[0]!.id}`,
    adminStatus: 204,
  },
  { route: 'GET /api/admin/integration', url: () => '/api/admin/integration' },
  {
    route: 'PUT /api/admin/integration',
    url: () => '/api/admin/integration',
    body: () => ({ tenantId: 'neuer-tenant' }),
  },
  {
    route: 'POST /api/admin/integration/reset',
    url: () => '/api/admin/integration/reset',
    body: () => ({}),
  },
  {
    route: 'POST /api/admin/integration/test',
    url: () => '/api/admin/integration/test',
    body: () => ({}),
  },
  { route: 'GET /api/admin/branding', url: () => '/api/admin/branding' },
  {
    route: 'PUT /api/admin/branding',
    url: () => '/api/admin/branding',
    body: () => ({
      primaryColor: '#003057',
      secondaryColor: '#C8C9C7',
      accentColor: '#C8AA61',
      fontFamily: 'Inter',
      language: 'de',
      tonality: 'formal',
      companyName: 'Neu',
      thankYouMessage: null,
      logoUrl: null,
    }),
  },
  {
    route: 'POST /api/admin/branding/logo',
    url: () => '/api/admin/branding/logo',
    raw: async () => ({
      contentType: 'image/png',
      body: await sharp({
        create: { width: 40, height: 20, channels: 3, background: { r: 0, g: 48, b: 87 } },
      })
        .png()
        .toBuffer(),
    }),
    adminStatus: 201,
  },
  {
    route: 'GET /api/admin/staff/{employeeId}/qr',
    url: (f) => `/api/admin/staff/${f.business.employees[1]!.id}/qr`,
  },
  {
    route: 'POST /api/admin/staff/{employeeId}/qr',
    url: (f) => `/api/admin/staff/${f.business.employees[1]!.id}/qr`,
    body: () => ({}),
    adminStatus: 201,
  },
  {
    route: 'POST /api/admin/qr-codes',
    url: () => '/api/admin/qr-codes',
    body: () => ({ type: 'object', designation: 'Tisch 99' }),
  },
  { route: 'GET /api/admin/users', url: () => '/api/admin/users' },
  {
    route: 'POST /api/admin/users',
    url: () => '/api/admin/users',
    body: (f) => ({ email: `eingeladen-${f.business.id}@test.local` }),
    adminStatus: 201,
  },
  {
    route: 'POST /api/admin/users/{id}/invitation',
    url: (f) => `/api/admin/users/${f.business.employees[1]!.id}/invitation`,
    body: () => ({}),
    // Factory people have accepted already: allowed to ask, and told so.
    adminStatus: 409,
  },
  {
    route: 'PATCH /api/admin/users/{id}',
    url: (f) => `/api/admin/users/${f.business.employees[1]!.id}`,
    body: () => ({ role: 'business_owner' }),
  },
  {
    route: 'POST /api/admin/users/{id}/deactivate',
    url: (f) => `/api/admin/users/${f.business.employees[1]!.id}/deactivate`,
    body: () => ({}),
  },
  {
    route: 'POST /api/admin/users/{id}/reactivate',
    url: (f) => `/api/admin/users/${f.business.employees[1]!.id}/reactivate`,
    body: () => ({}),
    // The person is active: allowed to ask, and told so.
    adminStatus: 409,
  },
  {
    route: 'POST /api/admin/users/{id}/two-factor/reset',
    url: (f) => `/api/admin/users/${f.business.employees[1]!.id}/two-factor/reset`,
    body: () => ({}),
    // The person has no two-factor sign-in: allowed to ask, and told so.
    adminStatus: 409,
  },
  { route: 'GET /api/admin/payouts', url: () => '/api/admin/payouts' },
  {
    route: 'GET /api/admin/payouts/{batchId}',
    url: () => '/api/admin/payouts/00000000-0000-4000-8000-000000000000',
    adminStatus: 404,
  },
  {
    route: 'POST /api/admin/payouts',
    url: () => '/api/admin/payouts',
    body: () => ({}),
    // The fixture has no paid tips: nothing to pay out.
    adminStatus: 409,
  },
  {
    route: 'POST /api/admin/payouts/held/{tipId}/release',
    url: () => `/api/admin/payouts/held/${NO_SUCH_ID}/release`,
    body: () => ({}),
    // No tip of the business is held: allowed to ask, told there is none.
    adminStatus: 404,
  },
  {
    route: 'POST /api/admin/payouts/held/{tipId}/refund',
    url: () => `/api/admin/payouts/held/${NO_SUCH_ID}/refund`,
    body: () => ({}),
    adminStatus: 404,
  },
  {
    route: 'PUT /api/admin/payouts/schedule',
    url: () => '/api/admin/payouts/schedule',
    body: () => ({ schedule: 'weekly' }),
  },
  {
    route: 'GET /api/admin/reports',
    url: () => '/api/admin/reports?from=2026-01-01&to=2026-01-31',
  },
  {
    route: 'GET /api/admin/reports/tips.csv',
    url: () => '/api/admin/reports/tips.csv?from=2026-01-01&to=2026-01-31',
  },
  { route: 'GET /api/admin/teams', url: () => '/api/admin/teams' },
  {
    route: 'POST /api/admin/teams',
    url: () => '/api/admin/teams',
    body: () => ({ name: 'Frühschicht' }),
    adminStatus: 201,
  },
  {
    route: 'PATCH /api/admin/teams/{id}',
    url: (f) => `/api/admin/teams/${f.business.teams[0]!.id}`,
    body: () => ({ name: 'Spätschicht' }),
  },
  {
    route: 'PUT /api/admin/teams/{id}/members',
    url: (f) => `/api/admin/teams/${f.business.teams[0]!.id}/members`,
    body: (f) => ({ members: [{ profileId: f.business.employees[1]!.id, weight: 2 }] }),
  },
  {
    route: 'DELETE /api/admin/teams/{id}',
    url: (f) => `/api/admin/teams/${f.business.teams[0]!.id}`,
    adminStatus: 204,
  },
  { route: 'GET /api/admin/shifts', url: () => '/api/admin/shifts' },
  {
    route: 'POST /api/admin/shifts',
    url: () => '/api/admin/shifts',
    body: (f) => ({
      targetKind: 'point',
      targetId: f.business.points[1]!.id,
      profileId: f.business.employees[0]!.id,
      day: dayInZone(t.clock.now()),
    }),
    adminStatus: 201,
  },
  {
    route: 'POST /api/admin/shifts/copy-week',
    url: () => '/api/admin/shifts/copy-week',
    body: (f) => ({
      targetKind: 'team',
      targetId: f.business.teams[0]!.id,
      fromDay: dayInZone(t.clock.now()),
    }),
  },
  {
    route: 'DELETE /api/admin/shifts/{id}',
    url: () => `/api/admin/shifts/${NO_SUCH_ID}`,
    // Allowed to ask; the fixture has no assignment to remove.
    adminStatus: 404,
  },
  { route: 'GET /api/admin/pool', url: () => '/api/admin/pool' },
  {
    route: 'POST /api/admin/pool/{id}/assign',
    url: () => `/api/admin/pool/${NO_SUCH_ID}/assign`,
    body: (f) => ({ profileId: f.business.employees[0]!.id }),
    // Allowed to ask; the fixture's pool is empty.
    adminStatus: 404,
  },
];

let t: TestApp;
let stranger: FactoryBusiness;
let adminCookie: string;
let strangerCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  stranger = await createBusiness(t.database.db, { name: 'Fremder Betrieb', points: ['object'] });
  adminCookie = await signIn(t, (await createPlatformAdmin(t.database.db)).email);
  strangerCookie = await signIn(t, stranger.owner.email);
});
afterAll(async () => {
  await t.close();
});

const withBusiness = (url: string, businessId: string) =>
  `${url}${url.includes('?') ? '&' : '?'}businessId=${businessId}`;

async function send(endpoint: AdminEndpoint, f: Fixture, url: string, cookie?: string) {
  const method = endpoint.route.split(' ')[0] as HTTPMethods;
  const raw = await endpoint.raw?.();
  const body = raw?.body ?? endpoint.body?.(f);
  return t.inject({
    method,
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(raw ? { 'content-type': raw.contentType } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
}

async function auditRowsOf(businessId: string) {
  return (
    await t.database.db
      .select({ id: adminAuditLog.id })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.businessId, businessId))
  ).length;
}

describe.each(ADMIN_ENDPOINTS)('$route', (endpoint) => {
  it('refuses anonymous visitors, employees and the other business’s owner; allows the platform admin', async () => {
    const business = await createBusiness(t.database.db, {
      name: `Betrieb ${endpoint.route}`,
      points: ['person', 'object'],
      teams: [{ members: [0] }],
    });
    const f: Fixture = { business };
    const plain = endpoint.url(f);
    const named = endpoint.scoped === false ? plain : withBusiness(plain, business.id);
    const auditBefore = await auditRowsOf(business.id);

    const anonymous = await send(endpoint, f, named);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');

    const employee = await send(endpoint, f, named, await signIn(t, business.employees[0]!.email));
    expect(employee.statusCode).toBe(403);

    const otherOwner = await send(endpoint, f, named, strangerCookie);
    expect(otherOwner.statusCode).toBe(endpoint.otherOwnerStatus ?? 404);
    // Whatever it answers, nothing of this business is in it.
    expect(otherOwner.body).not.toContain(business.id);
    expect(otherOwner.body).not.toContain(business.name);
    const ids = [business.points[0]!.id, business.employees[1]!.id, business.teams[0]!.id];
    if (ids.some((id) => plain.includes(id))) {
      // Without naming the business, an id of another business does not exist either.
      const unnamed = await send(endpoint, f, plain, strangerCookie);
      expect(unnamed.statusCode).toBe(404);
      expect(unnamed.body).not.toContain(business.points[0]!.uid);
      expect(unnamed.body).not.toContain(business.employees[1]!.fullName);
    }
    expect(await auditRowsOf(business.id)).toBe(auditBefore);

    const admin = await send(endpoint, f, named, adminCookie);
    expect(admin.statusCode, admin.body).toBe(endpoint.adminStatus ?? 200);
  });
});

describe('the table', () => {
  it('has an entry for every /api/admin route the server offers', () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const offered = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const listed = new Set(ADMIN_ENDPOINTS.map((endpoint) => endpoint.route));
    expect(offered.filter((route) => !listed.has(route))).toEqual([]);
    expect(offered.length).toBeGreaterThan(10);
  });
});
