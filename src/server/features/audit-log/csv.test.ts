import { describe, expect, it } from 'vitest';
import { AUDIT_CSV_HEADER, auditCsvLine } from './csv';

const TIP = '7b1d2c3e-2222-4222-8222-222222222222';
const PERSON = '5f0c8a1e-1111-4111-8111-111111111111';

const fields = (line: string) => line.replace(/\r\n$/, '').split(';');

describe('the audit log as CSV', () => {
  it('says each row as the log does: label, target, German sentence, then ids as references', () => {
    expect(AUDIT_CSV_HEADER).toEqual([
      'Datum',
      'Uhrzeit',
      'Person',
      'E-Mail',
      'Aktion',
      'Ziel',
      'Details',
      'Referenzen',
      'Aktionscode',
      'Rohdaten (JSON)',
      'Browser',
    ]);
    const line = auditCsvLine({
      id: '00000000-0000-4000-8000-000000000000',
      at: '2026-03-14 20:30:00.123456+00',
      action: 'pool_tip_assign',
      target_type: 'tip',
      target_id: TIP,
      payload: {
        profileId: PERSON,
        personName: 'Anna Schneider',
        amountCents: 1500,
        currency: 'eur',
        pointLabel: 'Hotelbar Tresen',
        paidAt: '2026-03-14T20:15:00.000Z',
      },
      user_agent: 'Vitest',
      full_name: 'Thomas Berger',
      email: 'inhaber@hotel.de',
    });
    const [date, time, person, email, label, target, details, references, code, raw, browser] =
      fields(line);
    expect([date, time, person, email, label]).toEqual([
      '14.03.2026',
      '21:30:00',
      'Thomas Berger',
      'inhaber@hotel.de',
      'Trinkgeld aus dem Pool zugewiesen',
    ]);
    expect(target!.replace(/\u00a0/g, ' ')).toBe('Trinkgeld 15,00 €');
    expect(details!.replace(/\u00a0/g, ' ')).toBe(
      'Trinkgeld über 15,00 € (Hotelbar Tresen, bezahlt am 14.03.2026 um 21:15 Uhr) aus dem Pool an Anna Schneider gegeben.',
    );
    expect(references).toBe(`Trinkgeld ${TIP}, Person ${PERSON}`);
    expect(code).toBe('pool_tip_assign');
    expect(JSON.parse(raw!.replace(/^"|"$/g, '').replace(/""/g, '"'))).toMatchObject({
      amountCents: 1500,
    });
    expect(browser).toBe('Vitest');
  });

  it('reads an older deactivation as a deactivation, and a system row as System', () => {
    const line = auditCsvLine({
      id: '00000000-0000-4000-8000-000000000001',
      at: '2026-03-01 09:00:00+00',
      action: 'user_delete',
      target_type: 'user',
      target_id: PERSON,
      payload: { email: 'anna@hotel.de', status: { from: 'active', to: 'deactivated' } },
      user_agent: null,
      full_name: null,
      email: null,
    });
    const [, , person, , label, target, details] = fields(line);
    expect([person, label, target, details]).toEqual([
      'System',
      'Benutzer deaktiviert',
      'anna@hotel.de',
      'anna@hotel.de wurde deaktiviert und abgemeldet.',
    ]);
  });

  it('names the API key that acted, as the log page does', () => {
    const line = auditCsvLine({
      id: '00000000-0000-4000-8000-000000000001',
      at: '2026-03-14 20:30:00.123456+00',
      action: 'payment_point_create',
      target_type: 'payment_point',
      target_id: TIP,
      payload: {},
      user_agent: 'curl/8.5.0',
      full_name: null,
      email: null,
      api_key_name: 'Kasse',
    });
    const [, , person, email] = fields(line);
    expect([person, email]).toEqual(['API-Schlüssel „Kasse“', '']);
  });
});
