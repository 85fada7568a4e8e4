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

  it('names the operator console’s actions and their business in German (issue 29)', () => {
    const created = entry({
      action: 'business_create',
      targetType: 'business',
      payload: { name: 'Hotel Adler', ownerEmail: 'chefin@adler.de' },
    });
    expect(auditActionLabel(created)).toBe('Betrieb angelegt');
    expect(auditTargetLabel(created)).toBe('Betrieb Hotel Adler');
    expect(auditDetails(created)).toBe('Name: Hotel Adler · Inhaber eingeladen: chefin@adler.de');
    expect(auditActionLabel(entry({ action: 'business_suspend' }))).toBe('Betrieb gesperrt');
    expect(auditDetails(entry({ payload: { reason: 'Zahlungsverzug' } }))).toBe(
      'Grund: Zahlungsverzug',
    );
    expect(auditActionLabel(entry({ action: 'business_reactivate' }))).toBe('Betrieb reaktiviert');
    expect(auditActionLabel(entry({ action: 'business_close' }))).toBe('Betrieb geschlossen');
    const erased = entry({ action: 'business_erase', admin: null, payload: { people: 3 } });
    expect(auditActionLabel(erased)).toBe('Personenbezogene Daten des Betriebs gelöscht');
    expect(auditAdminLabel(erased)).toBe('Aufbewahrungsfrist (System)');
    expect(auditDetails(erased)).toBe('Personen anonymisiert: 3');
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

  it('says password actions and their methods in German', () => {
    expect(auditActionLabel(entry({ action: 'password_change' }))).toBe('Passwort geändert');
    expect(auditActionLabel(entry({ action: 'password_set' }))).toBe('Passwort festgelegt');
    expect(auditActionLabel(entry({ action: 'platform_admin_create' }))).toBe(
      'Plattform-Administrator angelegt',
    );
    expect(auditDetails(entry({ payload: { method: 'account', otherSessionsEnded: 2 } }))).toBe(
      'Methode: Konto und Sicherheit · andere Sitzungen beendet: 2',
    );
    expect(auditDetails(entry({ payload: { method: 'link' } }))).toBe('Methode: Link per E-Mail');
    expect(auditDetails(entry({ payload: { method: 'cli', role: 'admin' } }))).toContain(
      'Methode: Kommandozeile (npm run admin:create)',
    );
    expect(auditDetails(entry({ payload: { method: 'magic_link' } }))).toBe('Methode: Magic Link');
  });

  it('renders a self-service sign-up and a hidden set-up checklist readably (issue 29)', () => {
    const signup = entry({
      action: 'business_signup',
      targetType: 'business',
      payload: { businessName: 'Hotel Sonnenhang', termsVersion: '2026-11', dpaVersion: '2026-11' },
    });
    expect(auditActionLabel(signup)).toBe('Betrieb registriert');
    expect(auditTargetLabel(signup)).toBe('Betrieb 5f0c8a1e…');
    expect(auditDetails(signup)).toBe(
      'Betrieb: Hotel Sonnenhang · AGB-Version: 2026-11 · AVV-Version: 2026-11',
    );
    const dismissed = entry({
      action: 'setup_checklist_dismiss',
      targetType: 'business',
      payload: { progress: '3 von 5' },
    });
    expect(auditActionLabel(dismissed)).toBe('Einrichtung ausgeblendet');
    expect(auditDetails(dismissed)).toBe('Fortschritt: 3 von 5');
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
