/**
 * German texts of the tip page's first view (spec §2, §8). What follows a payment lives in
 * guest-outcome.ts and the other guest pages in guest-pages.ts, so each bundle takes only its own.
 */
export const guestTexts = {
  pageTitle: 'Trinkgeld geben',
  pageDescription: 'Trinkgeld geben – schnell, sicher und ohne App.',
  loading: 'Lade...',
  closePage: 'Seite schließen',
  closeHint: 'Sie können dieses Fenster jetzt schließen.',
  reload: 'Erneut laden',
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
  legal: { label: 'Rechtliches', imprint: 'Impressum', privacy: 'Datenschutz' },
  amount: {
    title: 'Trinkgeld geben',
    presetsLabel: 'Betrag wählen',
    customLabel: 'Eigener Betrag',
    customPlaceholder: '0,00',
    continue: (formatted: string) => `Weiter zur Zahlung · ${formatted}`,
    tooHigh: (max: string) => `Der Betrag darf höchstens ${max} betragen.`,
    invalid: 'Bitte geben Sie einen Betrag über 0 € ein.',
    notANumber: 'Bitte geben Sie den Betrag als Zahl ein, z. B. 12,50 oder 12.',
    tooManyDecimals: 'Bitte höchstens zwei Nachkommastellen eingeben, z. B. 12,50.',
  },
  payLater: {
    expired: 'Link abgelaufen',
    used: {
      title: 'Link bereits verwendet',
      description: 'Über diesen Zahlungslink wurde schon bezahlt. Vielen Dank!',
    },
  },
} as const;
