import type { AuditLogEntry } from '../../../shared/api/audit';
import { AUDIT_ACTION_LABELS } from '../../../shared/domain/audit';
import { adminTexts } from '../../../shared/i18n/admin';

const t = adminTexts.audit;

export function auditActionLabel(entry: Pick<AuditLogEntry, 'action'>): string {
  return AUDIT_ACTION_LABELS[entry.action] ?? entry.action;
}

export function auditAdminLabel(entry: Pick<AuditLogEntry, 'admin' | 'action'>): string {
  if (!entry.admin) return entry.action === 'business_erase' ? t.retentionJob : t.system;
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
    (entry.targetType === 'page' ? entry.targetId : null) ??
    (entry.targetType === 'business' ? text(entry.payload.name) : null);
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
  otherSessionsEnded: 'andere Sitzungen beendet',
  businessName: 'Betrieb',
  termsVersion: 'AGB-Version',
  dpaVersion: 'AVV-Version',
  progress: 'Fortschritt',
  name: 'Name',
  address: 'Adresse',
  contactEmail: 'Kontakt-E-Mail',
  ownerEmail: 'Inhaber eingeladen',
  email: 'E-Mail',
  role: 'Rolle',
  invitation: 'Einladung',
  people: 'Personen anonymisiert',
  media: 'Bilder gelöscht',
  messages: 'Nachrichten gelöscht',
  retentionDays: 'Aufbewahrungsfrist (Tage)',
  sessionsEnded: 'beendete Sitzungen',
  secondFactor: 'zweiter Faktor',
};

/** Values that are codes in the payload, said in German (sign-in methods, second factors). */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  method: {
    password: 'Passwort',
    magic_link: 'Magic Link',
    link: 'Link per E-Mail',
    onboarding: 'Profil vervollständigen',
    account: 'Konto und Sicherheit',
    cli: 'Kommandozeile (npm run admin:create)',
  },
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
          : typeof value === 'string'
            ? (VALUE_LABELS[key]?.[value] ?? value)
            : text(value);
    if (shown) parts.push(`${DETAIL_LABELS[key] ?? key}: ${shown}`);
  }
  return parts.join(' · ') || '—';
}
