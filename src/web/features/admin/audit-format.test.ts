import { describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '../../../shared/api/audit';
import { auditAdminLabel } from './audit-format';

const entry = (overrides: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: '00000000-0000-4000-8000-000000000000',
  createdAt: '2026-03-01T10:00:00.000Z',
  action: 'entrypoint_create',
  targetType: 'entrypoint',
  targetId: '5f0c8a1e-1111-4111-8111-111111111111',
  payload: {},
  admin: { id: '1', fullName: 'Thomas Berger', email: 'inhaber@demo.local' },
  userAgent: null,
  description: { label: '', target: '', sentence: '', references: [] },
  ...overrides,
});

describe('who did it, in the audit log', () => {
  it('shows the admin by name, else by e-mail', () => {
    expect(auditAdminLabel(entry({}))).toBe('Thomas Berger');
    expect(auditAdminLabel(entry({ admin: { id: '1', fullName: ' ', email: 'a@b.de' } }))).toBe(
      'a@b.de',
    );
  });

  it('names the machine that wrote a row without a person', () => {
    expect(auditAdminLabel(entry({ action: 'entrypoint_sync', admin: null }))).toBe('AiO-Sync');
    expect(auditAdminLabel(entry({ action: 'business_erase', admin: null }))).toBe(
      'Aufbewahrungsfrist (System)',
    );
    // A second payment of a tip is refunded by settlement, not by the AiO sync.
    expect(auditAdminLabel(entry({ action: 'payment_refund', admin: null }))).toBe('System');
  });

  it('names the API key that acted through the business API', () => {
    const apiKey = { id: '5f0c8a1e-0000-4000-8000-000000000000', name: 'Kasse' };
    expect(auditAdminLabel(entry({ action: 'entrypoint_create', admin: null, apiKey }))).toBe(
      'API-Schlüssel „Kasse“',
    );
  });
});
