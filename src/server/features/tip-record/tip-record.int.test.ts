import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import { createBusiness, createTip, uniqueSuffix } from '../../../../test/support/factories';
import { readPdf, squeeze } from '../../../../test/support/pdf';
import type { EmployeeTip } from '../../../shared/api/employee';
import { payouts, profiles, qrCodes, tipAdjustments, tipAllocations, tips } from '../../db/schema';
import { payoutContext, runPayoutBatch } from '../payouts/batches';

describe('tipping record per employee', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists direct, object and team tips with contributions, refunds and payout reference', async () => {
    const hotel = await createBusiness(t.database.db, {
      employees: [{ fullName: 'Jürgen Weiß' }, {}],
      teams: [{ name: 'Küche & Spülküche', members: [0, 1] }],
      points: ['person', 'object'],
    });
    const [juergen, other] = hotel.employees;
    const db = t.database.db;
    const at = (day: string) => new Date(`${day}T10:30:00Z`);
    const direct = await createTip(db, {
      businessId: hotel.id,
      employeeId: juergen!.id,
      amountCents: 1250,
      platformFeeCovered: true,
      entrypoint: hotel.points[0],
      createdAt: at('2026-03-02'),
    });
    await createTip(db, {
      businessId: hotel.id,
      employeeId: juergen!.id,
      amountCents: 500,
      entrypoint: hotel.points[1],
      createdAt: at('2026-03-03'),
    });
    const team = await createTip(db, {
      businessId: hotel.id,
      teamId: hotel.teams[0]!.id,
      amountCents: 1001,
      createdAt: at('2026-03-04'),
    });
    await db.insert(tipAllocations).values([
      { tipId: team.id, profileId: juergen!.id, amountCents: 501, reason: 'zu gleichen Teilen' },
      { tipId: team.id, profileId: other!.id, amountCents: 500, reason: 'zu gleichen Teilen' },
    ]);
    // Someone else's tip and one outside the range: not in Jürgen's record.
    await createTip(db, {
      businessId: hotel.id,
      employeeId: other!.id,
      amountCents: 999,
      createdAt: at('2026-03-02'),
    });
    await createTip(db, {
      businessId: hotel.id,
      employeeId: juergen!.id,
      amountCents: 777,
      createdAt: at('2025-12-31'),
    });
    await db.insert(tipAdjustments).values({
      businessId: hotel.id,
      tipId: direct.id,
      profileId: juergen!.id,
      kind: 'refund',
      amountCents: 250,
      reason: 'Teilerstattung an den Gast: 2,50 €',
      providerRef: 'refund:test',
      createdAt: at('2026-03-05'),
    });
    t.clock.set(at('2026-03-10'));
    const batchId = await runPayoutBatch(payoutContext(t.app.deps, t.app.log), {
      businessId: hotel.id,
      trigger: 'manual',
    });
    expect(batchId).not.toBeNull();

    const cookie = await signIn(t, juergen!.email);
    const response = await t.inject({
      url: '/api/employee/record.csv?from=2026-01-01&to=2026-12-31',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(
      'trinkgeld-nachweis-2026-01-01-bis-2026-12-31.csv',
    );
    const body = response.rawPayload.toString('utf8');
    expect(body.charCodeAt(0)).toBe(0xfeff);
    const lines = body.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'Datum;Uhrzeit;Quelle;Team / Bezahlpunkt;Brutto (EUR);Servicebeitrag des Gastes (EUR);Erstattungen (EUR);Status;Auszahlungsreferenz;Ausgezahlt am',
    );
    expect(lines).toHaveLength(4);
    const cells = lines.slice(1).map((line) => line.split(';'));
    expect(cells[0]!.slice(0, 3)).toEqual(['02.03.2026', '11:30', 'Person']);
    expect(cells[0]!.slice(4, 8)).toEqual(['12,50', '0,45', '2,50', 'Ausgezahlt']);
    expect(cells[0]![8]).toMatch(/^tr_demo_/);
    expect(cells[0]![9]).toBe('10.03.2026');
    expect(cells[1]!.slice(2, 3)).toEqual(['Objekt']);
    expect(cells[1]![4]).toBe('5,00');
    expect(cells[2]!.slice(2, 5)).toEqual(['Team', 'Küche & Spülküche', '5,01']);

    const pdf = await t.inject({
      url: '/api/employee/record.pdf?from=2026-01-01&to=2026-12-31',
      headers: { cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const read = await readPdf(pdf.rawPayload);
    expect(read.pages).toHaveLength(1);
    const text = read.pages[0]!.text;
    expect(text).toContain('Trinkgeld-Nachweis Jürgen Weiß');
    expect(text).toContain('Küche & Spülküche');
    expect(text).toContain('12,50');
    expect(text).toContain('Summe (3 Trinkgelder)');
    expect(text).toContain('22,51');
  });

  /**
   * Ben has a direct tip, tips through his classic QR code and a 5 € share of
   * a team tip; he pays out instantly, then gets one more tip. Ben's gross adds up to 1.277,02 €.
   */
  async function benAfterAnInstantPayout() {
    const hotel = await createBusiness(t.database.db, {
      employees: [{ fullName: 'Ben Müller' }, { fullName: 'Clara Fischer' }],
      teams: [{ name: 'Restaurant-Service', members: [0, 1] }],
      points: ['person', 'team'],
    });
    const [ben, clara] = hotel.employees;
    const [benPoint, teamPoint] = hotel.points;
    const db = t.database.db;
    const now = new Date('2026-11-29T11:00:00Z');
    t.clock.set(now);
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const [legacy] = await db
      .insert(qrCodes)
      .values({
        code: `qr-ben-klassisch-${uniqueSuffix()}`,
        employeeId: ben!.id,
        businessId: hotel.id,
      })
      .returning();
    const direct = (amountCents: number, hours: number, entrypoint = benPoint) =>
      createTip(db, {
        businessId: hotel.id,
        employeeId: ben!.id,
        amountCents,
        entrypoint,
        createdAt: hoursAgo(hours),
      });
    await direct(1500, 3);
    await direct(50000, 30);
    await direct(49300, 28);
    const classic = await createTip(db, {
      businessId: hotel.id,
      employeeId: ben!.id,
      amountCents: 25002,
      createdAt: hoursAgo(26),
    });
    await db.update(tips).set({ qrCodeId: legacy!.id }).where(eq(tips.id, classic.id));
    const team = await createTip(db, {
      businessId: hotel.id,
      teamId: hotel.teams[0]!.id,
      entrypoint: teamPoint,
      amountCents: 1000,
      createdAt: hoursAgo(2),
    });
    await db.insert(tipAllocations).values([
      { tipId: team.id, profileId: ben!.id, amountCents: 500, reason: 'zu gleichen Teilen' },
      { tipId: team.id, profileId: clara!.id, amountCents: 500, reason: 'zu gleichen Teilen' },
    ]);

    const cookie = await signIn(t, ben!.email);
    const quote = await t.inject({ url: '/api/employee/payout/instant', headers: { cookie } });
    expect(quote.json().balanceCents).toBe(126302);
    const paid = await t.inject({
      method: 'POST',
      url: '/api/employee/payout/instant',
      headers: { cookie },
      payload: { balanceCents: 126302, idempotencyKey: randomUUID() },
    });
    expect(paid.statusCode).toBe(201);
    // After the payout: one more tip, waiting for the next.
    t.clock.set(new Date(now.getTime() + 60_000));
    await direct(1400, 0);
    t.clock.set(new Date(now.getTime() + 120_000));
    const history = await t.inject({
      url: '/api/employee/tips?period=week&pageSize=100',
      headers: { cookie },
    });
    expect(history.statusCode).toBe(200);
    const items = history.json().items as EmployeeTip[];
    expect(items).toHaveLength(6);
    return {
      hotel,
      ben: ben!,
      cookie,
      items,
      legacyCode: legacy!.code,
      reference: paid.json().reference as string,
    };
  }

  const recordOf = async (cookie: string, format: 'csv' | 'pdf') => {
    const response = await t.inject({
      url: `/api/employee/record.${format}?from=2026-11-01&to=2026-11-30`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response;
  };

  /** Each gross amount of the history, with its state: the amounts are all different. */
  const statesByAmount = (items: EmployeeTip[], euros: (cents: number) => string) =>
    new Map(items.map((item) => [euros(item.amountCents), item.status]));

  /**
   * Each row of the PDF has the state of the history item with its amount, and a paid-out row
   * the whole reference, unbroken.
   */
  function expectPdfRows(
    text: string,
    states: Map<string, EmployeeTip['status']>,
    words: Record<EmployeeTip['status'], string>,
    reference: string,
  ) {
    // A row starts with its date and may take several lines (a long point name wraps).
    const table = text.slice(0, text.search(/Summe|Total/));
    const rows = table
      .split(/\n(?=\d\d[./]\d\d[./]\d{4} )/)
      .slice(1)
      .map((row) => row.replace(/\n/g, ' '));
    expect(rows).toHaveLength(states.size);
    // Where a reference is, it is whole on one line.
    expect(text.split('\n').filter((line) => line.includes(reference))).toHaveLength(5);
    for (const row of rows) {
      const amount = row.split(' ').find((token) => states.has(token));
      expect(amount, row).toBeDefined();
      const state = states.get(amount!)!;
      expect(row).toContain(` ${words[state]}`);
      if (state === 'completed') expect(row).toContain(` ${reference} `);
      else expect(row).not.toContain('tr_');
    }
  }

  it('says for every tip what the dashboard history says after an instant payout with a team share (German)', async () => {
    const { cookie, items, legacyCode, reference } = await benAfterAnInstantPayout();
    const germanCents = (cents: number) =>
      `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
    const states = statesByAmount(items, germanCents);
    const words = { completed: 'Ausgezahlt', pending: 'Ausstehend' } as const;

    const body = (await recordOf(cookie, 'csv')).rawPayload.toString('utf8');
    const lines = body.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'Datum;Uhrzeit;Quelle;Team / Bezahlpunkt;Brutto (EUR);Servicebeitrag des Gastes (EUR);Erstattungen (EUR);Status;Auszahlungsreferenz;Ausgezahlt am',
    );
    const rows = lines.slice(1).map((line) => line.split(';'));
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const state = states.get(row[4]!);
      expect(state, `history of ${row[4]}`).toBeDefined();
      expect(row[7], `state of ${row[4]}`).toBe(words[state!]);
      // A reference and date only where the history says paid out.
      expect(row[8] !== '', `reference of ${row[4]}`).toBe(state === 'completed');
      expect(row[9] !== '', `date of ${row[4]}`).toBe(state === 'completed');
      if (state === 'completed') expect(row[8]).toBe(reference);
    }
    const byAmount = new Map(rows.map((row) => [row[4]!, row]));
    expect(byAmount.get('5,00')!.slice(2, 4)).toEqual(['Team', 'Restaurant-Service']);
    expect(byAmount.get('15,00')!.slice(2, 4)).toEqual(['Person', 'Ben Müller']);
    expect(byAmount.get('250,02')!.slice(2, 4)).toEqual(['Person', `QR-Code ${legacyCode}`]);
    for (const row of rows) expect(row[3], `point of ${row[4]}`).not.toBe('');

    const read = await readPdf((await recordOf(cookie, 'pdf')).rawPayload);
    expect(read.pages).toHaveLength(1);
    const text = read.pages[0]!.text;
    expect(text).toContain('Summe (6 Trinkgelder)');
    expect(text).toContain('1.277,02');
    expect(text).toContain('500,00');
    expectPdfRows(text, states, words, reference);
    expect(text).not.toContain('Restaurant-Service · Restaurant-Service');
    // The code may wrap at its hyphens in the narrow column.
    expect(squeeze(text)).toContain(squeeze(`QR-Code ${legacyCode}`));
  });

  it('is in English, words and numbers, for a person whose staff language is English', async () => {
    const { ben, cookie, items, legacyCode, reference } = await benAfterAnInstantPayout();
    await t.database.db
      .update(profiles)
      .set({ staffLanguage: 'en' })
      .where(eq(profiles.id, ben.id));
    const englishCents = (cents: number) =>
      `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    const states = statesByAmount(items, englishCents);
    const words = { completed: 'Paid out', pending: 'Pending' } as const;

    const csv = await recordOf(cookie, 'csv');
    expect(csv.headers['content-disposition']).toContain('tip-record-2026-11-01-to-2026-11-30.csv');
    const lines = csv.rawPayload.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'Date,Time,Source,Team / payment point,Gross (EUR),Guest service contribution (EUR),Refunds (EUR),Status,Payout reference,Paid out on',
    );
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row[7], `state of ${row[4]}`).toBe(words[states.get(row[4]!)!]);
    }
    const byAmount = new Map(rows.map((row) => [row[4]!, row]));
    expect(byAmount.get('5.00')!.slice(0, 4)).toEqual([
      '29/11/2026',
      '10:00',
      'Team',
      'Restaurant-Service',
    ]);
    expect(byAmount.get('250.02')!.slice(2, 4)).toEqual(['Person', `QR code ${legacyCode}`]);

    const pdf = await recordOf(cookie, 'pdf');
    expect(pdf.headers['content-disposition']).toContain('tip-record-2026-11-01-to-2026-11-30.pdf');
    const read = await readPdf(pdf.rawPayload);
    const text = read.pages[0]!.text;
    expect(text).toContain('Tip record Ben Müller');
    expect(text).toContain('Page 1');
    expect(text).toContain('Total (6 tips)');
    expect(text).toContain('1,277.02');
    expectPdfRows(text, states, words, reference);
    expect(text).not.toMatch(/Seite|Zeitraum|Summe|Ausgezahlt|Ausstehend|Brutto|Trinkgelder/);
  });

  it('shows a long name, team and payout reference in full, wrapped instead of cut off', async () => {
    const longName = 'Maximiliane Alexandra von Hohenzollern-Sigmaringen-Württemberg';
    const longTeam = 'Bankett, Frühstücksservice und Etagenservice im Haupthaus';
    const hotel = await createBusiness(t.database.db, {
      employees: [{ fullName: longName }],
      teams: [{ name: longTeam, members: [0] }],
    });
    const employee = hotel.employees[0]!;
    const db = t.database.db;
    const tip = await createTip(db, {
      businessId: hotel.id,
      teamId: hotel.teams[0]!.id,
      amountCents: 800,
      createdAt: new Date('2026-03-02T10:30:00Z'),
    });
    await db
      .insert(tipAllocations)
      .values({ tipId: tip.id, profileId: employee.id, amountCents: 800, reason: 'allein' });
    t.clock.set(new Date('2026-03-10T10:00:00Z'));
    const batchId = await runPayoutBatch(payoutContext(t.app.deps, t.app.log), {
      businessId: hotel.id,
      trigger: 'manual',
    });
    expect(batchId).not.toBeNull();
    const reference = 'tr_1QxYzAbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    await db
      .update(payouts)
      .set({ providerTransferId: reference })
      .where(eq(payouts.employeeId, employee.id));

    const pdf = await t.inject({
      url: '/api/employee/record.pdf?from=2026-01-01&to=2026-12-31',
      headers: { cookie: await signIn(t, employee.email) },
    });
    expect(pdf.statusCode).toBe(200);
    const read = await readPdf(pdf.rawPayload);
    expect(read.pages).toHaveLength(1);
    const text = squeeze(read.pages[0]!.text);
    expect(text).toContain(squeeze(`Trinkgeld-Nachweis ${longName}`));
    expect(text).toContain(squeeze(longTeam));
    expect(text).toContain(reference);
    expect(text).not.toContain('…');
  });

  it('refuses a reversed range and one longer than three years with a German 400', async () => {
    const hotel = await createBusiness(t.database.db, { employees: 1 });
    const cookie = await signIn(t, hotel.employees[0]!.email);
    for (const format of ['csv', 'pdf']) {
      const reversed = await t.inject({
        url: `/api/employee/record.${format}?from=2026-05-01&to=2026-04-30`,
        headers: { cookie },
      });
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().error.details[0].message).toBe(
        'Zeitraum: Das Enddatum liegt vor dem Startdatum.',
      );
      const tooLong = await t.inject({
        url: `/api/employee/record.${format}?from=2023-01-01&to=2026-01-05`,
        headers: { cookie },
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error.details[0].message).toBe(
        'Zeitraum: Bitte wählen Sie höchstens drei Jahre.',
      );
      const garbage = await t.inject({
        url: `/api/employee/record.${format}?from=gestern&to=2026-01-05`,
        headers: { cookie },
      });
      expect(garbage.statusCode).toBe(400);
      const anonymous = await t.inject({
        url: `/api/employee/record.${format}?from=2026-01-01&to=2026-01-05`,
      });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('renders a busy employee year of 3,000 tips as a PDF of many pages', async () => {
    const hotel = await createBusiness(t.database.db, { employees: [{ fullName: 'Sören Größ' }] });
    const employee = hotel.employees[0]!;
    await t.database.query(
      `INSERT INTO tips (business_id, employee_id, amount_cents, status, created_at, updated_at, paid_at)
       SELECT $1, $2, 100 + (g % 900), 'pending',
              timestamptz '2026-01-01 08:00+01' + g * interval '2 hours 50 minutes',
              timestamptz '2026-01-01 08:00+01', timestamptz '2026-01-01 08:00+01'
       FROM generate_series(0, 2999) g`,
      [hotel.id, employee.id],
    );
    const [name] = await t.database.db.select().from(profiles).where(eq(profiles.id, employee.id));
    expect(name!.fullName).toBe('Sören Größ');
    const cookie = await signIn(t, employee.email);
    const pdf = await t.inject({
      url: '/api/employee/record.pdf?from=2026-01-01&to=2026-12-31',
      headers: { cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const read = await readPdf(pdf.rawPayload, { pages: [] });
    const pages = read.pages.length;
    // 3,000 rows of ~66 per page.
    expect(pages).toBeGreaterThanOrEqual(45);
    const expected = Array.from({ length: 3000 }, (_, g) => 100 + (g % 900)).reduce(
      (a, b) => a + b,
      0,
    );
    // A sum with thousands separators: 15.585,00.
    const euros = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(
      expected / 100,
    );
    expect(euros).toMatch(/^\d{1,3}\.\d{3},\d\d$/);
    const last = (await readPdf(pdf.rawPayload, { pages: [pages] })).pages[pages - 1]!.text;
    expect(last).toContain(euros);
    expect(last).toContain('Summe (3000 Trinkgelder)');

    const csv = await t.inject({
      url: '/api/employee/record.csv?from=2026-01-01&to=2026-12-31',
      headers: { cookie },
    });
    expect(csv.rawPayload.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(3001);
  });
});
