import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  type FactoryBusiness,
  uniqueSuffix,
} from '../../../../test/support/factories';
import type { BusinessChange, BusinessDetail } from '../../../shared/api/operator';

/** The operator's business page /admin/businesses/:id (issue 47 item 7). */

let t: TestApp;
let adminEmail: string;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp();
  adminEmail = (await createPlatformAdmin(t.database.db)).email;
  hotel = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
  cafe = await createBusiness(t.database.db);
});
afterAll(async () => {
  await t.close();
});

describe('the business page (issue 47 item 7)', () => {
  it('shows details, people with invitation states, points and the operator audit trail; edits name and contact', async () => {
    const cookie = await signIn(t, adminEmail);
    const tag = uniqueSuffix();
    const ownerEmail = `chef-${tag}@gasthaus.example`;
    const created = await t.inject({
      method: 'POST',
      url: '/api/admin/businesses',
      headers: { cookie },
      payload: {
        name: `Gasthaus ${tag}`,
        address: 'Dorfplatz 1, 12345 Dorf',
        contactEmail: `info-${tag}@gasthaus.example`,
        ownerEmail,
      },
    });
    const { business } = created.json<BusinessChange>();

    const response = await t.inject({
      method: 'GET',
      url: `/api/admin/businesses/${business.id}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json<BusinessDetail>();
    expect(detail.origin).toBe('console');
    expect(detail.business).toMatchObject({ name: `Gasthaus ${tag}` });
    expect(detail.people).toEqual([
      expect.objectContaining({
        email: ownerEmail,
        role: 'business_owner',
        status: 'invited',
        lastLoginAt: null,
        invitationDelivery: 'delivered',
      }),
    ]);
    expect(detail.audit.map((row) => row.label)).toContain('Betrieb angelegt');

    const hotelPage = await t.inject({
      method: 'GET',
      url: `/api/admin/businesses/${hotel.id}`,
      headers: { cookie },
    });
    const hotelDetail = hotelPage.json<BusinessDetail>();
    expect(hotelDetail.paymentPoints).toHaveLength(1);
    expect(hotelDetail.people.map((person) => person.email).sort()).toEqual(
      [hotel.owner.email, hotel.employees[0]!.email].sort(),
    );

    t.clock.advance(60_000);
    const edited = await t.inject({
      method: 'PATCH',
      url: `/api/admin/businesses/${business.id}`,
      headers: { cookie },
      payload: { name: `Gasthaus Linde ${tag}`, contactEmail: `hallo-${tag}@gasthaus.example` },
    });
    expect(edited.statusCode).toBe(200);
    const after = edited.json<BusinessDetail>();
    expect(after.business).toMatchObject({
      name: `Gasthaus Linde ${tag}`,
      contactEmail: `hallo-${tag}@gasthaus.example`,
    });
    expect(after.audit[0]).toMatchObject({ label: 'Betriebsdaten geändert' });
    expect(after.audit[0]!.sentence).toContain(`Gasthaus Linde ${tag}`);

    const invalid = await t.inject({
      method: 'PATCH',
      url: `/api/admin/businesses/${business.id}`,
      headers: { cookie },
      payload: { name: '', contactEmail: 'kein-mail' },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('refuses owners of either business in German', async () => {
    for (const owner of [hotel.owner, cafe.owner]) {
      const cookie = await signIn(t, owner.email);
      for (const request of [
        { method: 'GET' as const, url: `/api/admin/businesses/${hotel.id}` },
        {
          method: 'PATCH' as const,
          url: `/api/admin/businesses/${hotel.id}`,
          payload: { name: 'Übernommen', contactEmail: 'x@example.com' },
        },
      ]) {
        const response = await t.inject({ ...request, headers: { cookie } });
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toMatchObject({
          message: 'Nur der Plattform-Administrator verwaltet Betriebe.',
        });
      }
    }
  });
});
