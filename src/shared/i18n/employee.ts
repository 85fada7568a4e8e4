import { type PageRange, pageRangeText } from '../domain/page-range';
import { setupTexts } from './setup-checklist';
/** German texts of the employee dashboard (spec §2, §4, §8). */
export const employeeTexts = {
  pageTitle: 'Mitarbeiter-Dashboard',
  welcome: (name: string) => `Willkommen, ${name}!`,
  fallbackName: 'Mitarbeiter',
  settings: 'Einstellungen',
  signOut: 'Abmelden',
  /** The header's actions on a phone. */
  menu: 'Menü',
  /** An owner or admin on 'Mitarbeiter-Ansicht' goes back to the console. */
  adminConsole: 'Zur Admin-Konsole',
  /**
   * An owner whose set-up checklist is open sees its next step first (decision
   * 0512): onboarding ends on this page (spec §2), the set-up happens in the console.
   */
  ownerSetup: {
    title: 'Einrichtung Ihres Betriebs',
    progress: (done: number, total: number) => `${done} von ${total} erledigt`,
    next: 'Nächster Schritt:',
    /** The checklist card's own titles ('Einrichtung' on the admin dashboard). */
    steps: {
      branding: setupTexts.items.branding.title,
      paymentPoint: setupTexts.items.paymentPoint.title,
      staff: setupTexts.items.staff.title,
      payout: setupTexts.items.payout.title,
      testTip: setupTexts.items.testTip.title,
    },
    toConsole: 'Weiter in der Admin-Konsole',
  },
  newMessagesBadge: (count: number) => `${count} neu`,
  /** Starts with the badge's visible words, so the accessible name contains what is seen. */
  newMessagesButton: (count: number) =>
    count === 1 ? '1 neu: Nachricht anzeigen' : `${count} neu: Nachrichten anzeigen`,
  tabs: {
    today: 'Heute',
    messages: 'Nachrichten',
    history: 'Historie',
    stats: 'Statistiken',
    qr: 'QR-Code',
    team: 'Team',
  },
  /** The team tab: every tip of the own teams and how it was split. */
  teamTab: {
    title: 'Trinkgelder meiner Teams',
    description:
      'Jedes Team-Trinkgeld mit der Aufteilung auf alle Mitglieder und dem Grund – so sehen Sie, warum Sie wie viel erhalten.',
    noTeam: 'Sie sind in keinem Team.',
    empty: 'In diesem Zeitraum keine Team-Trinkgelder.',
    pooled: 'Niemand im Team war eingeteilt: Das Trinkgeld liegt beim Betrieb.',
    you: '(Sie)',
    sharesLabel: 'Aufteilung',
    limited: (n: number) => (n === 1 ? 'Das neueste Trinkgeld.' : `Die neuesten ${n} Trinkgelder.`),
  },
  today: {
    title: 'Heute',
    paid: 'Ausgezahlt',
    pending: 'Ausstehend',
    empty: 'Heute noch keine Trinkgelder.',
    more: (count: number) => `plus ${count} weitere`,
    total: 'Heute erhalten',
  },
  status: { pending: 'Ausstehend', completed: 'Ausgezahlt' },
  paidOutOn: (date: string) => `Ausgezahlt am ${date}`,
  source: { team: 'Team', direct: 'Direkt' },
  teamShare: (team: string) => `Anteil am Team-Trinkgeld (${team})`,
  reference: 'Referenz',
  feeNote: 'Der Gast hat die Plattformkosten übernommen.',
  feedback: {
    label: 'Rückmeldung des Gastes',
    emoji: { smile: 'Lächeln', clap: 'Applaus', pray: 'Danke' } as Record<string, string>,
  },
  thankYou: {
    title: 'Dankesnachrichten',
    emptyTitle: 'Noch keine Dankesnachrichten erhalten',
    emptyHint: 'Nachrichten von Gästen erscheinen hier automatisch',
    refresh: 'Aktualisieren',
    newItem: 'Neu',
    id: 'ID',
  },
  messagesTab: {
    title: 'Trinkgelder mit Nachricht',
    empty: 'In den letzten zwei Wochen gab es keine Trinkgelder mit Nachricht.',
  },
  history: {
    title: 'Historie',
    empty: 'In diesem Zeitraum gab es keine Trinkgelder.',
    previous: 'Zurück',
    next: 'Weiter',
    /** The tips this page shows, "11–20 von 27" (as every paginated list). */
    shownRange: (range: PageRange) => pageRangeText(range, 'von'),
  },
  periods: { day: 'Letzter Tag', week: 'Letzte 2 Wochen', month: 'Letzter Monat' },
  paymentMethods: {
    stripe: 'Karte',
    'apple-pay': 'Apple Pay',
    'google-pay': 'Google Pay',
  } as Record<string, string>,
  settingsDialog: {
    title: 'Einstellungen',
    profile: 'Profil',
    payout: 'Auszahlung',
  },
  payout: {
    title: 'Auszahlung auf Ihr Bankkonto',
    connect: 'Mit Stripe verbinden',
    continue: 'Einrichtung fortsetzen',
    demoNote:
      'Auszahlungen auf Ihr Bankkonto laufen über den Zahlungsanbieter Stripe (Stripe Connect). Diese Installation nutzt den Demo-Zahlungsanbieter: Auszahlungen werden simuliert und mit einer Referenz angezeigt, es fließt kein echtes Geld. Sobald Ihr Betrieb Stripe anbindet, richten Sie hier Ihr Auszahlungskonto ein.',
    statuses: {
      none: 'Noch nicht eingerichtet',
      pending: 'Einrichtung begonnen – Angaben werden geprüft',
      enabled: 'Eingerichtet – Auszahlungen aktiv',
      restricted: 'Eingeschränkt – bitte Angaben bei Stripe ergänzen',
    },
  },
  live: {
    connected: 'Live-Aktualisierung aktiv',
    reconnecting: 'Verbindung wird wiederhergestellt…',
    offline: 'Offline',
  },
  /** Shown while the phone has no connection (the installed app, decision 0182). */
  offline: {
    title: 'Keine Internetverbindung',
    text: 'Sie sehen die zuletzt geladenen Trinkgelder. Neue erscheinen, sobald Sie wieder online sind.',
  },
  /** The short notice when a tip arrives while the dashboard is open. */
  newTip: {
    title: (amount: string) => `Neues Trinkgeld: ${amount}`,
    close: 'Hinweis schließen',
  },
} as const;
