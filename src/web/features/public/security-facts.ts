import {
  INACTIVITY_TIMEOUT_MS,
  INACTIVITY_WARNING_BEFORE_MS,
  MAGIC_LINK_TTL_MS,
} from '../../../shared/domain/constants';
import type { IconName } from './components/Icon';

/**
 * What the security centre (/security) says, as data. Every fact must describe what the code
 * really does: `source` names where it happens, so whoever changes that code can find and
 * adjust the sentence. security-facts.test.ts checks the facts that can be checked in code.
 * Durations come from the shared constants so page and code cannot drift apart.
 */
export interface SecurityFact {
  id: string;
  icon: IconName;
  title: string;
  text: string;
  /** Where the product does this (for maintainers; not shown on the page). */
  source: string;
}

export interface SecurityAudience {
  id: string;
  title: string;
  lead: string;
  facts: readonly SecurityFact[];
}

const minutes = (ms: number) => `${Math.round(ms / 60_000)} Minuten`;

export const SECURITY_AUDIENCES: readonly SecurityAudience[] = [
  {
    id: 'gaeste',
    title: 'Für Gäste',
    lead: 'Trinkgeld geben ohne Konto, ohne App und ohne Kartendaten bei uns.',
    facts: [
      {
        id: 'checkout',
        icon: 'card',
        title: 'Kartendaten berühren nie unsere Server',
        text: 'Bezahlt wird auf der Bezahlseite von Stripe (Stripe Checkout). Karte, Apple Pay und Google Pay laufen direkt zwischen Gast und Stripe; wir erfahren nur, ob die Zahlung geklappt hat.',
        source:
          'payments feature (Stripe Checkout Session); CSP form-action in src/server/http/security.ts',
      },
      {
        id: 'webhooks',
        icon: 'check',
        title: 'Jedes Trinkgeld wird genau einmal gezählt',
        text: 'Zahlungsbestätigungen von Stripe nehmen wir nur mit gültiger Signatur an. Jede Bestätigung wird einmal gespeichert; trifft sie doppelt ein, ändert sie nichts ein zweites Mal.',
        source: 'payments webhook: Stripe-Signature check, webhook_events unique event id',
      },
      {
        id: 'tracking',
        icon: 'eyeOff',
        title: 'Keine Tracker, keine IP-Adressen',
        text: 'Gäste brauchen kein Konto. Unsere Nutzungsstatistik ist unsere eigene, speichert keine IP-Adressen und gibt nichts an Werbe- oder Analysedienste weiter.',
        source: 'analytics_events table (no IP column); guest tip page tracking',
      },
      {
        id: 'scripts',
        icon: 'code',
        title: 'Keine fremden Skripte',
        text: "Die Content-Security-Policy erlaubt nur Skripte von unserer eigenen Adresse (script-src 'self') und dazu genau ein kleines Ladeskript der Trinkgeld-Seite, freigegeben über seine SHA-256-Prüfsumme. Fremde Seiten dürfen unsere Seiten nicht einbetten (frame-ancestors 'none').",
        source: 'src/server/http/security.ts, src/server/http/guest-boot-loader.ts',
      },
      {
        id: 'https',
        icon: 'lock',
        title: 'Verschlüsselte Verbindung',
        text: 'Läuft Trinkgeld unter einer https-Adresse, verlangt der Server vom Browser ein Jahr lang ausschließlich verschlüsselte Verbindungen (HSTS) und schickt Cookies nur verschlüsselt.',
        source: 'src/server/http/security.ts (strictTransportSecurity when PUBLIC_ORIGIN is https)',
      },
    ],
  },
  {
    id: 'personal',
    title: 'Für Mitarbeiter',
    lead: 'Ihr Zugang und Ihr Trinkgeld sind geschützt – auch wenn Sie das Abmelden vergessen.',
    facts: [
      {
        id: 'passwords',
        icon: 'key',
        title: 'Passwörter mit scrypt gehasht',
        text: 'Wir speichern kein Passwort, nur einen scrypt-Hash mit eigenem Zufallswert (Salt) je Passwort. Beim Anmelden wird in konstanter Zeit verglichen.',
        source: 'src/server/features/auth/password.ts, docs/decisions/0008-scrypt-passwords.md',
      },
      {
        id: 'magic-links',
        icon: 'mail',
        title: 'Magic Links nur einmal gültig',
        text: `Ein Anmeldelink per E-Mail gilt ${minutes(MAGIC_LINK_TTL_MS)} und nur für eine Anmeldung. Gespeichert wird nur ein Hash des Links, nie der Link selbst.`,
        source: 'auth feature: auth_tokens (token hash, expiry, used_at); MAGIC_LINK_TTL_MS',
      },
      {
        id: 'sessions',
        icon: 'cookie',
        title: 'Sitzungen auf dem Server',
        text: `Die Anmeldung steckt in einem httpOnly-Cookie (für Skripte unlesbar, SameSite, über https nur verschlüsselt). Nach ${minutes(INACTIVITY_TIMEOUT_MS)} ohne Aktivität beendet der Server die Sitzung; ${minutes(INACTIVITY_WARNING_BEFORE_MS)} vorher erscheint eine Warnung.`,
        source: 'auth feature: auth_sessions, session cookie options; INACTIVITY_TIMEOUT_MS',
      },
      {
        id: 'rate-limits',
        icon: 'gauge',
        title: 'Schutz gegen Passwort-Raten',
        text: 'Anmeldeversuche sind je IP-Adresse, je Konto und Adresse sowie je Konto begrenzt, ohne ein Konto zu sperren: vom gewohnten Gerät und per Anmeldelink kommt die Person immer hinein. Die Zähler liegen in der Datenbank und gelten damit für alle Server gleichzeitig.',
        source: 'src/server/http/rate-limit.ts (rate_limit_buckets)',
      },
    ],
  },
  {
    id: 'betriebe',
    title: 'Für Betriebe',
    lead: 'Nachvollziehbar, was geschieht – und Ihre Daten bleiben bei Ihnen.',
    facts: [
      {
        id: 'audit-log',
        icon: 'clipboard',
        title: 'Audit-Log für Admin-Aktionen',
        text: 'Jede Aktion von Administratoren und Geschäftsinhabern schreibt der Server selbst ins Audit-Log: wann, wer, was, woran. Der Browser kann keinen Eintrag fälschen oder auslassen.',
        source: 'admin_audit_log table, audit actions in src/shared/domain/audit.ts',
      },
      {
        id: 'server-rules',
        icon: 'shield',
        title: 'Regeln gelten auf dem Server',
        text: 'Wer was sehen und ändern darf, prüft der Server bei jeder Anfrage. Ändernde Anfragen müssen von unserer eigenen App kommen (Prüfung des Origin-Headers gegen CSRF).',
        source: 'feature policy.ts files, app.requireActor; src/server/http/csrf.ts',
      },
      {
        id: 'data-location',
        icon: 'database',
        title: 'Daten in Ihrer eigenen Datenbank',
        text: 'Alle Daten liegen in Ihrer eigenen PostgreSQL-Datenbank, im Demo-Modus in einer eingebetteten Datenbank (PGlite) auf dem Server. Weitergegeben wird nur, was ein Dienst zwingend braucht: Zahlungen an Stripe, E-Mails an Ihren Mailserver.',
        source: 'src/server/db/connect.ts (DATABASE_URL or PGlite), README configuration',
      },
      {
        id: 'secrets',
        icon: 'lock',
        title: 'Geheimnisse bleiben auf dem Server',
        text: 'Schlüssel für Stripe und die AiO-Integration kennt nur der Server. Der Browser erhält ausschließlich öffentliche Einstellungen wie die Kontaktadresse.',
        source: 'src/server/config.ts; GET /api/public-config (src/server/features/public-config)',
      },
    ],
  },
];
