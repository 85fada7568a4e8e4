import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import { guestHeaders } from '../../../../test/support/guest';
import { analyticsEvents } from '../../db/schema';

let t: TestApp;
let hotel: FactoryBusiness;
beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { points: ['person', 'person'] });
});
afterAll(async () => {
  await t.close();
});

const track = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.inject({
    method: 'POST',
    url: '/api/guest/events',
    headers: { ...guestHeaders(t), ...headers },
    payload,
  });
const latest = async () =>
  (
    await t.database.db.select().from(analyticsEvents).orderBy(desc(analyticsEvents.id)).limit(1)
  )[0]!;

describe('POST /api/guest/events', () => {
  it('stores a guest event with the business of its code and nothing personal', async () => {
    const response = await track(
      {
        name: 'amount_selected',
        code: hotel.points[0]!.uid,
        properties: { source: 'custom', amount_cents: 750 },
      },
      { 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Mozilla/5.0 Testbrowser' },
    );
    expect(response.statusCode).toBe(204);
    const row = await latest();
    expect(row).toMatchObject({
      name: 'amount_selected',
      entrypointUid: hotel.points[0]!.uid,
      tipId: null,
      properties: { source: 'custom', amount_cents: 750 },
    });
    expect(row.businessId).toBe(hotel.id);
    expect(JSON.stringify(row)).not.toContain('203.0.113.7');
    expect(JSON.stringify(row)).not.toContain('Testbrowser');
  });

  it('records payment failures with class, message and retry count', async () => {
    await track({
      name: 'payment_failed',
      code: hotel.points[1]!.uid,
      properties: {
        error_type: 'payment_cancelled',
        error_message: 'Zahlung abgebrochen',
        retry_count: 1,
      },
    });
    expect((await latest()).properties).toEqual({
      error_type: 'payment_cancelled',
      error_message: 'Zahlung abgebrochen',
      retry_count: 1,
    });
  });

  it('drops references that do not exist', async () => {
    await track({
      name: 'feedback_skipped',
      code: 'aio-unbekannt-0000',
      tipId: '00000000-0000-4000-8000-000000000000',
      properties: {},
    });
    expect(await latest()).toMatchObject({ businessId: null, entrypointUid: null, tipId: null });
  });

  it('refuses unknown events, extra properties and events only the server records', async () => {
    for (const payload of [
      { name: 'page_view', properties: {} },
      { name: 'fee_opted_in', properties: { amount_cents: 45, email: 'gast@example.com' } },
      { name: 'payment_success', properties: {} },
    ]) {
      const response = await track(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.title).toBe('Eingabefehler');
    }
  });
});
