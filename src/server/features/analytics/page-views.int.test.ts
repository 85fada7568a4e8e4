import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import { analyticsEvents } from '../../db/schema';

/**
 * The tip page arrives rendered by the server and its script loads only on the
 * first interaction, so a view is counted when the page is served — once per visit, never for a
 * prefetch or an obvious bot.
 */
let t: TestApp;
let hotel: FactoryBusiness;
let other: FactoryBusiness;
beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { points: ['person', 'object'] });
  other = await createBusiness(t.database.db, { points: ['person'] });
});
afterAll(async () => {
  await t.close();
});

const phone = (n: number) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${n} like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148`;
const visit = (uid: string, headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/t/${uid}${query}`, headers });

async function views(uid: string): Promise<number> {
  await t.app.pageViews.drain();
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(analyticsEvents)
    .where(
      and(eq(analyticsEvents.name, 'tip_page_loaded'), eq(analyticsEvents.entrypointUid, uid)),
    );
  return row!.n;
}

describe('a tip page view is counted when the page is served', () => {
  it('counts three guests who only look, without any script', async () => {
    const uid = hotel.points[0]!.uid;
    for (const n of [1, 2, 3]) {
      expect((await visit(uid, { 'user-agent': phone(n) })).statusCode).toBe(200);
    }
    expect(await views(uid)).toBe(3);
    const [row] = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.entrypointUid, uid))
      .limit(1);
    expect(row!.businessId).toBe(hotel.id);
    // No address, browser or cookie is kept with it.
    expect(JSON.stringify(row!.properties)).not.toMatch(/iPhone|127\.0\.0\.1/);
  });

  it('counts a visit once: a reload and the return from the checkout are the same visit', async () => {
    const uid = hotel.points[1]!.uid;
    const guest = { 'user-agent': phone(7) };
    await visit(uid, guest);
    await visit(uid, guest);
    await visit(uid, guest, '?checkout=return&tip=00000000-0000-4000-8000-000000000000');
    expect(await views(uid)).toBe(1);
    // Half an hour later it is a new visit.
    t.clock.advance(31 * 60_000);
    await visit(uid, guest);
    expect(await views(uid)).toBe(2);
  });

  it('leaves out prefetches and obvious bots', async () => {
    const uid = other.points[0]!.uid;
    await visit(uid, { 'user-agent': phone(4), 'sec-purpose': 'prefetch' });
    await visit(uid, { 'user-agent': phone(5), purpose: 'prefetch' });
    await visit(uid, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    await visit(uid, { 'user-agent': 'WhatsApp/2.23.20.0' });
    await visit(uid, { 'user-agent': 'curl/8.5.0' });
    expect(await views(uid)).toBe(0);
    await visit(uid, { 'user-agent': phone(6) });
    expect(await views(uid)).toBe(1);
  });

  it('counts no view for a code that cannot be tipped', async () => {
    const response = await visit('gibt-es-nicht-123', { 'user-agent': phone(8) });
    expect(response.statusCode).toBe(404);
    expect(await views('gibt-es-nicht-123')).toBe(0);
  });

  it('ignores a page view a browser reports itself, so nothing is counted twice', async () => {
    const uid = hotel.points[0]!.uid;
    const before = await views(uid);
    const reported = await t.inject({
      method: 'POST',
      url: '/api/guest/events',
      payload: {
        name: 'tip_page_loaded',
        code: uid,
        properties: { entry_type: 'person', preset_amount: false },
      },
    });
    expect(reported.statusCode).toBe(204);
    expect(await views(uid)).toBe(before);
  });
});
