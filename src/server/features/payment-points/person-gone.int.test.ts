import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness } from '../../../../test/support/factories';
import { paymentEntrypoints, shiftAssignments, users } from '../../db/schema';

/**
 * A deactivated person's page offers the person's teams and the business as a
 * whole (its pool), never another object such as the bar counter (decision 0470).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function deactivate(profileId: string) {
  await t.database.db
    .update(users)
    .set({ disabledAt: t.clock.now() })
    .where(eq(users.id, profileId));
}

async function alternativesOf(code: string) {
  const response = await t.inject({ method: 'GET', url: `/api/guest/codes/${code}` });
  expect(response.statusCode).toBe(410);
  return response.json().error.alternatives as { path: string; kind: string; name: string }[];
}

describe('the pages a deactivated person’s page offers instead', () => {
  it('are every team the person is in and the business as a whole, never an object', async () => {
    const hotel = await createBusiness(t.database.db, {
      name: 'Hotel Seeblick',
      employees: [{ fullName: 'David Wagner' }, { fullName: 'Anna Schneider' }],
      teams: [
        { name: 'Rezeption & Concierge', members: [0, 1] },
        { name: 'Hausteam', members: [0, 1] },
        { name: 'Küche', members: [1] },
      ],
      points: ['object', 'person', 'team', 'team', 'team', 'business'],
    });
    // Another business with its own team and whole-business page: never offered here.
    const cafe = await createBusiness(t.database.db, {
      name: 'Café Morgenrot',
      employees: 1,
      teams: [{ name: 'Theke', members: [0] }],
      points: ['business', 'team'],
    });
    const [bar, david, rezeption, hausteam, , whole] = hotel.points;
    await t.database.db
      .update(paymentEntrypoints)
      .set({ label: 'Hotelbar Tresen', metadata: { name: 'Hotelbar Tresen' } })
      .where(eq(paymentEntrypoints.id, bar!.id));
    await deactivate(hotel.employees[0]!.id);

    const alternatives = await alternativesOf(david!.uid);
    expect(alternatives).toEqual([
      { path: `/t/${hausteam!.uid}`, kind: 'team', name: 'Hausteam' },
      { path: `/t/${rezeption!.uid}`, kind: 'team', name: 'Rezeption & Concierge' },
      { path: `/t/${whole!.uid}`, kind: 'business', name: 'Hotel Seeblick' },
    ]);
    const offered = alternatives.map((page) => page.path).join(' ');
    expect(offered).not.toContain(bar!.uid);
    for (const point of cafe.points) expect(offered).not.toContain(point.uid);
  });

  it('offer no business page when the business has only objects, or its page has people on shift', async () => {
    const shop = await createBusiness(t.database.db, {
      employees: 2,
      points: ['person', 'object', 'business'],
    });
    const [person, , whole] = shop.points;
    await deactivate(shop.employees[0]!.id);
    // Someone on shift at the whole-business page now: its tips go to them, not the pool.
    const now = t.clock.now();
    await t.database.db.insert(shiftAssignments).values({
      businessId: shop.id,
      entrypointId: whole!.id,
      profileId: shop.employees[1]!.id,
      day: now.toISOString().slice(0, 10),
      startMinute: 0,
      endMinute: 1440,
      startsAt: new Date(now.getTime() - 60 * 60 * 1000),
      endsAt: new Date(now.getTime() + 60 * 60 * 1000),
    });
    expect(await alternativesOf(person!.uid)).toEqual([]);
  });
});
