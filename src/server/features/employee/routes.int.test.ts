import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { paymentEntrypoints, profiles, qrCodes, tipAllocations, tips } from '../../db/schema';

let t: TestApp;
let anna: string;
let ben: string;
let annaId: string;
let benId: string;

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  anna = await signIn(t, 'anna@demo.local');
  ben = await signIn(t, 'ben@demo.local');
  const rows = await t.database.db
    .select({ id: profiles.id, email: profiles.email })
    .from(profiles);
  annaId = rows.find((r) => r.email === 'anna@demo.local')!.id;
  benId = rows.find((r) => r.email === 'ben@demo.local')!.id;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie?: string) =>
  t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie?: string) =>
  t.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload: {} });

/** The ids of every tip someone received, directly or as a team share. */
async function receivedTipIds(profileId: string): Promise<Set<string>> {
  const direct = await t.database.db
    .select({ id: tips.id })
    .from(tips)
    .where(eq(tips.employeeId, profileId));
  const shares = await t.database.db
    .select({ id: tipAllocations.tipId })
    .from(tipAllocations)
    .where(eq(tipAllocations.profileId, profileId));
  return new Set([...direct, ...shares].map((r) => r.id));
}

const startOfToday = () => {
  const now = t.clock.now();
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()),
  ).toISOString();
};

describe('employee dashboard API', () => {
  it.each([
    ['GET', '/api/employee/today?from=2026-01-01T00:00:00Z'],
    ['GET', '/api/employee/messages'],
    ['POST', '/api/employee/messages/seen'],
    ['GET', '/api/employee/tips'],
    ['GET', '/api/employee/stats'],
    ['GET', '/api/employee/qr'],
    ['POST', '/api/employee/qr'],
    ['GET', '/api/employee/stream'],
  ])('%s %s answers 401 without a session', async (method, url) => {
    const response = await t.inject({
      method: method as 'GET' | 'POST',
      url,
      payload: method === 'POST' ? {} : undefined,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('Sie müssen angemeldet sein.');
  });

  it('shows today at most three paid and three pending tips and how many more', async () => {
    const response = await get(
      `/api/employee/today?from=${encodeURIComponent(startOfToday())}`,
      ben,
    );
    expect(response.statusCode).toBe(200);
    const today = response.json();
    expect(today.paid.length).toBeLessThanOrEqual(3);
    expect(today.pending.length).toBeLessThanOrEqual(3);
    expect(today.moreCount).toBe(
      today.paidCount + today.pendingCount - today.paid.length - today.pending.length,
    );
    for (const tip of [...today.paid, ...today.pending]) {
      expect(new Date(tip.createdAt).getTime()).toBeGreaterThanOrEqual(
        new Date(startOfToday()).getTime(),
      );
    }
  });

  it('rejects a malformed day start with a German message', async () => {
    const response = await get('/api/employee/today?from=gestern', ben);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.title).toBe('Eingabefehler');
  });

  it('lists at most ten thank-you messages, newest first, and resets the new count when seen', async () => {
    const first = (await get('/api/employee/messages', ben)).json();
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.items.length).toBeLessThanOrEqual(10);
    for (const item of first.items) expect(item.guestMessage ?? item.feedbackMessage).toBeTruthy();
    const times = first.items.map((i: { createdAt: string }) => new Date(i.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(first.newCount).toBeGreaterThan(0);

    expect((await post('/api/employee/messages/seen', ben)).statusCode).toBe(200);
    expect((await get('/api/employee/messages', ben)).json().newCount).toBe(0);
  });

  it('pages through the history of a period and shows only the last 8 characters of transfers', async () => {
    const page1 = (await get('/api/employee/tips?period=month&page=1&pageSize=5', ben)).json();
    const page2 = (await get('/api/employee/tips?period=month&page=2&pageSize=5', ben)).json();
    expect(page1.items).toHaveLength(5);
    expect(page1.total).toBeGreaterThan(10);
    expect(
      page2.items[0].id === page1.items[4].id &&
        page2.items[0].tipSource === page1.items[4].tipSource,
    ).toBe(false);
    const paidOut = [...page1.items, ...page2.items].filter((i) => i.status === 'completed');
    for (const item of paidOut) expect(item.transferReference).toHaveLength(8);
    expect((await get('/api/employee/tips?period=jahr', ben)).statusCode).toBe(400);
    expect((await get('/api/employee/tips?pageSize=1000', ben)).statusCode).toBe(400);
  });

  it('answers the statistics of a period', async () => {
    const stats = (await get('/api/employee/stats?period=month', ben)).json();
    expect(stats.count).toBeGreaterThan(0);
    // Whole local days (issue 31, item 13, decision 0357): the average divides by the chart's days.
    const days = stats.days.length;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect(stats.averagePerDayCents).toBe(Math.round(stats.totalCents / days));
  });
});

describe('QR card', () => {
  it('shows the active payment point first', async () => {
    const card = (await get('/api/employee/qr', anna)).json();
    expect(card).toMatchObject({
      source: 'entrypoint',
      uid: 'aio-anna-schneider-4k7p',
      link: `${t.config.publicOrigin}/t/aio-anna-schneider-4k7p`,
    });
    const again = await post('/api/employee/qr', anna);
    expect(again.statusCode).toBe(409);
  });

  it('falls back to the legacy code, then to the empty state', async () => {
    await t.database.db
      .update(paymentEntrypoints)
      .set({ active: false })
      .where(eq(paymentEntrypoints.uid, 'aio-ben-mueller-9x2m'));
    expect((await get('/api/employee/qr', ben)).json()).toMatchObject({
      source: 'legacy',
      uid: 'qr-ben-klassisch',
    });
    await t.database.db
      .update(qrCodes)
      .set({ isActive: false })
      .where(eq(qrCodes.employeeId, benId));
    expect((await get('/api/employee/qr', ben)).json().source).toBe('none');
  });

  it('creates a personal payment point that guests can use', async () => {
    const created = await post('/api/employee/qr', ben);
    expect(created.statusCode).toBe(201);
    const card = created.json();
    expect(card.source).toBe('entrypoint');
    expect(card.uid).toMatch(/^ben-mueller-[a-z2-9]{10}$/);
    const [row] = await t.database.db
      .select()
      .from(paymentEntrypoints)
      .where(and(eq(paymentEntrypoints.uid, card.uid), eq(paymentEntrypoints.targetId, benId)));
    expect(row).toMatchObject({
      type: 'person',
      targetType: 'user',
      origin: 'trinkgeld',
      active: true,
    });
  });
});

describe('privacy between employees', () => {
  it("never returns another employee's tips, messages, statistics or QR data", async () => {
    const annaTips = await receivedTipIds(annaId);
    const benOnly = [...(await receivedTipIds(benId))].filter((id) => !annaTips.has(id));
    expect(benOnly.length).toBeGreaterThan(0);

    const responses = await Promise.all([
      get(
        `/api/employee/today?from=${encodeURIComponent(startOfToday())}&employeeId=${benId}`,
        anna,
      ),
      get(`/api/employee/messages?employeeId=${benId}`, anna),
      get(`/api/employee/tips?period=month&pageSize=100&employeeId=${benId}`, anna),
      get(`/api/employee/stats?period=month&employeeId=${benId}`, anna),
      get(`/api/employee/qr?employeeId=${benId}`, anna),
    ]);
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      for (const id of benOnly) expect(response.body).not.toContain(id);
      expect(response.body).not.toContain('ben-mueller');
      expect(response.body).not.toContain('qr-ben-klassisch');
    }
    const annaStats = responses[3]!.json();
    const benStats = (await get('/api/employee/stats?period=month', ben)).json();
    expect(annaStats.totalCents).not.toBe(benStats.totalCents);
  });

  it("refuses another employee's profile", async () => {
    expect([403, 404]).toContain((await get(`/api/profiles/${benId}`, anna)).statusCode);
    const patch = await t.inject({
      method: 'PATCH',
      url: `/api/profiles/${benId}`,
      headers: { cookie: anna },
      payload: { fullName: 'Gekapert' },
    });
    expect([403, 404]).toContain(patch.statusCode);
    const [still] = await t.database.db.select().from(profiles).where(eq(profiles.id, benId));
    expect(still!.fullName).toBe('Ben Müller');
  });

  it('carries no guest identity in messages', async () => {
    const body = (await get('/api/employee/messages', anna)).body;
    expect(body).not.toMatch(/@|email|ip_?address|userAgent/i);
  });
});
