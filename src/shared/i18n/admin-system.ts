import type { InstanceState, JobState, PaymentMode, SystemJobName } from '../api/system-status';

/** German texts of the platform admin's status view /admin/system. */
export const adminSystemTexts = {
  description:
    'Instanzen, Datenbank, Hintergrundjobs, Webhooks, E-Mail-Ausgang und Zahlungsmodus der ganzen Plattform.',
  refresh: 'Aktualisieren',
  refreshing: 'Wird aktualisiert...',
  loading: 'Lade Systemstatus...',
  loadFailed: 'Der Systemstatus konnte nicht geladen werden.',
  asOf: (time: string) => `Stand: ${time} · aktualisiert sich alle 30 Sekunden`,
  instances: {
    title: 'Instanzen',
    description:
      'Jede Server-Instanz meldet sich alle 15 Sekunden in der Datenbank. Gezeigt werden die Instanzen der letzten 24 Stunden.',
    empty: 'Keine Instanz hat sich gemeldet.',
    states: {
      running: 'Läuft',
      stopped: 'Beendet',
      missing: 'Nicht gesehen',
    } satisfies Record<InstanceState, string>,
    current: 'diese Instanz',
    host: 'Host',
    version: 'Version',
    startedAt: 'Gestartet',
    lastSeen: 'Zuletzt gemeldet',
    stoppedAt: (time: string) => `Beendet um ${time}`,
    notSeenSince: (time: string) => `Nicht gesehen seit ${time}`,
    id: 'Instanz-ID',
    /** Running against expected (cleanly stopped instances are neither). */
    running: (n: number, expected: number) =>
      n === 1 ? `1 von ${expected} läuft` : `${n} von ${expected} laufen`,
    noneExpected: 'Keine Instanz läuft',
  },
  database: {
    title: 'Datenbank',
    reachable: 'Erreichbar',
    unreachable: 'Nicht erreichbar',
    engine: 'Art',
    engines: { pglite: 'Eingebettet (PGlite)', postgres: 'PostgreSQL' },
    latency: 'Antwortzeit',
    latencyValue: (ms: string) => `${ms} ms`,
    size: 'Größe',
    sizeUnknown: 'nicht verfügbar',
    lastBackup: 'Letzte Sicherung',
    lastBackupValue: (time: string, size: string) => `${time} · ${size}`,
    lastBackupOld: 'älter als ein Tag',
    noBackup: 'keine bekannt (npm run backup täglich ausführen)',
  },
  jobs: {
    title: 'Hintergrundjobs',
    description:
      'Letzte Läufe aller Instanzen zusammen; Fehlschläge seit dem Start der gezeigten Instanzen.',
    names: {
      'payment-expiry': 'Abgelaufene Zahlungen',
      'payment-reconciliation': 'Zahlungsabgleich',
      payouts: 'Auszahlungen',
      retention: 'Aufbewahrung und Löschung',
      'auth-cleanup': 'Anmeldedaten aufräumen',
      'invitation-mail-retries': 'Einladungs-E-Mails erneut senden',
      'dunning-mails': 'Mahnungen für Trinkgeld Pro',
    } satisfies Record<SystemJobName, string>,
    states: {
      ok: 'In Ordnung',
      failing: 'Fehlgeschlagen',
      never: 'Noch nicht gelaufen',
    } satisfies Record<JobState, string>,
    lastSuccess: 'Letzter Erfolg',
    lastFailure: 'Letzter Fehler',
    never: '–',
    failures: (n: number, runs: number) =>
      `${n} ${n === 1 ? 'Fehlschlag' : 'Fehlschläge'} bei ${runs} ${runs === 1 ? 'Lauf' : 'Läufen'}`,
    error: 'Fehlermeldung',
  },
  webhooks: {
    title: 'Webhooks und Abgleich',
    backlog: 'Unverarbeitete Webhooks',
    withError: 'davon mit Fehler',
    oldest: 'Ältester unverarbeiteter',
    stale: 'Offene Bezahlvorgänge älter als 2 Minuten',
    lastRun: 'Letzter Abgleich',
    lastResult: (checked: number, settled: number, failed: number) =>
      `${checked} geprüft, ${settled} geklärt, ${failed} nicht erreichbar`,
    totals: 'Seit Start der Instanzen',
    noRun: 'Noch kein Abgleich gelaufen',
    none: 'keiner',
  },
  mail: {
    title: 'E-Mail-Ausgang',
    pending: 'Wartend',
    failed: 'Fehlgeschlagen',
    oldest: 'Älteste wartende',
    none: 'keine',
  },
  payments: {
    title: 'Zahlungsanbieter',
    mode: 'Modus',
    modes: {
      demo: 'Demo (keine echten Zahlungen)',
      stripe_test: 'Stripe Testmodus',
      stripe_live: 'Stripe Live',
    } satisfies Record<PaymentMode, string>,
    note: 'Schlüssel werden hier nie angezeigt.',
  },
  unavailable: 'Nicht verfügbar, solange die Datenbank nicht erreichbar ist.',
} as const;
