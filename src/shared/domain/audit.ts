/** Every action the audit log knows. The server writes rows only with one of these. */
export const AUDIT_ACTIONS = [
  'admin_login',
  'admin_logout',
  'admin_navigation',
  'session_timeout',
  'session_extended',
  'user_create',
  'user_update',
  'user_delete',
  'qr_code_create',
  'qr_code_disable',
  'payment_reset',
  'settings_update',
  'entrypoint_create',
  'entrypoint_update',
  'entrypoint_activate',
  'entrypoint_deactivate',
  'entrypoint_regenerate_uid',
  'entrypoint_delete',
  'demo_data_generate',
  'branding_update',
  'integration_test',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** German labels (spec: wording not shown; settled in docs/decisions/0006-audit-action-labels.md). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  admin_login: 'Anmeldung',
  admin_logout: 'Abmeldung',
  admin_navigation: 'Navigation',
  session_timeout: 'Sitzung abgelaufen',
  session_extended: 'Sitzung verlängert',
  user_create: 'Benutzer angelegt',
  user_update: 'Benutzer geändert',
  user_delete: 'Benutzer gelöscht',
  qr_code_create: 'QR-Code erstellt',
  qr_code_disable: 'QR-Code deaktiviert',
  payment_reset: 'Zahlung zurückgesetzt',
  settings_update: 'Einstellungen geändert',
  entrypoint_create: 'Bezahlpunkt erstellt',
  entrypoint_update: 'Bezahlpunkt geändert',
  entrypoint_activate: 'Bezahlpunkt aktiviert',
  entrypoint_deactivate: 'Bezahlpunkt deaktiviert',
  entrypoint_regenerate_uid: 'UID regeneriert',
  entrypoint_delete: 'Bezahlpunkt gelöscht',
  demo_data_generate: 'Demo-Daten generiert',
  branding_update: 'Branding gespeichert',
  integration_test: 'Verbindung getestet',
};

export const AUDIT_TARGET_TYPES = [
  'security',
  'page',
  'user',
  'profile',
  'entrypoint',
  'qr_code',
  'tip',
  'business',
  'branding',
  'integration',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
