import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { POOL_ASSIGNED_REASON } from '../../../shared/api/pool';
import type { Report } from '../../../shared/api/reports';
import { payouts, tipAllocations } from '../../db/schema';
import { tipRecordPages } from '../tip-record/queries';

/** 'Trinkgeld-Übersicht für die Lohnbuchhaltung' (decision 0670): March 2026. */
describe('/api/admin/reports/payroll.csv and .pdf', () => {
  let t: TestApp;
  let hotel: FactoryBusiness;
  let other: FactoryBusiness;
  const day1 = new Date('2026-03-02T11:00:00Z');
  const day2 = new Date('2026-03-31T22:30:00Z'); // 00:30 on 1 April in Berlin (summer time): not March
  const day3 = new Date('2026-03-31T10:00:00Z');

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
    await createTip(db, {
      businessId: hotel.id,
      employeeId: juergen!.id,
      amountCents: 1000,
      createdAt: day1,
    });
    await createTip(db, {
      businessId: hotel.id,
      employeeId: zoe!.id,
      amountCents: 250,
      createdAt: day3,
    });
    await createTip(db, {
      businessId: hotel.id,
      employeeId: zoe!.id,
      amountCents: 999,
      createdAt: day2,
    });
    await createTip(db, {
      businessId: hotel.id,
      employeeId: zoe!.id,
      amountCents: 500,
      status: 'failed',
      createdAt: day1,
    });
    const team = await createTip(db, {
      businessId: hotel.id,
      teamId: hotel.teams[0]!.id,
      amountCents: 301,
      createdAt: day1,
    });
    const pooled = await createTip(db, { businessId: hotel.id, amountCents: 700, createdAt: day3 });
    const distributed = await createTip(db, {
      businessId: hotel.id,
      amountCents: 200,
      createdAt: day3,
    });
    await db.insert(tipAllocations).values([
      { tipId: team.id, profileId: juergen!.id, amountCents: 151, reason: 'zu gleichen Teilen' },
      { tipId: team.id, profileId: zoe!.id, amountCents: 150, reason: 'zu gleichen Teilen' },
      { tipId: pooled.id, profileId: zoe!.id, amountCents: 700, reason: POOL_ASSIGNED_REASON },
      // 'Pool verteilen' by hours (decision 0660).
      {
        tipId: distributed.id,
        profileId: juergen!.id,
        amountCents: 200,
        reason: '6 von 6 Stunden',
        splitRule: 'pool_hours',
      },
    ]);
    const payoutId = randomUUID();
    await db.insert(payouts).values({
      id: payoutId,
      businessId: hotel.id,
      employeeId: juergen!.id,
      batchId: randomUUID(),
      amountCents: 1151,
      status: 'paid',
      provider: 'demo',
      idempotencyKey: `payout:test:${payoutId}`,
      createdAt: new Date('2026-03-20T10:00:00Z'),
      processedAt: new Date('2026-03-20T10:00:00Z'),
    });
    await createTip(db, {
      businessId: other.id,
      employeeId: other.employees[0]!.id,
      createdAt: day1,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string, email = hotel.owner.email) =>
    t.inject({ method: 'GET', url, headers: { cookie: await signIn(t, email) } });
  const cents = (text: string) => Number(text.replace(',', ''));

  it('gives per person direct tips, team and pool shares and payouts, equal to the report and the tip record', async () => {
    const response = await get('/api/admin/reports/payroll.csv?month=2026-03');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="trinkgeld-lohnbuchhaltung-2026-03.csv"',
    );
    const text = response.body;
    expect(
      text.startsWith('\uFEFFTrinkgeld-Übersicht für die Lohnbuchhaltung – März 2026\r\n'),
    ).toBe(true);
    const lines = text.split('\r\n');
    expect(lines.slice(2, 5)).toEqual([
      `Jürgen Größe;${hotel.employees[0]!.email};1;10,00;1;1,51;1;2,00;13,51;1;11,51`,
      `Zoë Weiß;${hotel.employees[1]!.email};1;2,50;1;1,50;1;7,00;11,00;0;0,00`,
      'Summe;;2;12,50;2;3,01;2;9,00;24,51;1;11,51',
    ]);
    expect(text).toContain('§ 3 Nr. 51 EStG');
    expect(text).toContain('Team „Küche“: Zu gleichen Teilen.');

    // The report of the month gives each person the same total, to the cent.
    const report = await get('/api/admin/reports?from=2026-03-01&to=2026-03-31');
    const byEmployee = new Map(
      report.json<Report>().byEmployee.map((figure) => [figure.id, figure.amountCents]),
    );
    for (const [index, person] of hotel.employees.entries()) {
      const cells = lines[2 + index]!.split(';');
      const parts = cents(cells[3]!) + cents(cells[5]!) + cents(cells[7]!);
      expect(parts).toBe(cents(cells[8]!));
      expect(byEmployee.get(person.id)).toBe(cents(cells[8]!));
      // And the person's tip record of the month.
      let recorded = 0;
      for await (const page of tipRecordPages(t.database, person.id, {
        from: '2026-03-01',
        to: '2026-03-31',
      })) {
        recorded += page.reduce((sum, row) => sum + row.gross_cents, 0);
      }
      expect(recorded).toBe(cents(cells[8]!));
    }
    expect(report.json<Report>().totals.amountCents).toBe(2451);
  });

  it('as a PDF', async () => {
    const response = await get('/api/admin/reports/payroll.pdf?month=2026-03');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a bad month in German and another business', async () => {
    const bad = await get('/api/admin/reports/payroll.csv?month=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Monat: Bitte einen Monat im Format JJJJ-MM');
    const foreign = await get(
      `/api/admin/reports/payroll.csv?month=2026-03&businessId=${hotel.id}`,
      other.owner.email,
    );
    expect(foreign.statusCode).toBe(404);
    const own = await get('/api/admin/reports/payroll.csv?month=2026-03', other.owner.email);
    expect(own.body).not.toContain('Jürgen');
  });
});
