import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  type FactoryBusiness,
  uniqueSuffix,
} from '../../../../test/support/factories';
import type { AdminDashboard } from '../../../shared/api/admin-dashboard';
import type { BusinessOverview } from '../../../shared/api/operator';
import type { PaymentPointList } from '../../../shared/api/payment-points';
import { paymentEntrypoints, qrCodes, teams, users } from '../../db/schema';

/**
 * The dashboard counted a legacy code the UID list did not show. Every code
 * a guest can tip through is listed, and every count counts exactly those (decision 0475).
 */
let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
const legacy = {
  working: `qr-klassisch-${uniqueSuffix()}`,
  switchedOff: `qr-aus-${uniqueSuffix()}`,
  personGone: `qr-weg-${uniqueSuffix()}`,
  viaPerson: `qr-ohne-betrieb-${uniqueSuffix()}`,
  cafe: `qr-cafe-${uniqueSuffix()}`,
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  hotel = await createBusiness(db, {
    employees: 3,
    teams: [{ name: 'Bar', members: [0] }],
    // person(0), person(1), person(2), team, object, object
    points: ['person', 'person', 'person', 'team', 'object', 'object'],
  });
  cafe = await createBusiness(db, { employees: 1, points: ['person'] });
  // The third person is deactivated, the team switched off, the second table switched off.
  await db
    .update(users)
    .set({ disabledAt: new Date() })
    .where(eq(users.id, hotel.employees[2]!.id));
  await db.update(teams).set({ active: false }).where(eq(teams.id, hotel.teams[0]!.id));
  await db
    .update(paymentEntrypoints)
    .set({ active: false })
    .where(eq(paymentEntrypoints.id, hotel.points[5]!.id));
  await db.insert(qrCodes).values([
    { code: legacy.working, employeeId: hotel.employees[0]!.id, businessId: hotel.id },
    {
      code: legacy.switchedOff,
      employeeId: hotel.employees[1]!.id,
      businessId: hotel.id,
      isActive: false,
    },
    { code: legacy.personGone, employeeId: hotel.employees[2]!.id, businessId: hotel.id },
    // An old code without a business column belongs to its person's business.
    { code: legacy.viaPerson, employeeId: hotel.employees[1]!.id, businessId: null },
    { code: legacy.cafe, employeeId: cafe.employees[0]!.id, businessId: cafe.id },
  ]);
});
afterAll(async () => {
  await t.close();
});

async function guestCanTip(code: string): Promise<boolean> {
  const response = await t.inject({ method: 'GET', url: `/api/guest/codes/${code}` });
  return response.statusCode === 200;
}

describe('a code that works', () => {
  it('is listed in the UID list, and the list, the dashboard and the operator count the same set', async () => {
    const owner = await signIn(t, hotel.owner.email);
    const list = await t.inject({
      method: 'GET',
      url: '/api/admin/entrypoints',
      headers: { cookie: owner },
    });
    expect(list.statusCode).toBe(200);
    const items = (list.json() as PaymentPointList).items;

    // Every code of the hotel is listed, the legacy ones too; none of the café's.
    const hotelCodes = [
      ...hotel.points.map((point) => point.uid),
      legacy.working,
      legacy.switchedOff,
      legacy.personGone,
      legacy.viaPerson,
    ];
    expect(items.map((item) => item.uid).sort()).toEqual([...hotelCodes].sort());

    // The list says of each code exactly what the guest lookup finds.
    for (const item of items) {
      expect(item.works, item.uid).toBe(await guestCanTip(item.uid));
    }
    const working = items.filter((item) => item.works).map((item) => item.uid);
    expect(working.sort()).toEqual(
      [
        hotel.points[0]!.uid,
        hotel.points[1]!.uid,
        hotel.points[4]!.uid,
        legacy.working,
        legacy.viaPerson,
      ].sort(),
    );
    const legacyRow = items.find((item) => item.uid === legacy.working)!;
    expect(legacyRow).toMatchObject({
      source: 'legacy',
      type: 'person',
      targetType: 'user',
      targetId: hotel.employees[0]!.id,
      targetName: hotel.employees[0]!.fullName,
      active: true,
    });

    const dashboard = await t.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie: owner },
    });
    expect((dashboard.json() as AdminDashboard).activeQrCodes).toBe(working.length);

    const admin = await signIn(t, (await createPlatformAdmin(t.database.db)).email);
    const overview = await t.inject({
      method: 'GET',
      url: `/api/admin/businesses/overview?search=${encodeURIComponent(hotel.name)}`,
      headers: { cookie: admin },
    });
    expect(overview.statusCode).toBe(200);
    const row = (overview.json() as BusinessOverview).items.find((item) => item.id === hotel.id);
    expect(row?.activePaymentPoints).toBe(working.length);
  });

  it('of another business is neither listed nor counted here, and counted there', async () => {
    const cafeOwner = await signIn(t, cafe.owner.email);
    const list = await t.inject({
      method: 'GET',
      url: '/api/admin/entrypoints',
      headers: { cookie: cafeOwner },
    });
    const items = (list.json() as PaymentPointList).items;
    expect(items.map((item) => item.uid).sort()).toEqual([cafe.points[0]!.uid, legacy.cafe].sort());
    const dashboard = await t.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie: cafeOwner },
    });
    expect((dashboard.json() as AdminDashboard).activeQrCodes).toBe(2);
  });
});
