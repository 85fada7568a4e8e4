import { REPORT_MESSAGES } from '../domain/report-messages';
import { NETWORK_ERROR } from '../domain/network-error';

/**
 * German texts of staff screens that used to be written inside the components:
 * moved here unchanged so the English catalogue can translate them.
 */
export const staffScreenTexts = {
  /** The language select of the settings and of onboarding (decision 0383). */
  language: {
    label: 'Sprache',
    hint: 'Sprache Ihres Dashboards und Ihrer E-Mails.',
    options: { de: 'Deutsch', en: 'English' },
    saved: 'Sprache gespeichert',
  },
  settings: {
    saved: 'Profil gespeichert',
    saveFailed: 'Fehler beim Speichern',
    cancel: 'Abbrechen',
    save: 'Speichern',
  },
  /** No answer from the server at all (`web/lib/api.ts`). */
  networkError: NETWORK_ERROR,
  /** A guest's or one's own words, in the language's quotation marks. */
  quote: (text: string) => `„${text}“`,
  qrAlt: (name: string) => `QR-Code für ${name}`,
  loading: 'Lade...',
  spinner: 'Lädt…',
  closeToast: 'Schließen',
  instantPayout: {
    title: 'Sofort auszahlen',
    description:
      'Ihr Guthaben jetzt statt mit der nächsten regulären Auszahlung – gegen eine Gebühr, die Sie vorher sehen.',
    demo: ' Demo-Modus: Die Auszahlung wird nur simuliert.',
    balance: 'Verfügbares Guthaben',
    fee: 'Gebühr der Sofortauszahlung',
    net: 'Sie erhalten',
    submit: 'Sofort auszahlen',
    done: (amount: string, reference: string) => `${amount} ausgezahlt · Referenz ${reference}`,
    doneToast: 'Sofortauszahlung ausgeführt',
    failedToast: 'Sofortauszahlung',
    confirmTitle: 'Sofortauszahlung bestätigen',
    confirmText: (balance: string, fee: string, net: string) =>
      `Guthaben ${balance}, Gebühr ${fee}: Sie erhalten ${net} sofort auf Ihr Konto.`,
    confirmLabel: (net: string) => `${net} auszahlen`,
    /** Without a set-up payout account nothing is paid, by the demo as by Stripe (decision 0477). */
    noAccountTitle: 'Noch kein Auszahlungskonto',
    noAccount:
      'Ohne eingerichtetes Auszahlungskonto kann nichts ausgezahlt werden – weder sofort noch mit der regulären Auszahlung. Ihr Guthaben bleibt erhalten, bis Ihr Auszahlungskonto eingerichtet ist (Einstellungen → Auszahlung).',
  },
  tipRecord: {
    title: 'Trinkgeld-Nachweis',
    description:
      'Alle Ihre Trinkgelder eines Zeitraums (höchstens drei Jahre): Datum, Quelle, Betrag, Servicebeitrag, Erstattungen und Auszahlung – etwa für Steuer oder Arbeitgeber.',
    from: 'Von',
    to: 'Bis',
    csv: 'CSV herunterladen',
    pdf: 'PDF herunterladen',
    /** The range checks of `reportRangeSchema`, the same words (REPORT_MESSAGES). */
    problems: REPORT_MESSAGES,
  },
} as const;
