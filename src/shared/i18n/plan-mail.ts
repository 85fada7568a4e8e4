import type { StaffLanguage } from '../domain/staff-language';
import type { Translation } from './translation';

/**
 * What the owners of a business are told when a charge for Trinkgeld Pro fails (decision 0610,
 * amendment: dunning mails): at the first failure, a reminder a week later, and when the business
 * falls back to Basis. In each owner's staff language; German is the source, English has the same
 * keys. `date` is the day Pro ends, `tarif` the address of the console's 'Tarif' page.
 */
const de = {
  greeting: 'Hallo,',
  failed: {
    subject: 'Zahlung für Trinkgeld Pro fehlgeschlagen',
    what: (business: string) =>
      `die letzte Abbuchung für Trinkgeld Pro von ${business} ist fehlgeschlagen.`,
    grace: (date: string) =>
      `Pro bleibt bis zum ${date} aktiv, während der Zahlungsanbieter die Zahlung erneut versucht. Gelingt sie bis dahin nicht, nutzt Ihr Betrieb danach Trinkgeld Basis.`,
    action: (tarif: string) => `Bitte prüfen Sie Ihre Zahlungsmethode unter ${tarif}.`,
  },
  reminder: {
    subject: 'Erinnerung: Zahlung für Trinkgeld Pro offen',
    what: (business: string) =>
      `die Zahlung für Trinkgeld Pro von ${business} ist weiterhin offen; der Zahlungsanbieter versucht sie erneut.`,
    grace: (date: string) =>
      `Pro endet am ${date}, wenn die Zahlung bis dahin nicht gelingt. Danach nutzt Ihr Betrieb Trinkgeld Basis.`,
    action: (tarif: string) => `Bitte prüfen Sie Ihre Zahlungsmethode unter ${tarif}.`,
  },
  ended: {
    subject: 'Trinkgeld Pro beendet: Ihr Betrieb nutzt jetzt Basis',
    what: (business: string) =>
      `die Zahlung für Trinkgeld Pro von ${business} ist nicht gelungen, deshalb nutzt Ihr Betrieb jetzt Trinkgeld Basis.`,
    kept: 'Es wird nichts gelöscht: Gäste geben weiter Trinkgeld, Auszahlungen laufen weiter, und die Einstellungen der Pro-Funktionen bleiben erhalten und wirksam, lassen sich aber nur noch ansehen, nicht mehr ändern.',
    action: (tarif: string) => `Sie können Pro jederzeit wieder buchen unter ${tarif}.`,
  },
} as const;

export type PlanMailTexts = Translation<typeof de>;

const en: PlanMailTexts = {
  greeting: 'Hello,',
  failed: {
    subject: 'Payment for Trinkgeld Pro failed',
    what: (business: string) => `the last charge for Trinkgeld Pro of ${business} failed.`,
    grace: (date: string) =>
      `Pro stays active until ${date} while the payment provider tries the payment again. If it does not succeed by then, your business uses Trinkgeld Basis afterwards.`,
    action: (tarif: string) => `Please check your payment method at ${tarif}.`,
  },
  reminder: {
    subject: 'Reminder: payment for Trinkgeld Pro outstanding',
    what: (business: string) =>
      `the payment for Trinkgeld Pro of ${business} is still outstanding; the payment provider keeps trying.`,
    grace: (date: string) =>
      `Pro ends on ${date} unless the payment succeeds by then. After that your business uses Trinkgeld Basis.`,
    action: (tarif: string) => `Please check your payment method at ${tarif}.`,
  },
  ended: {
    subject: 'Trinkgeld Pro ended: your business now uses Basis',
    what: (business: string) =>
      `the payment for Trinkgeld Pro of ${business} did not succeed, so your business now uses Trinkgeld Basis.`,
    kept: 'Nothing is deleted: guests keep tipping, payouts go on, and the settings of Pro features are kept and stay in effect, but can only be viewed, not changed.',
    action: (tarif: string) => `You can book Pro again at any time at ${tarif}.`,
  },
};

export const PLAN_MAIL_TEXTS: Record<StaffLanguage, PlanMailTexts> = { de, en };

/** The day Pro ends, as the mails name it (Europe/Berlin): '26. März 2025', '26 March 2025'. */
export function planMailDate(date: Date, language: StaffLanguage): string {
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'Europe/Berlin',
  }).format(date);
}
