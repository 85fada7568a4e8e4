import type { AuditLogEntry } from '../../../shared/api/audit';
import { AUDIT_ACTION_LABELS } from '../../../shared/domain/audit';
import { adminTexts } from '../../../shared/i18n/admin';

const t = adminTexts.audit;

export function auditActionLabel(entry: Pick<AuditLogEntry, 'action'>): string {
  return AUDIT_ACTION_LABELS[entry.action] ?? entry.action;
}

export function auditAdminLabel(entry: Pick<AuditLogEntry, 'admin'>): string {
  if (!entry.admin) return t.system;
  return entry.admin.fullName?.trim() || entry.admin.email;
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : null;

/** "Bezahlpunkt anna-k7p2m9xq4d", "Seite /admin/uid-management": what a person recognises. */
export function auditTargetLabel(
  entry: Pick<AuditLogEntry, 'targetType' | 'targetId' | 'payload'>,
): string {
  const type = entry.targetType ? (t.targetTypes[entry.targetType] ?? entry.targetType) : '';
  const named =
    text(entry.payload.newUid) ??
    text(entry.payload.uid) ??
    (entry.targetType === 'page' ? entry.targetId : null);
  const id = named ?? (entry.targetId ? shortId(entry.targetId) : null);
  return [type, id].filter(Boolean).join(' ') || '—';
}

function shortId(id: string): string {
  return /^[0-9a-f]{8}-[0-9a-f-]{27}$/.test(id) ? `${id.slice(0, 8)}…` : id;
}

const DETAIL_LABELS: Record<string, string> = {
  from: 'von',
  to: 'nach',
  destination: 'Ziel',
  method: 'Methode',
  reason: 'Grund',
  oldUid: 'alte UID',
  newUid: 'neue UID',
  uid: 'UID',
  label: 'Bezeichnung',
  type: 'Typ',
  created: 'angelegt',
  deleted: 'gelöscht',
  status: 'Status',
  error: 'Fehler',
  fields: 'Felder',
  timeout_duration: 'Zeitlimit (s)',
  warning_duration: 'Warnung (s)',
  extended_at: 'verlängert um',
  setting: 'Einstellung',
  tenantId: 'Tenant-ID',
  action: 'Aktion',
  source: 'Quelle',
  reset: 'zurückgesetzt',
  secondFactor: 'zweiter Faktor',
  email: 'E-Mail',
};

/** Values of some payload fields in German (sign-in methods, second factors). */
const DETAIL_VALUES: Record<string, Record<string, string>> = {
  method: { password: 'Passwort', magic_link: 'Magic Link' },
  secondFactor: { totp: 'Authenticator-App', recovery_code: 'Wiederherstellungscode' },
};

/** The payload as a short line of "Feld: Wert" pairs; nested values are left out. */
export function auditDetails(entry: Pick<AuditLogEntry, 'payload'>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(entry.payload)) {
    if (key === 'targetId') continue;
    const shown = Array.isArray(value)
      ? value.map(text).filter(Boolean).join(', ')
      : value === true
        ? 'ja'
        : value === false
          ? 'nein'
          : text(value);
    const worded = shown ? (DETAIL_VALUES[key]?.[shown] ?? shown) : null;
    if (worded) parts.push(`${DETAIL_LABELS[key] ?? key}: ${worded}`);
  }
  return parts.join(' · ') || '—';
}
