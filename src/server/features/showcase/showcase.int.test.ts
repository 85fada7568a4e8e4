import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import type { ShowcaseResponse } from '../../../shared/api/showcase';
import { businesses, paymentEntrypoints } from '../../db/schema';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    seeded: true,
    config: { publicOrigin: 'https://trinkgeld.example.com' },
  });
});
afterAll(async () => {
  await t.close();
});

async function showcase(): Promise<ShowcaseResponse> {
  const response = await t.inject({ method: 'GET', url: '/api/showcase' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/showcase', () => {
  it('lists the ten demo points grouped person, team, object with guest-safe fields only', async () => {
    const body = await showcase();
    expect(body.groups.map((group) => group.type)).toEqual(['person', 'team', 'object']);
    expect(body.groups.map((group) => group.entries.length)).toEqual([4, 3, 3]);

    const anna = body.groups[0]!.entries.find((entry) => entry.uid === 'aio-anna-schneider-4k7p');
    expect(anna).toEqual({
      uid: 'aio-anna-schneider-4k7p',
      label: 'Anna Schneider',
      type: 'person',
      department: 'Rezeption',
      shift: 'Frühschicht',
      location: null,
      tipUrl: 'https://trinkgeld.example.com/t/aio-anna-schneider-4k7p',
    });
    const table = body.groups[2]!.entries.find((entry) => entry.uid === 'aio-tisch-7-2b5n');
    expect(table).toMatchObject({ label: 'Tisch 7', shift: null, location: 'Seeterrasse' });

    // Internal columns and the metadata's author never reach an anonymous visitor.
    const text = JSON.stringify(body);
    for (const secret of ['target_id', 'targetId', 'created_by', 'business', 'speciality', '@']) {
      expect(text).not.toContain(secret);
    }
  });

  it('hides inactive points, points without the demo flag and points of external partners', async () => {
    await t.database.db
      .update(paymentEntrypoints)
      .set({ active: false })
      .where(eq(paymentEntrypoints.uid, 'aio-ben-mueller-9x2m'));
    await t.database.db
      .update(paymentEntrypoints)
      .set({ metadata: sql`${paymentEntrypoints.metadata} - 'demo'` })
      .where(eq(paymentEntrypoints.uid, 'aio-clara-fischer-3h8q'));
    await t.database.db
      .update(paymentEntrypoints)
      .set({ origin: 'external' })
      .where(eq(paymentEntrypoints.uid, 'aio-hotelbar-5v9w'));

    const uids = (await showcase()).groups.flatMap((group) => group.entries.map((e) => e.uid));
    expect(uids).toHaveLength(7);
    expect(uids).not.toContain('aio-ben-mueller-9x2m');
    expect(uids).not.toContain('aio-clara-fischer-3h8q');
    expect(uids).not.toContain('aio-hotelbar-5v9w');
  });

  it('answers an empty list when the business is deactivated', async () => {
    await t.database.db.update(businesses).set({ active: false });
    expect(await showcase()).toEqual({ groups: [] });
    await t.database.db.update(businesses).set({ active: true });
  });

  it('is described in the OpenAPI document', async () => {
    const docs = (await t.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(docs.paths['/api/showcase'].get.summary).toBe(
      'Demo-Bezahlpunkte für die Demo-Übersicht',
    );
  });
});
