import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import type { AdminDashboard } from '../../../shared/api/admin-dashboard';
import { paymentEntrypoints, qrCodes, users } from '../../db/schema';
import { ManualClock } from '../../lib/clock';

let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-03-15T12:00:00Z') });
  hotel = await createBusiness(t.database.db, {
    name: 'Hotel Zahl',
    employees: 3,
    points: ['person', 'person', 'object'],
  });
  other = await createBusiness(t.database.db, { employees: 1, points: ['object'] });
  const db = t.database.db;
  await db
    .update(users)
    .set({ disabledAt: new Date() })
    .where(eq(users.id, hotel.employees[2]!.id));
  await db
    .update(paymentEntrypoints)
    .set({ active: false })
    .where(eq(paymentEntrypoints.id, hotel.points[2]!.id));
  await db.insert(qrCodes).values([
    { code: 'qr-legacy-aktiv', employeeId: hotel.employees[0]!.id, businessId: hotel.id },
    {
      code: 'qr-legacy-alt',
      employeeId: hotel.employees[1]!.id,
      businessId: hotel.id,
      isActive: false,
    },
  ]);
  const tip = (
    createdAt: string,
    amountCents: number,
    status: 'pending' | 'completed' | 'failed' = 'pending',
    businessId = hotel.id,
  ) => createTip(db, { businessId, amountCents, status, createdAt: new Date(createdAt) });
  // 1 March 00:30 in Berlin is still February in UTC: it counts.
  await tip('2026-02-28T23:30:00Z', 500, 'completed');
  // 28 February 23:30 in Berlin: last month.
  await tip('2026-02-28T22:30:00Z', 700, 'completed');
  await tip('2026-03-10T10:00:00Z', 1250);
  await tip('2026-03-11T10:00:00Z', 900, 'failed');
  await tip('2026-03-12T10:00:00Z', 4000, 'pending', other.id);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/dashboard', () => {
  it('counts active employees, active QR codes and this month’s paid tips of the business', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie: await signIn(t, hotel.owner.email) },
    });
    expect(response.statusCode).toBe(200);
    const body: AdminDashboard = response.json();
    expect(body).toEqual({
      business: { id: hotel.id, name: 'Hotel Zahl' },
      activeEmployees: 2,
      activeQrCodes: 3,
      tipsThisMonth: {
        amountCents: 1750,
        count: 2,
        currency: 'eur',
        since: '2026-02-28T23:00:00.000Z',
      },
    });
  });
});
