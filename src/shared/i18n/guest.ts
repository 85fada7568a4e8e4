import type { PaymentErrorClass } from '../domain/payments';

/** German texts of the guest pages: tip page, thank-you page and the two error pages (spec §2, §8). */
export const guestTexts = {
  pageTitle: 'Trinkgeld geben',
  pageDescription: 'Trinkgeld geben – schnell, sicher und ohne App.',
  loading: 'Lade...',
  notFound: {
    title: 'Mitarbeiter nicht gefunden',
    description: 'Zu diesem Code gibt es niemanden mehr, der Trinkgeld empfangen kann.',
    back: 'Zurück',
  },
  loadFailed: {
    title: 'Fehler',
    description: 'Mitarbeiterdaten konnten nicht geladen werden.',
  },
  codeInactiveToast: 'Code nicht aktiv',
  header: {
    teamLabel: 'Team',
    thankYouFallback: 'Vielen Dank für Ihr Trinkgeld!',
  },
  amount: {
    title: 'Trinkgeld geben',
    presetsLabel: 'Betrag wählen',
    customLabel: 'Eigener Betrag',
    customPlaceholder: '0.00',
    continue: (formatted: string) => `Weiter zur Zahlung · ${formatted}`,
    tooHigh: (max: string) => `Der Betrag darf höchstens ${max} betragen.`,
    invalid: 'Bitte geben Sie einen Betrag über 0 € ein.',
  },
  payment: {
    title: 'Zahlungsmethode',
    back: 'Zurück zur Betragsauswahl',
    tip: 'Trinkgeld',
    serviceFee: 'Servicebeitrag',
    total: 'Gesamt',
    feeCheckbox: (fee: string) => `Ich übernehme die Plattformkosten von ${fee}`,
    feeHint: '100 % des Trinkgelds gehen an das Team – der Beitrag deckt unsere Kosten.',
    feeThanks: 'Danke für Ihre Unterstützung!',
    messageLabel: 'Persönliche Nachricht (optional)',
    messagePlaceholder: 'Ein paar nette Worte …',
    counter: (used: number, max: number) => `${used}/${max}`,
    applePay: 'Apple Pay',
    googlePay: 'Google Pay',
    card: 'Mit Karte bezahlen',
    processingButton: 'Zahlung wird vorbereitet...',
    processingNotice: 'Zahlung läuft - Bitte warten Sie...',
    checking: 'Zahlung wird geprüft...',
    alreadyRunning: 'Zahlung läuft bereits',
    alreadyRunningDescription: 'Bitte warten Sie, bis die laufende Zahlung abgeschlossen ist.',
    payLaterValid: (until: string) => `Zahlungslink gültig bis ${until}`,
    payLaterExpired: 'Link abgelaufen',
  },
  success: {
    title: 'Vielen Dank für Ihre Wertschätzung!',
    transferred: (name: string) => `wurde erfolgreich an ${name} übermittelt`,
    done: 'Fertig',
  },
  error: {
    title: 'Die Zahlung konnte leider nicht abgeschlossen werden',
    retry: 'Erneut versuchen',
    retryIn: (seconds: number) => `Erneut versuchen (${seconds} s)`,
    payLater: 'Später zahlen',
    back: 'Zurück',
    payLaterNote: 'Der Link ist 24 Stunden gültig.',
    payLaterLinkLabel: 'Ihr Link zum späteren Zahlen',
    linkCopied: 'Link kopiert',
    linkCopiedDescription: 'Der Link ist 24 Stunden gültig.',
    copyFailed: 'Kopieren fehlgeschlagen',
    copyFailedDescription: 'Link konnte nicht kopiert werden.',
    maxRetries: 'Maximale Versuche erreicht',
    maxRetriesDescription: 'Bitte wenden Sie sich an das Personal für Hilfe.',
    attemptsLeft: (left: number) =>
      left === 1 ? 'Noch 1 Versuch möglich.' : `Noch ${left} Versuche möglich.`,
    trustSsl: 'SSL-verschlüsselt',
    trustProvider: (provider: string) => `Sichere Zahlung über ${provider}`,
  },
  providers: { stripe: 'Stripe', demo: 'Stripe (Demo-Modus)' },
  feedback: {
    title: 'Möchtest du noch etwas sagen?',
    description: 'Wähle eine Reaktion und schreib, wenn du magst, ein paar Worte.',
    emojiLabel: 'Reaktion',
    emojiNames: { smile: 'Lächeln', clap: 'Applaus', pray: 'Danke' },
    messageLabel: 'Nachricht (optional)',
    skip: 'Überspringen',
    send: 'Senden',
    done: 'Fertig',
  },
  errorDialog: {
    close: 'Schließen',
    restart: 'Neu starten',
    retry: 'Erneut versuchen',
  },
  thankYou: {
    pageTitle: 'Vielen Dank',
    loading: 'Lade...',
    errorTitle: 'Fehler',
    errorDescription: 'Das Trinkgeld konnte nicht angezeigt werden.',
    home: 'Zur Startseite',
    heading: 'Vielen Dank!',
    amountLabel: 'Betrag',
    transactionId: 'Transaction ID',
    yourMessage: 'Ihre Nachricht',
    share: 'App weiterempfehlen',
    shareTitle: 'Trinkgeld – digital und ohne App',
    shareText: 'Trinkgeld geben per QR-Code – ohne App, in Sekunden.',
    shareCopied: 'Link in die Zwischenablage kopiert!',
    toastMissing: 'Keine Trinkgeld-ID oder Session-ID gefunden',
    toastLoadFailed: 'Trinkgeld-Daten konnten nicht geladen werden',
    toastNotFound: 'Trinkgeld nicht gefunden',
    toastUnexpected: 'Ein Fehler ist aufgetreten',
  },
  qrError: {
    pageTitle: 'QR-Code nicht gültig',
    title: 'QR-Code nicht gültig',
    description:
      'Dieser QR-Code ist nicht (mehr) gültig oder wurde deaktiviert. Bitte scannen Sie einen anderen Code oder fragen Sie das Personal.',
    home: 'Zur Startseite',
    rescan: 'Neuen QR-Code scannen',
    support: 'Support kontaktieren',
  },
  invalidUid: {
    pageTitle: 'Ungültige UID',
    title: 'Ungültige UID',
    description:
      'Zu diesem Link gibt es keinen Bezahlpunkt. Bitte prüfen Sie den Link oder scannen Sie den Code erneut.',
    home: 'Zur Startseite',
    back: 'Zurück',
    support: 'Support kontaktieren',
  },
} as const;

/** Title, explanation and the one action of the error dialog per class (spec §8). */
export const paymentErrorDialogs: Record<
  PaymentErrorClass,
  { title: string; description: string }
> = {
  invalid_qr: {
    title: 'QR-Code nicht gefunden',
    description:
      'Dieser Code ist nicht mehr gültig oder wurde deaktiviert. Bitte wenden Sie sich an das Personal.',
  },
  stripe_not_connected: {
    title: 'Zahlungsabwicklung nicht verfügbar',
    description:
      'Das Personal wurde bereits informiert. Bitte versuchen Sie es später noch einmal.',
  },
  session_expired: {
    title: 'Sitzung abgelaufen',
    description: 'Bitte scannen Sie den QR-Code erneut, um neu zu starten.',
  },
  business_deactivated: {
    title: 'Service nicht verfügbar',
    description: 'Dieser Betrieb nimmt derzeit kein digitales Trinkgeld an.',
  },
  payment_cancelled: {
    title: 'Zahlung abgebrochen',
    description: 'Sie haben die Zahlung abgebrochen. Es wurde nichts abgebucht.',
  },
  payment_failed: {
    title: 'Die Zahlung konnte leider nicht abgeschlossen werden',
    description: 'Ihre Zahlung wurde abgelehnt. Es wurde nichts abgebucht.',
  },
  payment_timeout: {
    title: 'Zeitüberschreitung',
    description: 'Die Zahlung hat zu lange gedauert. Es wurde nichts abgebucht.',
  },
  network_error: {
    title: 'Verbindungsproblem',
    description: 'Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
  },
  unknown: {
    title: 'Unbekannter Fehler',
    description: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  },
};
