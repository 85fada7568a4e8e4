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
});
