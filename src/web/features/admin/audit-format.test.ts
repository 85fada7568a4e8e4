import { describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '../../../shared/api/audit';
import { auditActionLabel, auditAdminLabel, auditDetails, auditTargetLabel } from './audit-format';

const entry = (overrides: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: '00000000-0000-4000-8000-000000000000',
  createdAt: '2026-03-01T10:00:00.000Z',
  action: 'entrypoint_create',
  targetType: 'entrypoint',
  targetId: '5f0c8a1e-1111-4111-8111-111111111111',
  payload: {},
  admin: { id: '1', fullName: 'Thomas Berger', email: 'inhaber@demo.local' },
  userAgent: null,
  ...overrides,
});

describe('audit log formatting', () => {
  it('names actions with the German labels of decision 0006', () => {
    expect(auditActionLabel(entry({ action: 'entrypoint_regenerate_uid' }))).toBe(
      'UID regeneriert',
    );
    expect(auditActionLabel(entry({ action: 'admin_navigation' }))).toBe('Navigation');
  });

  it('shows the admin by name, else e-mail, and the sync as AiO-Sync', () => {
    expect(auditAdminLabel(entry({}))).toBe('Thomas Berger');
    expect(auditAdminLabel(entry({ admin: { id: '1', fullName: null, email: 'a@b.de' } }))).toBe(
      'a@b.de',
    );
    expect(auditAdminLabel(entry({ admin: null }))).toBe('AiO-Sync');
  });

  it('names the target by uid or page rather than by database id', () => {
    expect(auditTargetLabel(entry({ payload: { uid: 'tisch-7-abc' } }))).toBe(
      'Bezahlpunkt tisch-7-abc',
    );
    expect(auditTargetLabel(entry({ payload: { oldUid: 'a', newUid: 'b' } }))).toBe(
      'Bezahlpunkt b',
    );
    expect(auditTargetLabel(entry({ targetType: 'page', targetId: '/admin/dashboard' }))).toBe(
      'Seite /admin/dashboard',
    );
    expect(auditTargetLabel(entry({}))).toBe('Bezahlpunkt 5f0c8a1e…');
    expect(auditTargetLabel(entry({ targetType: null, targetId: null }))).toBe('—');
  });

  it('summarises the payload in German', () => {
    expect(auditDetails(entry({ payload: { oldUid: 'a', newUid: 'b' } }))).toBe(
      'alte UID: a · neue UID: b',
    );
    expect(auditDetails(entry({ payload: { fields: ['label', 'name'], reset: true } }))).toBe(
      'Felder: label, name · zurückgesetzt: ja',
    );
    expect(auditDetails(entry({ payload: { nested: { a: 1 } } }))).toBe('—');
  });

  it('words two-factor sign-in readably (issue 29)', () => {
    expect(auditActionLabel(entry({ action: 'two_factor_reset' }))).toBe(
      'Zwei-Faktor-Anmeldung zurückgesetzt',
    );
    expect(auditActionLabel(entry({ action: 'two_factor_enable' }))).toBe(
      'Zwei-Faktor-Anmeldung eingeschaltet',
    );
    expect(
      auditDetails(
        entry({ action: 'admin_login', payload: { method: 'password', secondFactor: 'totp' } }),
      ),
    ).toBe('Methode: Passwort · zweiter Faktor: Authenticator-App');
    expect(
      auditDetails(
        entry({ action: 'two_factor_disable', payload: { secondFactor: 'recovery_code' } }),
      ),
    ).toBe('zweiter Faktor: Wiederherstellungscode');
    expect(
      auditDetails(entry({ action: 'two_factor_reset', payload: { email: 'anna@hotel.de' } })),
    ).toBe('E-Mail: anna@hotel.de');
  });
});
