import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
  type FactoryPerson,
  type TipOptions,
} from '../../../../test/support/factories';
import {
  createLegacyQrCode,
  createPayout,
  createTeamTip,
} from '../../../../test/support/received-tips';
import { paymentEntrypoints, profiles, qrCodes, tipAllocations, tips } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let annaPerson: FactoryPerson;
let benPerson: FactoryPerson;
let cafePerson: FactoryPerson;
let anna: string;
let ben: string;
let annaId: string;
let benId: string;

/**
 * Anna and Ben work in one team of the hotel, Carla in the café. Ben has the busy dashboard:
 * today four paid-out and four waiting tips and a team share, twelve thank-you messages over the
 * last days, and an older team share that is paid out. Anna has fewer tips of her own and her
 * part of the team tips; Carla only tips of the café.
 */
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  hotel = await createBusiness(db, {
    employees: [{ fullName: 'Anna Schneider' }, { fullName: 'Ben Müller' }],
    teams: [{ members: [0, 1] }],
    points: ['person', 'person'],
  });
  cafe = await createBusiness(db, {
    employees: [{ fullName: 'Carla Krause' }],
    points: ['person'],
  });
  [annaPerson, benPerson] = hotel.employees as [FactoryPerson, FactoryPerson];
  cafePerson = cafe.employees[0]!;
  annaId = annaPerson.id;
  benId = benPerson.id;
  await createLegacyQrCode(db, { businessId: hotel.id, employeeId: benId });
  await createLegacyQrCode(db, { businessId: cafe.id, employeeId: cafePerson.id });

  const now = t.clock.now().getTime();
  const dayStart = new Date(startOfToday()).getTime();
  /** The n-th of eight moments spread over today so far (never in the future). */
  const today = (n: number) => new Date(dayStart + Math.floor(((now - dayStart) * n) / 9));
  const daysAgo = (days: number) => new Date(now - days * DAY_MS);
  const tipFor = (employeeId: string, options: Omit<TipOptions, 'businessId'>) =>
    createTip(db, { businessId: hotel.id, employeeId, ...options });
  const teamTip = (createdAt: Date, options: Partial<Parameters<typeof createTeamTip>[1]> = {}) =>
    createTeamTip(db, {
      businessId: hotel.id,
      teamId: hotel.teams[0]!.id,
      createdAt,
      shares: [
        { profileId: benId, amountCents: 600 },
        { profileId: annaId, amountCents: 400 },
      ],
      ...options,
    });

  for (let n = 1; n <= 8; n += 1) {
    await tipFor(benId, {
      createdAt: today(n),
      amountCents: 100 * n,
      status: n % 2 === 0 ? 'completed' : 'pending',
    });
  }
  await teamTip(today(8));
  for (let days = 1; days <= 12; days += 1) {
    await tipFor(benId, {
      createdAt: daysAgo(days),
      amountCents: 250,
      ...(days % 3 === 0
        ? { feedbackEmoji: 'smile', feedbackMessage: `Feedback ${days}` }
        : { guestMessage: `Danke, Ben! (${days})` }),
    });
  }
  const paidOut = await createPayout(db, {
    businessId: hotel.id,
    employeeId: benId,
    processedAt: daysAgo(3),
  });
  await teamTip(daysAgo(13), {
    status: 'completed',
    shares: [
      { profileId: benId, amountCents: 700, payout: paidOut },
      { profileId: annaId, amountCents: 300 },
    ],
  });

  for (let days = 1; days <= 3; days += 1) {
    await tipFor(annaId, {
      createdAt: daysAgo(days),
      amountCents: 150,
      guestMessage: `Danke, Anna! (${days})`,
    });
  }
  for (let days = 1; days <= 3; days += 1) {
    await createTip(db, {
      businessId: cafe.id,
      employeeId: cafePerson.id,
      createdAt: daysAgo(days),
      guestMessage: `Danke, Carla! (${days})`,
    });
  }

  anna = await signIn(t, annaPerson.email);
  ben = await signIn(t, benPerson.email);
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
    // Four paid out; four waiting and today's team share: three of each shown, three more.
    expect(today).toMatchObject({ paidCount: 4, pendingCount: 5, moreCount: 3 });
    expect(today.paid).toHaveLength(3);
    expect(today.pending).toHaveLength(3);
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
    // Ben has twelve messages: the ten newest are listed.
    expect(first.items.length).toBe(10);
    for (const item of first.items) expect(item.guestMessage ?? item.feedbackMessage).toBeTruthy();
    const times = first.items.map((i: { createdAt: string }) => new Date(i.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(first.newCount).toBe(12);

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
    expect(paidOut.length).toBeGreaterThan(0);
    for (const item of paidOut) expect(item.transferReference).toHaveLength(8);
    expect((await get('/api/employee/tips?period=jahr', ben)).statusCode).toBe(400);
    expect((await get('/api/employee/tips?pageSize=1000', ben)).statusCode).toBe(400);
  });

  it('answers the statistics of a period', async () => {
    const stats = (await get('/api/employee/stats?period=month', ben)).json();
    expect(stats.count).toBeGreaterThan(0);
    // Whole local days (decision 0357): the average divides by the chart's days.
    const days = stats.days.length;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect(stats.averagePerDayCents).toBe(Math.round(stats.totalCents / days));
  });
});

/** A business of its own with one employee, for a QR card test to change as it likes. */
async function ownEmployee(points: 'person'[] = []) {
  const business = await createBusiness(t.database.db, {
    employees: [{ fullName: 'Ben Müller' }],
    points,
  });
  const person = business.employees[0]!;
  return { business, person, cookie: await signIn(t, person.email) };
}

describe('QR card', () => {
  it('shows the active payment point first', async () => {
    const { business, person, cookie } = await ownEmployee(['person']);
    // A legacy code as well: the payment point still comes first.
    await createLegacyQrCode(t.database.db, { businessId: business.id, employeeId: person.id });
    const uid = business.points[0]!.uid;
    const card = (await get('/api/employee/qr', cookie)).json();
    expect(card).toMatchObject({
      source: 'entrypoint',
      uid,
      link: `${t.config.publicOrigin}/t/${uid}`,
    });
    const again = await post('/api/employee/qr', cookie);
    expect(again.statusCode).toBe(409);
  });

  it('falls back to the legacy code, then to the empty state', async () => {
    const { business, person, cookie } = await ownEmployee(['person']);
    const legacy = await createLegacyQrCode(t.database.db, {
      businessId: business.id,
      employeeId: person.id,
    });
    await t.database.db
      .update(paymentEntrypoints)
      .set({ active: false })
      .where(eq(paymentEntrypoints.id, business.points[0]!.id));
    expect((await get('/api/employee/qr', cookie)).json()).toMatchObject({
      source: 'legacy',
      uid: legacy.code,
    });
    await t.database.db
      .update(qrCodes)
      .set({ isActive: false })
      .where(eq(qrCodes.employeeId, person.id));
    expect((await get('/api/employee/qr', cookie)).json().source).toBe('none');
  });

  it('creates a personal payment point that guests can use', async () => {
    const { person, cookie } = await ownEmployee();
    const created = await post('/api/employee/qr', cookie);
    expect(created.statusCode).toBe(201);
    const card = created.json();
    expect(card.source).toBe('entrypoint');
    expect(card.uid).toMatch(/^ben-mueller-[a-z2-9]{10}$/);
    const [row] = await t.database.db
      .select()
      .from(paymentEntrypoints)
      .where(and(eq(paymentEntrypoints.uid, card.uid), eq(paymentEntrypoints.targetId, person.id)));
    expect(row).toMatchObject({
      type: 'person',
      targetType: 'user',
      origin: 'trinkgeld',
      active: true,
    });
    const guest = await t.inject({ method: 'GET', url: `/api/guest/codes/${card.uid}` });
    expect(guest.json()).toMatchObject({ type: 'person', displayName: 'Ben Müller' });
  });
});

/** The codes a guest could use to reach someone: their payment points and legacy QR codes. */
async function codesOf(profileId: string): Promise<string[]> {
  const points = await t.database.db
    .select({ uid: paymentEntrypoints.uid })
    .from(paymentEntrypoints)
    .where(eq(paymentEntrypoints.targetId, profileId));
  const legacy = await t.database.db
    .select({ code: qrCodes.code })
    .from(qrCodes)
    .where(eq(qrCodes.employeeId, profileId));
  return [...points.map((p) => p.uid), ...legacy.map((l) => l.code)];
}

describe('privacy between employees', () => {
  it("never returns another employee's tips, messages, statistics or QR data", async () => {
    const annaTips = await receivedTipIds(annaId);
    const annaStats = (await get('/api/employee/stats?period=month', anna)).json();
    // A colleague of Anna's and someone of another business.
    for (const other of [benPerson, cafePerson]) {
      const otherOnly = [...(await receivedTipIds(other.id))].filter((id) => !annaTips.has(id));
      expect(otherOnly.length).toBeGreaterThan(0);
      const otherCodes = await codesOf(other.id);
      expect(otherCodes.length).toBeGreaterThan(1);

      const responses = await Promise.all([
        get(
          `/api/employee/today?from=${encodeURIComponent(startOfToday())}&employeeId=${other.id}`,
          anna,
        ),
        get(`/api/employee/messages?employeeId=${other.id}`, anna),
        get(`/api/employee/tips?period=month&pageSize=100&employeeId=${other.id}`, anna),
        get(`/api/employee/stats?period=month&employeeId=${other.id}`, anna),
        get(`/api/employee/qr?employeeId=${other.id}`, anna),
      ]);
      for (const response of responses) {
        expect(response.statusCode).toBe(200);
        for (const id of otherOnly) expect(response.body).not.toContain(id);
        for (const code of otherCodes) expect(response.body).not.toContain(code);
        expect(response.body).not.toContain(other.fullName);
      }
      // What Anna asked for "as" someone else is Anna's own.
      expect(responses[3]!.json()).toEqual(annaStats);
      expect(responses[4]!.json().uid).toBe(hotel.points[0]!.uid);
    }
    const benStats = (await get('/api/employee/stats?period=month', ben)).json();
    expect(annaStats.totalCents).not.toBe(benStats.totalCents);
  });

  it("refuses another employee's profile", async () => {
    for (const other of [benPerson, cafePerson]) {
      expect([403, 404]).toContain((await get(`/api/profiles/${other.id}`, anna)).statusCode);
      const patch = await t.inject({
        method: 'PATCH',
        url: `/api/profiles/${other.id}`,
        headers: { cookie: anna },
        payload: { fullName: 'Gekapert' },
      });
      expect([403, 404]).toContain(patch.statusCode);
      const [still] = await t.database.db.select().from(profiles).where(eq(profiles.id, other.id));
      expect(still!.fullName).toBe(other.fullName);
    }
  });

  it('carries no guest identity in messages', async () => {
    const response = await get('/api/employee/messages', anna);
    expect(response.json().items.length).toBeGreaterThan(0);
    expect(response.body).not.toMatch(/@|email|ip_?address|userAgent/i);
  });
});
