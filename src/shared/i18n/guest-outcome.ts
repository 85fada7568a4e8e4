import type { PaymentErrorClass } from '../domain/payments';

/** The steps after a payment: success, error step, feedback and error dialogs. */
export const tipOutcomeTexts = {
  /** Opening a pay-later link that cannot be paid (any more). */
  payLaterLink: {
    invalid: { title: 'Link ungültig', description: 'Diesen Zahlungslink gibt es nicht.' },
    expired: {
      title: 'Link abgelaufen',
      description:
        'Dieser Zahlungslink ist abgelaufen: Links zum späteren Zahlen gelten 24 Stunden.',
    },
    used: {
      title: 'Link bereits verwendet',
      description: 'Über diesen Zahlungslink wurde schon bezahlt. Vielen Dank!',
    },
  },
  success: {
    title: 'Vielen Dank für Ihre Wertschätzung!',
    transferred: (name: string) => `wurde erfolgreich an ${name} übermittelt`,
    contribution: (fee: string) => `Dazu Ihr Servicebeitrag für die Plattform: ${fee}`,
    totalPaid: (total: string) => `Insgesamt bezahlt: ${total}`,
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
    payLaterEmailLabel: 'Link an meine E-Mail-Adresse senden',
    payLaterEmailHint: 'Die Adresse wird nur für diese E-Mail verwendet und nicht gespeichert.',
    payLaterEmailSend: 'Link zuschicken',
    payLaterEmailSent: (email: string) => `Link gesendet an ${email}`,
    payLaterEmailFailed: 'Der Link konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
    attemptsLeft: (left: number) =>
      left === 1 ? 'Noch 1 Versuch möglich.' : `Noch ${left} Versuche möglich.`,
    trustSsl: 'SSL-verschlüsselt',
    trustProvider: (provider: string) => `Sichere Zahlung über ${provider}`,
    maxRetries: 'Maximale Versuche erreicht. Bitte wenden Sie sich an das Personal für Hilfe.',
  },
  providers: { stripe: 'Stripe', demo: 'Stripe (Demo-Modus)' },
  processor: {
    by: (provider: string) => `Zahlung sicher abgewickelt über ${provider}`,
    brands: 'Visa · Mastercard · American Express · Apple Pay · Google Pay',
  },
  feedback: {
    title: 'Möchtest du noch etwas sagen?',
    /** The spec's title, kept as written; the rest of the dialog says 'Sie' (decision 0467). */
    description: 'Wählen Sie eine Reaktion und schreiben Sie, wenn Sie mögen, ein paar Worte.',
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
  receipt: {
    title: 'Beleg per E-Mail',
    emailLabel: 'E-Mail-Adresse (optional)',
    hint: 'Die Adresse wird nur für den Versand verwendet und nicht gespeichert.',
    replyOptIn: 'Antwort per E-Mail erhalten',
    replyHint:
      'Dann bewahren wir die Adresse verschlüsselt auf, bis die Antwort verschickt ist, höchstens 30 Tage.',
    purposeLegend: 'Wofür wir die Adresse verwenden',
    choosePurpose: 'Bitte wählen Sie, wofür wir die Adresse verwenden sollen.',
    replyNeedsMessage:
      'Eine Antwort gibt es auf eine Nachricht: Schreiben Sie oben ein paar Worte.',
    replyTo: (email: string) => `Die Antwort schicken wir an ${email}.`,
    send: 'Beleg zuschicken',
    sent: (email: string) => `Beleg gesendet an ${email}`,
    invalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    tooMany: 'Zu viele Versuche. Bitte versuchen Sie es später erneut.',
    failed: 'Der Beleg konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
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

/** The payment step's texts (loaded with the payment flow, not in the first view). */
export const paymentTexts = {
  title: 'Zahlungsmethode',
  back: 'Zurück zur Betragsauswahl',
  tip: 'Trinkgeld',
  serviceFee: 'Servicebeitrag',
  total: 'Gesamt',
  feeCheckbox: (fee: string) => `Ich übernehme die Plattformkosten von ${fee}`,
  feeHint: '100 % Ihres Trinkgelds kommen an – der Beitrag deckt die Plattformkosten.',
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
} as const;

export const paymentToasts = {
  linkCopied: 'Link kopiert',
  linkCopiedDescription: 'Der Link ist 24 Stunden gültig.',
  copyFailed: 'Kopieren fehlgeschlagen',
  copyFailedDescription: 'Link konnte nicht kopiert werden.',
  maxRetries: 'Maximale Versuche erreicht',
  maxRetriesDescription: 'Bitte wenden Sie sich an das Personal für Hilfe.',
} as const;
