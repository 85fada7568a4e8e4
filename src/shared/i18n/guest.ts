import { DEFAULT_THANKS_DE } from './default-thanks';

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
    /** Below the payment provider's minimum charge (decision 0476). */
    tooLow: (min: string) => `Der Betrag muss mindestens ${min} betragen.`,
    notANumber: 'Bitte geben Sie den Betrag als Zahl ein, z. B. 12,50 oder 12.',
    tooManyDecimals: 'Bitte höchstens zwei Nachkommastellen eingeben, z. B. 12,50.',
    /** An ?amount= in the link that cannot be paid: why the amount step shows. */
    linkAmount: (typed: string, why: string) =>
      `Der Betrag „${typed}“ aus dem Link kann nicht übernommen werden. ${why}`,
    /** The own amount's button where the page works without JavaScript. */
    payCustom: 'Weiter zur Zahlung',
  },
  /** The header card's thank-you when the person or business left the default. */
  defaultThanks: DEFAULT_THANKS_DE,
  /**
   * The business's tonality (branding): the greeting above the amounts, the default thank-you in
   * the header and the success heading. Friendly is the default and says the spec's words.
   */
  tonality: {
    formal: {
      greeting: 'Wir danken Ihnen für Ihren Besuch.',
      defaultThanks: 'Herzlichen Dank für Ihr Trinkgeld.',
      successTitle: 'Wir danken Ihnen für Ihre Wertschätzung.',
    },
    friendly: {
      greeting: 'Schön, dass Sie da waren!',
      defaultThanks: 'Vielen Dank für Ihr Trinkgeld!',
      successTitle: 'Vielen Dank für Ihre Wertschätzung!',
    },
    casual: {
      greeting: 'Schön, dass du da warst!',
      defaultThanks: 'Danke dir für dein Trinkgeld!',
      successTitle: 'Danke dir – das freut uns riesig!',
    },
  },
  /** Who receives a team or object tip, said from the facts the server sends. */
  receiver: {
    todayOne: (name: string) => `Ihr Trinkgeld geht heute an ${name}.`,
    todayMany: (names: string) => `Ihr Trinkgeld geht an das heutige Serviceteam: ${names}.`,
    /** Nobody would get a share now: the tip waits in the business's pool. */
    pool: (business: string) =>
      `Gerade ist hier niemand eingeteilt: Ihr Trinkgeld geht an ${business}, das es an sein Team verteilt.`,
    businessTeam: (business: string) => `Ihr Trinkgeld geht an das Team von ${business}.`,
    todayTeam: 'Ihr Trinkgeld geht an das heutige Serviceteam.',
    todayTeamWeighted: (n: number) =>
      `Ihr Trinkgeld geht an das heutige Serviceteam und wird nach Punkten unter ${n} Mitarbeitenden aufgeteilt.`,
    todayTeamEqual: (n: number) =>
      `Ihr Trinkgeld geht an das heutige Serviceteam und wird zu gleichen Teilen unter ${n} Mitarbeitenden aufgeteilt.`,
    team: 'Ihr Trinkgeld geht an das Team.',
    weighted: (n: number) =>
      `Ihr Trinkgeld wird nach Punkten unter ${n} Mitarbeitenden aufgeteilt.`,
    equal: (n: number) =>
      `Ihr Trinkgeld wird zu gleichen Teilen unter ${n} Mitarbeitenden aufgeteilt.`,
    and: 'und',
  },
} as const;

/**
 * A thank-you the person or business never changed is this German default, stored as written:
 * the guest reads it in their own language. One they wrote themselves stays as written.
 */
export function thanksIn(message: string, texts: { defaultThanks: string }): string {
  return message === guestTexts.defaultThanks ? texts.defaultThanks : message;
}

export type GuestTonality = keyof typeof guestTexts.tonality;

/** The tonality's words in the given texts; an unknown value falls back to the default. */
export function tonalityIn<T extends { tonality: Record<GuestTonality, unknown> }>(
  texts: T,
  tonality: string | null | undefined,
): T['tonality'][GuestTonality] {
  const known = tonality === 'formal' || tonality === 'casual' ? tonality : 'friendly';
  return texts.tonality[known] as T['tonality'][GuestTonality];
}
