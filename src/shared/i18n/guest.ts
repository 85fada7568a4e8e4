/**
 * German texts of the tip page's first view (spec §2, §8). What follows a payment lives in
 * guest-outcome.ts and the other guest pages in guest-pages.ts, so each bundle takes only its own;
 * guest-de.ts joins the three into the German catalogue the other languages mirror.
 */
export const guestTexts = {
  pageTitle: 'Trinkgeld geben',
  pageDescription: 'Trinkgeld geben – schnell, sicher und ohne App.',
  loading: 'Lade...',
  legal: { label: 'Rechtliches', imprint: 'Impressum', privacy: 'Datenschutz' },
  language: 'Sprache',
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
    /** The own amount's button where the page works without JavaScript. */
    payCustom: 'Weiter zur Zahlung',
  },
} as const;
