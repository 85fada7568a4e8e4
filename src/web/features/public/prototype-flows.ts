import type { FeatureKey } from './feature-status';

/**
 * The three journeys of the prototype overview with the real screen of each step. `path` is a
 * route of the app (checked against the router by prototype-flows.test.tsx); `feature` links
 * the step to its status in feature-status.ts.
 */
export interface FlowStep {
  title: string;
  description: string;
  path: string;
  feature: FeatureKey;
}

export interface Flow {
  id: 'gast' | 'mitarbeiter' | 'admin';
  title: string;
  actor: string;
  description: string;
  steps: readonly FlowStep[];
}

/** The demo point every guest step opens, so the links lead to a page with real data. */
export const DEMO_TIP_PATH = '/t/aio-anna-schneider-4k7p';

export const FLOWS: readonly Flow[] = [
  {
    id: 'gast',
    title: 'Gast',
    actor: '3 Screens',
    description: 'Vom QR-Code zum Dankeschön – ohne App und ohne Konto.',
    steps: [
      {
        title: 'Betrag wählen',
        description: '5, 10 oder 15 € oder ein eigener Betrag.',
        path: DEMO_TIP_PATH,
        feature: 'guestTipping',
      },
      {
        title: 'Zahlungsmethode',
        description: 'Karte, Apple Pay oder Google Pay, optional mit Servicebeitrag und Nachricht.',
        path: DEMO_TIP_PATH,
        feature: 'guestTipping',
      },
      {
        title: 'Vielen Dank',
        description: 'Bestätigung mit Betrag und Feedback-Dialog.',
        path: '/thank-you',
        feature: 'guestTipping',
      },
    ],
  },
  {
    id: 'mitarbeiter',
    title: 'Mitarbeiter',
    actor: '7 Screens',
    description: 'Anmelden, Profil anlegen und Trinkgeld live verfolgen.',
    steps: [
      {
        title: 'Anmeldung',
        description: 'Mit Passwort oder Magic Link.',
        path: '/employee/login',
        feature: 'staffSignIn',
      },
      {
        title: 'Profil vervollständigen',
        description: 'Name, Position, Foto und persönliche Dankesnachricht.',
        path: '/employee/onboarding',
        feature: 'staffSignIn',
      },
      {
        title: 'Heute',
        description: 'Die Trinkgelder von heute neben den Dankesnachrichten.',
        path: '/employee/dashboard',
        feature: 'employeeDashboard',
      },
      {
        title: 'Nachrichten',
        description: 'Dankesnachrichten der Gäste, neue hervorgehoben.',
        path: '/employee/dashboard',
        feature: 'employeeDashboard',
      },
      {
        title: 'Historie',
        description: 'Alle Trinkgelder mit Status Ausstehend oder Ausgezahlt.',
        path: '/employee/dashboard',
        feature: 'employeeDashboard',
      },
      {
        title: 'Statistiken',
        description: 'Summen und Durchschnitt für Tag, zwei Wochen und Monat.',
        path: '/employee/dashboard',
        feature: 'employeeDashboard',
      },
      {
        title: 'Mein QR-Code',
        description: 'Persönlicher QR-Code mit Link, PNG-Download und Vorschau.',
        path: '/employee/dashboard',
        feature: 'employeeDashboard',
      },
    ],
  },
  {
    id: 'admin',
    title: 'Admin',
    actor: '3 Screens',
    description: 'Bezahlpunkte und QR-Codes verwalten, alles im Audit-Log.',
    steps: [
      {
        title: 'Admin-Dashboard',
        description: 'Kennzahlen, Menü und Audit-Log.',
        path: '/admin/dashboard',
        feature: 'adminConsole',
      },
      {
        title: 'UID-Verwaltung',
        description: 'Bezahlpunkte anlegen, filtern, aktivieren und löschen.',
        path: '/admin/uid-management',
        feature: 'adminConsole',
      },
      {
        title: 'QR-Code Verwaltung',
        description: 'QR-Codes erzeugen, als PNG exportieren und drucken.',
        path: '/admin/qr-codes',
        feature: 'adminQrBranding',
      },
    ],
  },
];
