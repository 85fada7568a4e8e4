import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  type FactoryBusiness,
  uniqueSuffix,
} from '../../../../test/support/factories';
import type { RotaPreview } from '../../../shared/api/rota-import';
import type { ShiftBoard } from '../../../shared/api/shifts';
import { ManualClock } from '../../lib/clock';

/**
 * 'Dienstplan importieren' (decision 0670): Monday 16 March 2026, 11:00 in Berlin (UTC+1); the
 * plan's window is 16.03.2026 to 30.03.2026.
 */
let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
const suffix = uniqueSuffix();

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-03-16T10:00:00Z') });
  hotel = await createBusiness(t.database.db, {
    employees: [
      { fullName: 'Maria Schmidt', email: `maria-${suffix}@hotel.test` },
      { fullName: 'Jonas Müller', email: `jonas-${suffix}@hotel.test` },
      { fullName: 'Eva Braun', email: `eva-${suffix}@hotel.test` },
    ],
    teams: [
      { name: 'Küche', members: [0, 1] },
      { name: 'Service', members: [2] },
    ],
    points: ['object'],
  });
  cafe = await createBusiness(t.database.db, { employees: 1, points: ['object'] });
});
afterAll(async () => {
  await t.close();
});

const base64 = (bytes: Uint8Array | string) =>
  Buffer.from(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes).toString(
    'base64',
  );
const cp1252 = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)));

async function post(url: string, payload: object, email = hotel.owner.email) {
  return t.inject({
    method: 'POST',
    url,
    headers: { cookie: await signIn(t, email) },
    payload,
  });
}
const preview = (payload: object, email?: string) =>
  post('/api/admin/shifts/import/preview', payload, email);
const importRota = (payload: object, email?: string) =>
  post('/api/admin/shifts/import', payload, email);

const rowsOfTeam = (teamId: string) =>
  t.database.query<{ profile_id: string; day: string; starts_at: Date; ends_at: Date }>(
    `SELECT profile_id, to_char(day, 'YYYY-MM-DD') AS day, starts_at, ends_at
       FROM shift_assignments WHERE team_id = $1 ORDER BY starts_at, profile_id`,
    [teamId],
  );
const iso = (value: Date | string) => new Date(value).toISOString();

describe('the preview', () => {
  it('shows every line with its result and each problem in German', async () => {
    const maria = hotel.employees[0]!;
    const jonas = hotel.employees[1]!;
    // A shift planned by hand that line 8 overlaps.
    const hand = await post('/api/admin/shifts', {
      targetKind: 'team',
      targetId: hotel.teams[1]!.id,
      profileId: hotel.employees[2]!.id,
      day: '2026-03-20',
      startTime: '10:00',
      endTime: '14:00',
    });
    expect(hand.statusCode).toBe(201);
    const csv = [
      'E-Mail;Datum;Beginn;Ende;Team',
      `${maria.email};17.03.2026;08:00;16:00;Küche`,
      `${jonas.email.toUpperCase()};2026-03-17;18:00;02:00;küche`,
      `niemand-${suffix}@hotel.test;17.03.2026;08:00;16:00;Küche`,
      `${maria.email};18.03.2026;14:00;10:00;Küche`,
      `${maria.email};15.03.2026;08:00;12:00;Küche`,
      `${maria.email};31.03.2026;08:00;12:00;Küche`,
      `${hotel.employees[2]!.email};20.03.2026;12:00;18:00;Service`,
      `${jonas.email};19.03.2026;08:00;12:00;Küche`,
      `${jonas.email};19.03.2026;11:00;15:00;Küche`,
      `${jonas.email};31.02.2026;8 Uhr;12:00;Bar`,
      `${maria.email};21.03.2026;08:00;12:00;`,
    ].join('\r\n');
    const response = await preview({ file: base64(csv) });
    expect(response.statusCode).toBe(200);
    const body = response.json<RotaPreview>();
    expect(body).toMatchObject({
      encoding: 'utf-8',
      separator: ';',
      columns: ['E-Mail', 'Datum', 'Beginn', 'Ende', 'Team'],
      mapping: { person: 'E-Mail', day: 'Datum', start: 'Beginn', end: 'Ende', target: 'Team' },
      firstDay: '2026-03-16',
      lastDay: '2026-03-30',
      counts: { new: 2, unchanged: 0, problem: 9 },
    });
    const byLine = new Map(body.lines.map((line) => [line.line, line]));
    expect(byLine.get(2)).toMatchObject({
      state: 'new',
      personName: 'Maria Schmidt',
      day: '2026-03-17',
      targetName: 'Küche',
      overnight: false,
      problems: [],
    });
    expect(byLine.get(3)).toMatchObject({
      state: 'new',
      personName: 'Jonas Müller',
      overnight: true,
    });
    const problems = (line: number) => byLine.get(line)!.problems.join(' | ');
    expect(problems(4)).toContain('Unbekannte Person');
    expect(problems(5)).toContain('Ende vor Beginn');
    expect(problems(6)).toContain('Der 15.03.2026 liegt außerhalb des erlaubten Zeitraums');
    expect(problems(7)).toContain('Der 31.03.2026 liegt außerhalb');
    expect(problems(8)).toContain('Die Person ist hier schon eingeteilt (10:00–14:00, 20.03.2026)');
    expect(problems(9)).toBe('Überschneidung: Die Schicht überschneidet sich mit Zeile 10.');
    expect(problems(10)).toBe('Überschneidung: Die Schicht überschneidet sich mit Zeile 9.');
    expect(byLine.get(11)!.problems).toEqual([
      'Datum: „31.02.2026“ ist kein Datum (TT.MM.JJJJ oder JJJJ-MM-TT).',
      'Beginn: „8 Uhr“ ist keine Uhrzeit (HH:MM).',
      'Ziel: Kein aktives Team und kein Objekt-Bezahlpunkt heißt „Bar“.',
    ]);
    expect(problems(12)).toContain('nennt kein Team und keinen Bezahlpunkt');
    // A preview writes nothing.
    expect(await rowsOfTeam(hotel.teams[0]!.id)).toEqual([]);
  });

  it('refuses bad files, an unfitting mapping and a target of another business in German', async () => {
    const empty = await preview({ file: base64('\uFEFF\r\n') });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Datei: Die Datei ist leer.');
    const notBase64 = await preview({ file: '***' });
    expect(notBase64.statusCode).toBe(400);
    const tooLarge = await preview({ file: 'A'.repeat(1_400_000) });
    expect(tooLarge.statusCode).toBe(400);
    expect(JSON.stringify(tooLarge.json().error)).toContain('größer als 1 MB');
    const unfitting = await preview({
      file: base64('Wer;Wann;Von;Bis\n'),
      mapping: { person: 'E-Mail', day: 'Wann', start: 'Von', end: 'Bis' },
    });
    expect(unfitting.statusCode).toBe(400);
    expect(unfitting.json().error.message).toContain('Spalten:');
    expect(notBase64.json().error).toBeDefined();
    const foreign = await preview(
      {
        file: base64('E-Mail;Datum;Beginn;Ende\n'),
        defaultTarget: { kind: 'team', id: hotel.teams[0]!.id },
      },
      cafe.owner.email,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('importing', () => {
  it('plans the valid lines, keeps a shift past midnight on its start day, and changes nothing twice', async () => {
    const maria = hotel.employees[0]!;
    const jonas = hotel.employees[1]!;
    const kitchen = hotel.teams[0]!.id;
    const csv = [
      'Wer;Wann;Von;Bis',
      `${maria.email};23.03.2026;08:00;16:00`,
      `${jonas.id};23.03.2026;18:00;02:00`,
      `niemand-${suffix}@hotel.test;23.03.2026;08:00;16:00`,
    ].join('\n');
    const payload = {
      file: base64(csv),
      fileName: 'woche-13.csv',
      mapping: { person: 'Wer', day: 'Wann', start: 'Von', end: 'Bis', target: null },
      defaultTarget: { kind: 'team', id: kitchen },
    };
    const first = await importRota(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ created: 2, unchanged: 0, skipped: 1 });
    const rows = (await rowsOfTeam(kitchen)).filter((row) => row.day === '2026-03-23');
    expect(
      rows.map((row) => [row.profile_id, row.day, iso(row.starts_at), iso(row.ends_at)]),
    ).toEqual([
      [maria.id, '2026-03-23', '2026-03-23T07:00:00.000Z', '2026-03-23T15:00:00.000Z'],
      [jonas.id, '2026-03-23', '2026-03-23T17:00:00.000Z', '2026-03-24T01:00:00.000Z'],
    ]);

    const again = await importRota(payload);
    expect(again.json()).toEqual({ created: 0, unchanged: 2, skipped: 1 });
    expect((await rowsOfTeam(kitchen)).filter((row) => row.day === '2026-03-23')).toHaveLength(2);

    // Imported shifts look like hand-entered ones on the plan.
    const board = await t.inject({
      method: 'GET',
      url: '/api/admin/shifts',
      headers: { cookie: await signIn(t, hotel.owner.email) },
    });
    const planned = board
      .json<ShiftBoard>()
      .assignments.filter((a) => a.day === '2026-03-23' && a.targetId === kitchen);
    expect(planned.map((a) => [a.personName, a.startTime, a.endTime])).toEqual([
      ['Maria Schmidt', '08:00', '16:00'],
      ['Jonas Müller', '18:00', '02:00'],
    ]);

    // The mapping is remembered for the next file with these columns.
    const next = await preview({ file: base64(csv), defaultTarget: { kind: 'team', id: kitchen } });
    expect(next.json<RotaPreview>()).toMatchObject({
      mapping: payload.mapping,
      counts: { new: 0, unchanged: 2, problem: 1 },
    });

    const audit = await t.database.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM admin_audit_log WHERE business_id = $1 AND action = 'shift_import'
        ORDER BY created_at`,
      [hotel.id],
    );
    expect(audit).toHaveLength(2);
    expect(audit.map((row) => row.payload)).toEqual(
      expect.arrayContaining([
        { fileName: 'woche-13.csv', created: 2, unchanged: 0, skipped: 1 },
        { fileName: 'woche-13.csv', created: 0, unchanged: 2, skipped: 1 },
      ]),
    );
  });

  it('reads a Windows-1252 comma file with umlauts (Küche, Müller)', async () => {
    const jonas = hotel.employees[1]!;
    const bytes = cp1252(
      `Mitarbeiter,Datum,Beginn,Ende,Abteilung\r\n${jonas.email},25.03.2026,07:30,15:00,Küche\r\n`,
    );
    const look = await preview({ file: base64(bytes) });
    expect(look.json<RotaPreview>()).toMatchObject({
      encoding: 'windows-1252',
      separator: ',',
      lines: [{ state: 'new', personName: 'Jonas Müller', targetName: 'Küche', problems: [] }],
    });
    const done = await importRota({ file: base64(bytes) });
    expect(done.json()).toEqual({ created: 1, unchanged: 0, skipped: 0 });
    const rows = (await rowsOfTeam(hotel.teams[0]!.id)).filter((row) => row.day === '2026-03-25');
    expect(rows.map((row) => iso(row.starts_at))).toEqual(['2026-03-25T06:30:00.000Z']);
  });

  it('plans nothing in another business', async () => {
    const csv = `E-Mail;Datum;Beginn;Ende;Team\n${hotel.employees[0]!.email};26.03.2026;08:00;12:00;Küche\n`;
    const response = await importRota({ file: base64(csv) }, cafe.owner.email);
    expect(response.json()).toEqual({ created: 0, unchanged: 0, skipped: 1 });
  });
});
