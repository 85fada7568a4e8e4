import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import type { BusinessListResponse } from '../../../shared/api/businesses';
import { findSession } from '../auth/sessions';
import { resolveBusinessScope } from './scope';

let t: TestApp;
let first: FactoryBusiness;
let second: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp();
  first = await createBusiness(t.database.db, { name: 'Alpha Hotel' });
  second = await createBusiness(t.database.db, { name: 'Beta Café' });
});
afterAll(async () => {
  await t.close();
});

async function actorFor(email: string) {
  const cookie = await signIn(t, email);
  const found = await findSession(t.database.db, cookie.split('=')[1]!);
  return found!.actor;
}

describe('business scope', () => {
  it('keeps an owner in their own business and hides every other one', async () => {
    const owner = await actorFor(first.owner.email);
    expect(await resolveBusinessScope(t.database.db, owner, undefined)).toMatchObject({
      businessId: first.id,
    });
    await expect(resolveBusinessScope(t.database.db, owner, second.id)).rejects.toMatchObject({
      status: 404,
      code: 'business_not_found',
    });
  });

  it('lets the platform admin pick any existing business, and asks for one when none is named', async () => {
    const admin = await actorFor((await createPlatformAdmin(t.database.db)).email);
    expect(await resolveBusinessScope(t.database.db, admin, second.id)).toMatchObject({
      businessId: second.id,
    });
    await expect(resolveBusinessScope(t.database.db, admin, undefined)).rejects.toMatchObject({
      status: 400,
      code: 'business_required',
    });
    await expect(
      resolveBusinessScope(t.database.db, admin, '33333333-3333-4333-8333-333333333333'),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('GET /api/admin/businesses', () => {
  it('lists every business for the platform admin and only the own one for an owner', async () => {
    const admin = await createPlatformAdmin(t.database.db);
    const asAdmin = await t.inject({
      method: 'GET',
      url: '/api/admin/businesses',
      headers: { cookie: await signIn(t, admin.email) },
    });
    expect(asAdmin.statusCode).toBe(200);
    const adminBody: BusinessListResponse = asAdmin.json();
    expect(adminBody.businesses.map((b) => b.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    expect(adminBody.currentBusinessId).toBeNull();

    const asOwner = await t.inject({
      method: 'GET',
      url: '/api/admin/businesses',
      headers: { cookie: await signIn(t, second.owner.email) },
    });
    expect(asOwner.json()).toEqual({
      businesses: [{ id: second.id, name: 'Beta Café', active: true }],
      currentBusinessId: second.id,
    });
    expect(asOwner.headers['cache-control']).toBe('no-store');
  });

  it('refuses anonymous visitors and employees', async () => {
    const anonymous = await t.inject({ method: 'GET', url: '/api/admin/businesses' });
    expect(anonymous.statusCode).toBe(401);
    const employee = await t.inject({
      method: 'GET',
      url: '/api/admin/businesses',
      headers: { cookie: await signIn(t, first.employees[0]!.email) },
    });
    expect(employee.statusCode).toBe(403);
  });
});
