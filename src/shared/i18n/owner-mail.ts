import type { StaffLanguage } from '../domain/staff-language';
import type { Translation } from './staff-catalogue';

/**
 * What the owners of a business are told when the operator changes its state,
 * in each owner's staff language. German is the source; English has the same keys.
 */
const de = {
  greeting: 'Hallo,',
  suspended: {
    subject: (business: string) => `Ihr Betrieb ${business} ist bei Trinkgeld gesperrt`,
    what: (business: string) =>
      `der Betreiber von Trinkgeld hat ${business} gesperrt. Bis zur Freischaltung nehmen Ihre QR-Codes und Links kein Trinkgeld an, Auszahlungen ruhen, und Sie und Ihr Team können sich nicht anmelden. Bereits bezahlte Trinkgelder bleiben erhalten.`,
    reason: (reason: string) => `Grund: ${reason}`,
  },
  reactivated: {
    subject: (business: string) =>
      `Ihr Betrieb ${business} ist bei Trinkgeld wieder freigeschaltet`,
    what: (business: string) =>
      `${business} ist wieder freigeschaltet: Gäste können wieder Trinkgeld geben, Auszahlungen laufen weiter, und Sie und Ihr Team melden sich wie gewohnt an.`,
  },
  closed: {
    subject: (business: string) => `Ihr Betrieb ${business} wurde bei Trinkgeld geschlossen`,
    what: (business: string) =>
      `der Betreiber von Trinkgeld hat ${business} geschlossen. Gäste können kein Trinkgeld mehr geben, und niemand aus Ihrem Betrieb kann sich mehr anmelden.`,
    erasure: (days: number) =>
      `Die personenbezogenen Daten des Betriebs werden nach ${days} Tagen gelöscht; die Trinkgelder bleiben anonymisiert für die Buchhaltung erhalten.`,
  },
  contact: (email: string) => `Fragen beantwortet der Betreiber unter ${email}.`,
} as const;

export type OwnerMailTexts = Translation<typeof de>;

const en: OwnerMailTexts = {
  greeting: 'Hello,',
  suspended: {
    subject: (business: string) => `Your business ${business} has been suspended on Trinkgeld`,
    what: (business: string) =>
      `the operator of Trinkgeld has suspended ${business}. Until it is reactivated your QR codes and links take no tips, payouts are paused, and you and your team cannot sign in. Tips already paid are kept.`,
    reason: (reason: string) => `Reason: ${reason}`,
  },
  reactivated: {
    subject: (business: string) => `Your business ${business} is active on Trinkgeld again`,
    what: (business: string) =>
      `${business} is active again: guests can tip, payouts continue, and you and your team sign in as usual.`,
  },
  closed: {
    subject: (business: string) => `Your business ${business} has been closed on Trinkgeld`,
    what: (business: string) =>
      `the operator of Trinkgeld has closed ${business}. Guests can no longer tip, and nobody from your business can sign in any more.`,
    erasure: (days: number) =>
      `The business's personal data will be erased after ${days} days; the tips are kept anonymised for accounting.`,
  },
  contact: (email: string) => `The operator answers questions at ${email}.`,
};

export const OWNER_MAIL_TEXTS: Record<StaffLanguage, OwnerMailTexts> = { de, en };
