import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  createTip,
  type FactoryBusiness,
  uniqueSuffix,
} from '../../../../test/support/factories';
import type {
  BusinessChange,
  BusinessDetail,
  BusinessOverview,
} from '../../../shared/api/operator';

/** The operator's business page /admin/businesses/:id. */

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

describe('the business page', () => {
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

describe('the list: state filter, sort and the self sign-up mark', () => {
  it('filters by state, sorts by name, creation and the month’s tips, and marks self sign-ups', async () => {
    const cookie = await signIn(t, adminEmail);
    const tag = uniqueSuffix();
    const now = t.clock.now();
    const hour = 60 * 60_000;
    // Name order Anton, Berta, Caesar; creation order Caesar, Anton, Berta (newest first:
    // Berta); tip order Berta, Anton, Caesar.
    const anton = await createBusiness(t.database.db, { name: `Anton ${tag}`, employees: 1 });
    const berta = await createBusiness(t.database.db, { name: `Berta ${tag}`, employees: 1 });
    const caesar = await createBusiness(t.database.db, { name: `Caesar ${tag}`, employees: 1 });
    const created = [
      [caesar.id, 3],
      [anton.id, 2],
      [berta.id, 1],
    ] as const;
    for (const [id, hoursAgo] of created) {
      await t.database.query('UPDATE businesses SET created_at = $2 WHERE id = $1', [
        id,
        new Date(now.getTime() - hoursAgo * hour),
      ]);
    }
    await createTip(t.database.db, {
      businessId: anton.id,
      employeeId: anton.employees[0]!.id,
      amountCents: 500,
      createdAt: now,
    });
    await createTip(t.database.db, {
      businessId: berta.id,
      employeeId: berta.employees[0]!.id,
      amountCents: 3000,
      createdAt: now,
    });
    await t.database.query(
      "UPDATE businesses SET active = false, suspended_at = $2, suspension_reason = 'Prüfung' WHERE id = $1",
      [berta.id, now],
    );
    await t.database.query('UPDATE businesses SET active = false, closed_at = $2 WHERE id = $1', [
      caesar.id,
      now,
    ]);
    await t.database.query(
      "INSERT INTO admin_audit_log (business_id, action, target_type, target_id) VALUES ($1, 'business_signup', 'business', $2)",
      [anton.id, anton.id],
    );

    const names = async (query: string) => {
      const response = await t.inject({
        method: 'GET',
        url: `/api/admin/businesses/overview?search=${tag}${query}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      return response.json<BusinessOverview>().items.map((item) => item.name.split(' ')[0]);
    };
    expect(await names('')).toEqual(['Anton', 'Berta', 'Caesar']);
    expect(await names('&sort=name')).toEqual(['Anton', 'Berta', 'Caesar']);
    expect(await names('&sort=created')).toEqual(['Berta', 'Anton', 'Caesar']);
    expect(await names('&sort=tips')).toEqual(['Berta', 'Anton', 'Caesar']);
    expect(await names('&status=active')).toEqual(['Anton']);
    expect(await names('&status=suspended')).toEqual(['Berta']);
    expect(await names('&status=closed&sort=tips')).toEqual(['Caesar']);

    const page = await t.inject({
      method: 'GET',
      url: `/api/admin/businesses/overview?search=${tag}&status=active`,
      headers: { cookie },
    });
    const body = page.json<BusinessOverview>();
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({ origin: 'signup', status: 'active' });
    const all = await t.inject({
      method: 'GET',
      url: `/api/admin/businesses/overview?search=${tag}`,
      headers: { cookie },
    });
    expect(all.json<BusinessOverview>().items.map((item) => item.origin)).toEqual([
      'signup',
      'console',
      'console',
    ]);

    for (const [query, message] of [
      ['status=offen', 'Status: Bitte wählen Sie Aktiv, Gesperrt oder Geschlossen.'],
      ['sort=umsatz', 'Sortierung: Bitte wählen Sie Name, Anlagedatum oder Trinkgeld im Monat.'],
    ] as const) {
      const refused = await t.inject({
        method: 'GET',
        url: `/api/admin/businesses/overview?${query}`,
        headers: { cookie },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toContain(message);
    }
  });
});
