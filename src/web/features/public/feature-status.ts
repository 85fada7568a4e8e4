import type { BadgeVariant } from '../../components/ui/Badge';

/**
 * What is built, as the prototype overview (/prototype-demo) shows it. This is the one place
 * to update when a feature lands: change its status (and note) here, nothing else.
 *
 * live: works end to end in this codebase · beta: works, still changing · planned: not built
 * yet (the note says when work has started) · blocked: waits on something outside the code.
 */
export const FEATURE_STATUSES = ['live', 'beta', 'planned', 'blocked'] as const;
export type FeatureStatus = (typeof FEATURE_STATUSES)[number];

export const FEATURE_STATUS_LABELS: Record<FeatureStatus, string> = {
  live: 'Live',
  beta: 'Beta',
  planned: 'Geplant',
  blocked: 'Blockiert',
};

export const FEATURE_STATUS_BADGES: Record<FeatureStatus, BadgeVariant> = {
  live: 'success',
  beta: 'accent',
  planned: 'secondary',
  blocked: 'destructive',
};

export interface Feature {
  name: string;
  status: FeatureStatus;
  /** Shown next to the label, e.g. why something is blocked. */
  note?: string;
}

export const FEATURES = {
  foundation: {
    name: 'Fundament: Server, Datenbank, Demo-Daten, Tests',
    status: 'live',
  },
  publicSite: {
    name: 'Öffentliche Seiten, Sicherheitscenter, Demo-Showcase',
    status: 'live',
  },
  staffSignIn: {
    name: 'Anmeldung (Passwort, Magic Link) und Profil',
    status: 'live',
  },
  guestTipping: {
    name: 'Trinkgeld geben: Betrag, Zahlung, Dank',
    status: 'live',
    note: 'Demo-Zahlungsanbieter; Stripe mit eigenem Konto; für Gäste in fünf Sprachen',
  },
  employeeDashboard: {
    name: 'Mitarbeiter-Dashboard mit Live-Trinkgeld',
    status: 'live',
  },
  adminConsole: {
    name: 'Admin-Konsole: Dashboard, Bezahlpunkte (UIDs), Audit-Log, AiO-Integration',
    status: 'live',
    note: 'je Betrieb; der Plattform-Admin wählt den Betrieb',
  },
  adminQrBranding: {
    name: 'QR-Code-Generator, QR-Übersicht und Branding',
    status: 'live',
  },
  users: {
    name: 'Benutzerverwaltung: Einladungen, Rollen, Deaktivierung',
    status: 'live',
  },
  signup: {
    name: 'Selbstregistrierung für Betriebe (AGB, AVV) mit Einrichtungs-Checkliste',
    status: 'live',
    note: 'mit SIGNUP=open; in Produktion standardmäßig geschlossen',
  },
  operatorConsole: {
    name: 'Betriebe: anlegen, Inhaber einladen, sperren, reaktivieren, schließen',
    status: 'live',
    note: 'nur für den Plattform-Admin',
  },
  reports: {
    name: 'Berichte',
    status: 'planned',
  },
  appleWallet: {
    name: 'QR-Code in Apple Wallet und Google Wallet',
    status: 'beta',
    note: 'signiert mit dem Pass-Type-Zertifikat des Betreibers (APPLE_WALLET_*, GOOGLE_WALLET_*)',
  },
  nfcWrite: {
    name: 'NFC-Tag direkt vom Telefon beschreiben',
    status: 'beta',
    note: 'Chrome auf Android (Web NFC); viele Tags auf einmal über die AiO-Integration',
  },
} as const satisfies Record<string, Feature>;

export type FeatureKey = keyof typeof FEATURES;

export function featureOf(key: FeatureKey): Feature {
  return FEATURES[key];
}
