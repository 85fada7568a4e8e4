import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { randomUUID } from 'node:crypto';
import { decideDemoCheckout, newGuestSessionId } from '../../../../test/support/guest';
import { analyticsEvents, payouts, tipAllocations } from '../../db/schema';

describe('/api/admin/reports', () => {
  let t: TestApp;
  let hotel: FactoryBusiness;
  let other: FactoryBusiness;
  let cookie: string;
  // Noon in Berlin on two days of March 2026, and one tip outside the range.
  const day1 = new Date('2026-03-02T11:00:00Z');
  const day2 = new Date('2026-03-03T11:00:00Z');
  const before = new Date('2026-02-28T11:00:00Z');

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    hotel = await createBusiness(db, {
      employees: [{ fullName: 'Jürgen Größe' }, { fullName: 'Zoë Weiß' }],
      teams: [{ name: 'Küche', members: [0, 1] }],
      points: ['person'],
    });
    other = await createBusiness(db, { employees: 1 });
    const [juergen, zoe] = hotel.employees;
    const point = hotel.points[0]!;
    await createTip(db, {
      businessId: hotel.id,
      employeeId: juergen!.id,
      entrypoint: point,
      amountCents: 1000,
      platformFeeCovered: true,
      createdAt: day1,
    });
    await createTip(db, {
      businessId: hotel.id,
      employeeId: zoe!.id,
      amountCents: 250,
      createdAt: day2,
    });
    const team = await createTip(db, {
      businessId: hotel.id,
      teamId: hotel.teams[0]!.id,
      amountCents: 301,
      createdAt: day2,
    });
    await db.insert(tipAllocations).values([
      { tipId: team.id, profileId: juergen!.id, amountCents: 151, reason: 'gleich' },
      { tipId: team.id, profileId: zoe!.id, amountCents: 150, reason: 'gleich' },
    ]);
    // Not counted: outside the range, never paid, another business.
    await createTip(db, { businessId: hotel.id, employeeId: zoe!.id, createdAt: before });
    await createTip(db, {
      businessId: hotel.id,
      employeeId: zoe!.id,
      status: 'failed',
      createdAt: day1,
    });
    await createTip(db, {
      businessId: other.id,
      employeeId: other.employees[0]!.id,
      createdAt: day1,
    });
    await db.insert(analyticsEvents).values(
      Array.from({ length: 6 }, () => ({
        name: 'tip_page_loaded' as const,
        businessId: hotel.id,
        entrypointUid: point.uid,
        createdAt: day1,
      })),
    );
    cookie = await signIn(t, hotel.owner.email);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, who = cookie) =>
    t.inject({ method: 'GET', url, headers: { cookie: who } });

  it('totals and counts per employee, team and payment point, with QR statistics and days', async () => {
    const response = await get('/api/admin/reports?from=2026-03-01&to=2026-03-31');
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.totals).toEqual({
      amountCents: 1551,
      count: 3,
      contributionsCents: 45,
      refundedCents: 0,
    });
    expect(report.byEmployee).toEqual([
      { id: hotel.employees[0]!.id, name: 'Jürgen Größe', amountCents: 1151, count: 2 },
      { id: hotel.employees[1]!.id, name: 'Zoë Weiß', amountCents: 400, count: 2 },
    ]);
    expect(report.byTeam).toEqual([
      { id: hotel.teams[0]!.id, name: 'Küche', amountCents: 301, count: 1 },
    ]);
    expect(report.byPoint).toContainEqual(
      expect.objectContaining({ id: hotel.points[0]!.uid, amountCents: 1000, count: 1 }),
    );
    // Six views counted before visits had an id: visits, but no conversion.
    expect(report.qr).toEqual({
      visits: 6,
      visitsWithTip: 0,
      paidTips: 3,
      conversion: null,
      averageCents: 517,
      contributionsCents: 45,
    });
    expect(report.perDay).toEqual([
      { day: '2026-03-02', amountCents: 1000, count: 1 },
      { day: '2026-03-03', amountCents: 551, count: 2 },
    ]);
  });

  /**
   * 'Seitenaufrufe 10 · Konversion 100 %' beside 312 tips. Visits are one per
   * browser and code per half hour, tips were all of them: the conversion counts the visits of
   * the period that led to a paid tip, and only where both are known.
   */
  describe('visits and conversion', () => {
    const phone = (n: number) =>
      `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${n} like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148`;
    const look = async (code: string, browser: string) => {
      const page = await t.app.inject({
        method: 'GET',
        url: `/t/${code}`,
        headers: { 'user-agent': browser },
      });
      expect(page.statusCode).toBe(200);
      await t.app.pageViews.drain();
    };
    const tip = async (code: string, browser: string, outcome: 'pay' | 'fail') => {
      const started = await t.inject({
        method: 'POST',
        url: '/api/guest/tips',
        headers: { origin: t.config.publicOrigin, 'user-agent': browser },
        payload: {
          code,
          amountCents: 500,
          platformFee: false,
          paymentMethod: 'stripe',
          guestSessionId: newGuestSessionId(),
        },
      });
      expect(started.statusCode).toBe(201);
      await decideDemoCheckout(t, started.json().checkoutUrl, outcome);
    };
    const qrOf = async (business: FactoryBusiness, from: string, to: string) => {
      const owner = await signIn(t, business.owner.email);
      const response = await get(`/api/admin/reports?from=${from}&to=${to}`, owner);
      expect(response.statusCode).toBe(200);
      return response.json().qr;
    };

    it('counts visits, and converts the visits that led to a paid tip', async () => {
      const bar = await createBusiness(t.database.db, {
        employees: 1,
        points: ['person', 'object'],
      });
      const [person, table] = bar.points;
      t.clock.set(new Date('2026-04-15T10:00:00Z'));
      // A: looks, pays two tips in the same visit. B: only looks. C: tries, the payment fails.
      await look(person!.uid, phone(1));
      await tip(person!.uid, phone(1), 'pay');
      await tip(person!.uid, phone(1), 'pay');
      await look(table!.uid, phone(2));
      await look(table!.uid, phone(3));
      await tip(table!.uid, phone(3), 'fail');
      // D: looks and pays through the plain form of the page, without JavaScript.
      await look(person!.uid, phone(5));
      const form = await t.inject({
        method: 'POST',
        url: `/t/${person!.uid}/checkout`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': phone(5) },
        payload: new URLSearchParams({ custom: '5', lang: 'de', pay: '1' }).toString(),
      });
      expect(form.statusCode).toBe(303);
      await decideDemoCheckout(
        t,
        new URL(String(form.headers.location), t.config.publicOrigin).href,
        'pay',
      );
      // E: a tip started without a visit of that browser at that code counts as a tip, not a visit.
      await tip(table!.uid, phone(4), 'pay');
      // Tips from before visits were traced: paid tips, but no visit's.
      for (const n of [1, 2, 3]) {
        await createTip(t.database.db, {
          businessId: bar.id,
          employeeId: bar.employees[0]!.id,
          entrypoint: person,
          createdAt: new Date(`2026-04-0${n}T10:00:00Z`),
        });
      }
      expect(await qrOf(bar, '2026-04-01', '2026-04-30')).toEqual({
        visits: 4,
        visitsWithTip: 2,
        paidTips: 7,
        conversion: 0.5,
        averageCents: 714,
        contributionsCents: 0,
      });
      // A visit half an hour later is a new one; its tip converts it.
      t.clock.advance(31 * 60_000);
      await look(table!.uid, phone(2));
      await tip(table!.uid, phone(2), 'pay');
      const later = await qrOf(bar, '2026-04-15', '2026-04-15');
      expect(later).toMatchObject({ visits: 5, visitsWithTip: 3, conversion: 0.6 });
    });

    it('shows no conversion without visits, or with visits from before they were traced', async () => {
      const cafe = await createBusiness(t.database.db, { employees: 1, points: ['person'] });
      const point = cafe.points[0]!;
      for (const day of ['2026-05-04', '2026-06-04']) {
        await createTip(t.database.db, {
          businessId: cafe.id,
          employeeId: cafe.employees[0]!.id,
          entrypoint: point,
          createdAt: new Date(`${day}T10:00:00Z`),
        });
      }
      expect(await qrOf(cafe, '2026-05-01', '2026-05-31')).toMatchObject({
        visits: 0,
        visitsWithTip: 0,
        paidTips: 1,
        conversion: null,
      });
      // Views counted before visits had an id: known as visits, but not what came of them.
      await t.database.db.insert(analyticsEvents).values(
        Array.from({ length: 4 }, () => ({
          name: 'tip_page_loaded' as const,
          businessId: cafe.id,
          entrypointUid: point.uid,
          createdAt: new Date('2026-06-04T09:00:00Z'),
        })),
      );
      expect(await qrOf(cafe, '2026-06-01', '2026-06-30')).toMatchObject({
        visits: 4,
        visitsWithTip: 0,
        paidTips: 1,
        conversion: null,
      });
    });
  });

  it('sums whole months and the days around them to the figures of the tips in the range', async () => {
    const db = t.database.db;
    const cafe = await createBusiness(db, { employees: 2, points: ['person'] });
    const [mia, nils] = cafe.employees;
    // Berlin days (UTC+1 in winter): the first two tips lie on either side of a month's end.
    const placed = [
      { day: '2026-01-31', at: '2026-01-31T22:30:00Z', who: mia!, cents: 100 },
      { day: '2026-02-01', at: '2026-01-31T23:30:00Z', who: nils!, cents: 200 },
      { day: '2026-02-15', at: '2026-02-15T11:00:00Z', who: mia!, cents: 400 },
      { day: '2026-03-01', at: '2026-03-01T11:00:00Z', who: nils!, cents: 800 },
      { day: '2026-03-02', at: '2026-03-02T11:00:00Z', who: mia!, cents: 1600 },
    ];
    for (const tip of placed) {
      await createTip(db, {
        businessId: cafe.id,
        employeeId: tip.who.id,
        entrypoint: cafe.points[0],
        amountCents: tip.cents,
        createdAt: new Date(tip.at),
      });
    }
    const owner = await signIn(t, cafe.owner.email);
    for (const [from, to] of [
      ['2026-01-31', '2026-03-01'], // a day, February whole, a day
      ['2026-02-01', '2026-02-28'], // one whole month
      ['2026-02-02', '2026-03-02'], // no whole month
      ['2026-01-01', '2026-12-31'], // a year
      ['2026-02-01', '2026-02-01'], // one day
    ] as const) {
      const inRange = placed.filter((tip) => tip.day >= from && tip.day <= to);
      const sum = (tips: typeof placed) => tips.reduce((total, tip) => total + tip.cents, 0);
      const response = await get(`/api/admin/reports?from=${from}&to=${to}`, owner);
      expect(response.statusCode).toBe(200);
      const report = response.json();
      expect(report.totals, `${from}..${to}`).toMatchObject({
        amountCents: sum(inRange),
        count: inRange.length,
      });
      const perPerson = [mia!, nils!]
        .map((person) => {
          const theirs = inRange.filter((tip) => tip.who === person);
          return { id: person.id, amountCents: sum(theirs), count: theirs.length };
        })
        .filter((figure) => figure.count > 0)
        .sort((a, b) => b.amountCents - a.amountCents);
      expect(
        report.byEmployee.map(({ id, amountCents, count }: Record<string, unknown>) => ({
          id,
          amountCents,
          count,
        })),
        `${from}..${to}`,
      ).toEqual(perPerson);
      expect(report.byPoint, `${from}..${to}`).toEqual([
        expect.objectContaining({
          id: cafe.points[0]!.uid,
          amountCents: sum(inRange),
          count: inRange.length,
        }),
      ]);
      expect(report.perDay.map((day: { day: string }) => day.day)).toEqual(
        inRange.map((tip) => tip.day),
      );
    }
  });

  it('refuses a reversed range and one longer than three years in German, and shows no other business', async () => {
    const reversed = await get('/api/admin/reports?from=2026-03-31&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.details[0].message).toBe(
      'Zeitraum: Das Enddatum liegt vor dem Startdatum.',
    );
    const long = await get('/api/admin/reports/tips.csv?from=2020-01-01&to=2026-03-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details[0].message).toContain('höchstens drei Jahre');
    const bad = await get('/api/admin/reports?from=gestern&to=2026-03-01');
    expect(bad.statusCode).toBe(400);

    const otherOwner = await signIn(t, other.owner.email);
    const theirs = await get('/api/admin/reports?from=2026-03-01&to=2026-03-31', otherOwner);
    expect(theirs.json().totals.count).toBe(1);
    const employee = await signIn(t, hotel.employees[0]!.email);
    expect(
      (await get('/api/admin/reports?from=2026-03-01&to=2026-03-31', employee)).statusCode,
    ).toBe(403);
  });

  it('exports CSV with a BOM, semicolons, German numbers and umlauts', async () => {
    const response = await get('/api/admin/reports/tips.csv?from=2026-03-01&to=2026-03-31');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(
      'trinkgeld-2026-03-01-bis-2026-03-31.csv',
    );
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Datum;Uhrzeit;Empfänger;Team;Art;Bezahlpunkt;Anteil (EUR);Trinkgeld (EUR);Servicebeitrag (EUR);Erstattet (EUR);Status;Auszahlungsreferenz;Ausgezahlt am;Aufteilung',
    );
    // Two direct tips and the team tip's two shares.
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe(
      `02.03.2026;12:00;Jürgen Größe;;Person;${hotel.points[0]!.label};10,00;10,00;0,45;0,00;Ausstehend;;;`,
    );
    const teamLines = lines.filter((line) => line.includes(';Küche;Team;'));
    expect(teamLines).toEqual([
      '03.03.2026;12:00;Jürgen Größe;Küche;Team;;1,51;3,01;0,00;0,00;Ausstehend;;;gleich',
      '03.03.2026;12:00;Zoë Weiß;Küche;Team;;1,50;;;;Ausstehend;;;gleich',
    ]);
  });
});

/**
 * Every report and export names who received each tip — a person, each
 * member's share of a team tip, whoever a shift or the owner gave an object's tip to, or the pool
 * — and the recipients' totals add up to the period's total.
 */
describe('reports name who received each tip', () => {
  let t: TestApp;
  let hotel: FactoryBusiness;
  let cookie: string;
  const at = new Date('2026-04-07T10:00:00Z'); // 12:00 in Berlin

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    hotel = await createBusiness(db, {
      employees: [{ fullName: 'Anna Adler' }, { fullName: 'Clara Conrad' }],
      teams: [{ name: 'Bar', members: [0, 1] }],
      points: ['person', 'object'],
    });
    const [anna, clara] = hotel.employees as [
      FactoryBusiness['employees'][number],
      FactoryBusiness['employees'][number],
    ];
    const table = hotel.points[1]!;
    // Clara's share of the shift-routed tip was paid out.
    const payoutId = randomUUID();
    await db.insert(payouts).values({
      id: payoutId,
      businessId: hotel.id,
      employeeId: clara.id,
      batchId: randomUUID(),
      amountCents: 1200,
      status: 'paid',
      provider: 'demo',
      providerTransferId: 'tr_demo_shiftpaid0001',
      idempotencyKey: `payout:test:${payoutId}`,
      createdAt: new Date('2026-04-08T10:00:00Z'),
      processedAt: new Date('2026-04-08T10:00:00Z'),
    });
    await createTip(db, {
      businessId: hotel.id,
      employeeId: anna.id,
      amountCents: 1000,
      createdAt: at,
    });
    const team = await createTip(db, {
      businessId: hotel.id,
      teamId: hotel.teams[0]!.id,
      amountCents: 301,
      createdAt: at,
    });
    const shift = await createTip(db, {
      businessId: hotel.id,
      entrypoint: table,
      amountCents: 1200,
      createdAt: at,
    });
    const given = await createTip(db, {
      businessId: hotel.id,
      entrypoint: table,
      amountCents: 1500,
      createdAt: at,
    });
    await createTip(db, {
      businessId: hotel.id,
      entrypoint: table,
      amountCents: 700,
      createdAt: at,
      guestMessage: 'Danke!',
    });
    await db.insert(tipAllocations).values([
      {
        tipId: team.id,
        profileId: anna.id,
        amountCents: 151,
        reason: 'zu gleichen Teilen unter 2 Mitgliedern',
      },
      {
        tipId: team.id,
        profileId: clara.id,
        amountCents: 150,
        reason: 'zu gleichen Teilen unter 2 Mitgliedern',
      },
      {
        tipId: shift.id,
        profileId: clara.id,
        amountCents: 1200,
        reason: `im Dienst an ${table.label}`,
        payoutId,
      },
      {
        tipId: given.id,
        profileId: anna.id,
        amountCents: 1500,
        reason: 'vom Betrieb aus dem Pool zugewiesen',
      },
    ]);
    cookie = await signIn(t, hotel.owner.email);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.inject({ method: 'GET', url, headers: { cookie } });

  it('has a pool row, and the recipients add up to the period’s total', async () => {
    const report = (await get('/api/admin/reports?from=2026-04-01&to=2026-04-30')).json();
    expect(report.totals.amountCents).toBe(1000 + 301 + 1200 + 1500 + 700);
    expect(report.pool).toEqual({ amountCents: 700, count: 1 });
    const people = report.byEmployee.reduce(
      (sum: number, row: { amountCents: number }) => sum + row.amountCents,
      0,
    );
    expect(people + report.pool.amountCents).toBe(report.totals.amountCents);
  });

  it('exports one line per recipient with its share, payout reference and date', async () => {
    const response = await get('/api/admin/reports/tips.csv?from=2026-04-01&to=2026-04-30');
    const lines = response.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    const header = lines[0]!.split(';');
    expect(header).toEqual([
      'Datum',
      'Uhrzeit',
      'Empfänger',
      'Team',
      'Art',
      'Bezahlpunkt',
      'Anteil (EUR)',
      'Trinkgeld (EUR)',
      'Servicebeitrag (EUR)',
      'Erstattet (EUR)',
      'Status',
      'Auszahlungsreferenz',
      'Ausgezahlt am',
      'Aufteilung',
    ]);
    const rows = lines
      .slice(1)
      .map((line) => Object.fromEntries(line.split(';').map((v, i) => [header[i], v])));
    expect(rows).toHaveLength(6);
    const of = (name: string) => rows.filter((row) => row['Empfänger'] === name);
    expect(
      of('Clara Conrad').map((row) => [
        row['Anteil (EUR)'],
        row['Status'],
        row['Auszahlungsreferenz'],
        row['Ausgezahlt am'],
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['12,00', 'Ausgezahlt', 'tr_demo_shiftpaid0001', '08.04.2026'],
        ['1,50', 'Ausstehend', '', ''],
      ]),
    );
    expect(of('Anna Adler').map((row) => row['Aufteilung'])).toEqual(
      expect.arrayContaining([
        '',
        'zu gleichen Teilen unter 2 Mitgliedern',
        'vom Betrieb aus dem Pool zugewiesen',
      ]),
    );
    expect(of('Betrieb')).toEqual([]);
    const pool = rows.filter((row) => row['Empfänger'] === 'Pool (noch nicht zugeordnet)');
    expect(pool).toHaveLength(1);
    expect(pool[0]!['Anteil (EUR)']).toBe('7,00');
    const cents = (value: string | undefined) => (value ? Number(value.replace(',', '')) : 0);
    const shares = rows.reduce((sum, row) => sum + cents(row['Anteil (EUR)']), 0);
    const tipsTotal = rows.reduce((sum, row) => sum + cents(row['Trinkgeld (EUR)']), 0);
    expect(shares).toBe(4701);
    expect(tipsTotal).toBe(4701);
  });
});
