import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEntrypoints, profiles, teamMembers, users } from '../../src/server/db/schema';
import { verifyPassword } from '../../src/server/features/auth/password';
import { createTestApp, type TestApp } from './app';
import { createBusiness, createPlatformAdmin, createTip, FACTORY_PASSWORD } from './factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('test factories', () => {
  it('create a business with owner, staff, a team of all staff and its payment points', async () => {
    const hotel = await createBusiness(t.database.db, {
      employees: 3,
      points: ['person', 'person', 'team', 'object'],
    });
    expect(hotel.employees).toHaveLength(3);
    expect(hotel.teams).toHaveLength(1);
    expect(hotel.teams[0]!.memberIds).toEqual(hotel.employees.map((e) => e.id));

    const rows = await t.database.db
      .select()
      .from(paymentEntrypoints)
      .where(eq(paymentEntrypoints.businessId, hotel.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(
      hotel.points.map((p) => byId.get(p.id)).map((r) => [r!.type, r!.targetType, r!.targetId]),
    ).toEqual([
      ['person', 'user', hotel.employees[0]!.id],
      ['person', 'user', hotel.employees[1]!.id],
      ['team', 'team', hotel.teams[0]!.id],
      ['object', 'tenant', hotel.id],
    ]);
    const staff = await t.database.db
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.businessId, hotel.id));
    expect(staff.map((s) => s.role).sort()).toEqual([
      'business_owner',
      'employee',
      'employee',
      'employee',
    ]);
    const members = await t.database.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.teamId, hotel.teams[0]!.id));
    expect(members).toHaveLength(3);
  });

  it('never collide: two businesses side by side, and a platform admin without one', async () => {
    const first = await createBusiness(t.database.db, { points: ['person'] });
    const second = await createBusiness(t.database.db, { points: ['person'] });
    expect(first.owner.email).not.toBe(second.owner.email);
    expect(first.points[0]!.uid).not.toBe(second.points[0]!.uid);
    const admin = await createPlatformAdmin(t.database.db);
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, admin.id));
    expect(row).toMatchObject({ role: 'admin', businessId: null });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(await verifyPassword(FACTORY_PASSWORD, user!.passwordHash!)).toBe(true);
  });

  it('create a paid tip for an employee', async () => {
    const hotel = await createBusiness(t.database.db, { points: ['person'] });
    const tip = await createTip(t.database.db, {
      businessId: hotel.id,
      employeeId: hotel.employees[0]!.id,
      entrypoint: hotel.points[0]!,
      amountCents: 1250,
      platformFeeCovered: true,
    });
    expect(tip).toMatchObject({ status: 'pending', amountCents: 1250, platformFeeCents: 45 });
  });
});
