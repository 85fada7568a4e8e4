/**
 * 'API und Webhooks' in the admin console (/admin/api, decision 0630): the business's API keys,
 * their scopes, the secret shown once, and revoking.
 */
export const adminApiKeysTexts = {
  description:
    'Über die Betriebs-API unter /api/v1 verbinden Sie Kasse, Buchhaltung oder eigene Programme mit Trinkgeld. Ein API-Schlüssel handelt nur für diesen Betrieb und nur mit den Berechtigungen, die Sie ihm geben.',
  loadFailed: 'Die API-Schlüssel konnten nicht geladen werden.',
  createTitle: 'Neuen API-Schlüssel erstellen',
  createDescription:
    'Geben Sie jedem Programm einen eigenen Schlüssel mit nur den Berechtigungen, die es braucht.',
  fields: {
    name: 'Name',
    nameHint: 'Woran Sie den Schlüssel später erkennen, z. B. „Kasse Restaurant“.',
    scopes: 'Berechtigungen',
    expiresOn: 'Läuft ab am (optional)',
    expiresOnHint:
      'Der Schlüssel gilt bis zum Ende dieses Tages. Leer lassen, wenn er nicht ablaufen soll.',
  },
  /** What each scope allows, beside its code. */
  scopes: {
    'tips:read': 'Trinkgelder lesen',
    'payouts:read': 'Auszahlungen lesen',
    'staff:read': 'Mitarbeitende lesen',
    'payment_points:read': 'Bezahlpunkte lesen',
    'payment_points:write': 'Bezahlpunkte anlegen und deaktivieren',
    'reports:read': 'Berichte lesen',
    'webhooks:write': 'Webhooks verwalten',
  },
  create: 'Schlüssel erstellen',
  creating: 'Wird erstellt …',
  createFailed: 'Der API-Schlüssel konnte nicht erstellt werden.',
  created: 'API-Schlüssel erstellt',
  secretTitle: 'Ihr neuer API-Schlüssel',
  secretOnce: 'Dieser Schlüssel wird nur jetzt angezeigt. Bewahren Sie ihn sicher auf.',
  secretLabel: (name: string) => `API-Schlüssel „${name}“`,
  copy: 'Kopieren',
  copied: 'Schlüssel kopiert',
  copyFailed: 'Kopieren nicht möglich. Bitte markieren und kopieren Sie den Schlüssel selbst.',
  done: 'Fertig',
  listTitle: 'Schlüssel',
  listDescription: (limit: number) =>
    `Ein Betrieb kann bis zu ${limit} gültige Schlüssel haben; widerrufene und abgelaufene zählen nicht mit.`,
  none: 'Noch keine API-Schlüssel.',
  columns: {
    name: 'Name',
    key: 'Schlüssel',
    scopes: 'Berechtigungen',
    created: 'Erstellt',
    lastUsed: 'Zuletzt benutzt',
    expires: 'Läuft ab',
    state: 'Status',
    actions: 'Aktionen',
  },
  createdBy: (date: string, name: string) => `${date} von ${name}`,
  neverUsed: 'Noch nie',
  noExpiry: 'Nie',
  states: {
    active: 'Aktiv',
    expired: 'Abgelaufen',
    revoked: 'Widerrufen',
  },
  revoke: 'Widerrufen',
  revokeLabel: (name: string) => `API-Schlüssel „${name}“ widerrufen`,
  revokeTitle: 'API-Schlüssel widerrufen?',
  revokeBody: (name: string) =>
    `„${name}“ wird sofort ungültig. Anfragen mit diesem Schlüssel werden sofort abgelehnt. Das lässt sich nicht rückgängig machen.`,
  revokeConfirm: 'Schlüssel widerrufen',
  revoked: 'API-Schlüssel widerrufen',
  revokeFailed: 'Der API-Schlüssel konnte nicht widerrufen werden.',
} as const;
