import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness } from '../../../../test/support/factories';
import { decideDemoCheckout, newGuestSessionId, startedTip } from '../../../../test/support/guest';
import { paymentEntrypoints, tipAllocations, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const entryOf = async (code: string) => {
  const response = await t.app.inject({ url: `/api/guest/codes/${code}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('the guest page says where the money goes, as the payment routes it', () => {
  it('a table with nobody on shift and no team: the pool, said so, and the payment agrees', async () => {
    const hotel = await createBusiness(t.database.db, {
      name: 'Hotel Seeblick',
      points: ['object'],
    });
    const table = hotel.points[0]!;
    const entry = await entryOf(table.uid);
    expect(entry.receiverNote).not.toContain('Team von Hotel Seeblick');
    expect(entry.receiverNote).toBe(
      'Gerade ist hier niemand eingeteilt: Ihr Trinkgeld geht an Hotel Seeblick, das es an sein Team verteilt.',
    );
    const english = await t.app.inject({
      url: `/api/guest/codes/${table.uid}`,
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().receiverNote).toContain('Hotel Seeblick');
    expect(english.json().receiverNote).toMatch(/^Nobody is assigned/);
    // Paid: no one gets a share now, the tip waits in the owner's pool.
    const started = await startedTip(t, { code: table.uid, guestSessionId: newGuestSessionId() });
    await decideDemoCheckout(t, started.checkoutUrl, 'pay');
    const shares = await t.database.db
      .select()
      .from(tipAllocations)
      .where(eq(tipAllocations.tipId, started.tipId));
    expect(shares).toEqual([]);
  });

  it("a team point shows its 'Bezeichnung', not the team's name", async () => {
    const cafe = await createBusiness(t.database.db, { points: ['team'] });
    const point = cafe.points[0]!;
    await t.database.db
      .update(paymentEntrypoints)
      .set({ label: 'Service Terrasse' })
      .where(eq(paymentEntrypoints.id, point.id));
    const entry = await entryOf(point.uid);
    expect(entry.displayName).toBe('Service Terrasse');
  });

  it("a deactivated person's page links to pages that carry the names the links say", async () => {
    const hotel = await createBusiness(t.database.db, {
      name: 'Hotel Seeblick',
      points: ['person', 'business'],
    });
    const [person, whole] = hotel.points as [(typeof hotel.points)[0], (typeof hotel.points)[0]];
    await t.database.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.id, person.targetId));
    const response = await t.app.inject({ url: `/api/guest/codes/${person.uid}` });
    expect(response.statusCode).toBe(410);
    const alternatives = response.json().error.alternatives as { path: string; name: string }[];
    expect(alternatives).toHaveLength(1);
    const target = await entryOf(alternatives[0]!.path.replace('/t/', ''));
    expect(target.code).toBe(whole.uid);
    // The link's name is the title of the page it opens (its 'Bezeichnung'), whatever it says.
    expect(alternatives[0]!.name).toBe(target.displayName);
  });
});
