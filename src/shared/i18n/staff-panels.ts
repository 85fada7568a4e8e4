import { REPORT_MESSAGES } from '../domain/report-messages';
import { counted } from '../domain/counted';
import type { StaffCataloguePart } from './staff-catalogue';
import type { Translation } from './translation';

/**
 * The German texts of the staff dashboard's tabs and panels behind its first view: the statistics,
 * the QR code, the instant payout and the tip record. A part of the staff catalogue
 * (`useStaffTexts(staffPanelsPart)`), so they load with those panels' chunks and the first view of
 * the staff dashboard and of the admin console does not carry them (decision 0410). English has
 * them in its one catalogue (`staff-en.ts`), which is loaded whole.
 */
export const staffPanelTextsDe = {
  employee: {
    stats: {
      title: 'Statistiken',
      period: 'Zeitraum',
      total: 'Gesamt',
      count: 'Anzahl',
      average: 'Durchschnitt pro Tag',
      chartTitle: 'Trinkgeld pro Tag',
      chartSummary: (days: number, total: string) =>
        `${counted(days, 'Tag', 'Tage')}, insgesamt ${total}`,
      date: 'Datum',
      amount: 'Betrag',
    },
    qr: {
      title: 'Mein QR-Code',
      uid: 'UID',
      link: 'Trinkgeld-Link',
      copy: 'Link kopieren',
      downloadPng: 'PNG Download',
      downloadSvg: 'SVG Download',
      preview: 'Vorschau',
      hint: 'Gäste können den Code scannen oder den Link öffnen, um Ihnen Trinkgeld zu geben.',
      emptyTitle: 'Kein QR-Code vorhanden',
      emptyHint:
        'Erstellen Sie Ihren persönlichen QR-Code, damit Gäste Ihnen Trinkgeld geben können.',
      create: 'QR-Code erstellen',
      demoExample: 'Beispiel ansehen',
      legacy: 'Dies ist Ihr klassischer QR-Code.',
      others: 'Weitere persönliche Bezahlpunkte',
      othersHint: 'Diese Codes führen ebenfalls zu Ihnen. Der Code oben ist Ihr Haupt-QR-Code.',
      refresh: 'Aktualisieren',
      toasts: {
        loadFailed: { title: 'Fehler', description: 'QR-Code Daten konnten nicht geladen werden.' },
        createFailed: { title: 'Fehler', description: 'QR-Code konnte nicht generiert werden.' },
        created: {
          title: 'QR-Code erstellt',
          description: 'Ihr neuer QR-Code wurde erfolgreich generiert.',
        },
        dataFailed: 'Fehler beim Laden der Daten',
        downloadFailed: {
          title: 'Download fehlgeschlagen',
          description: 'QR-Code konnte nicht heruntergeladen werden.',
        },
        downloaded: {
          title: 'Download erfolgreich',
          description: 'QR-Code wurde als PNG gespeichert.',
        },
        downloadedSvg: {
          title: 'Download erfolgreich',
          description: 'QR-Code wurde als SVG gespeichert.',
        },
        copyFailed: {
          title: 'Kopieren fehlgeschlagen',
          description: 'Link konnte nicht kopiert werden.',
        },
        copied: { title: 'Link kopiert' },
        exportFailed: {
          title: 'Export fehlgeschlagen',
          description: 'Der QR-Code konnte nicht exportiert werden.',
        },
      },
    },
  },
  screens: {
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
  },
} as const;

export type StaffPanelTexts = Translation<typeof staffPanelTextsDe>;

export const staffPanelsPart: StaffCataloguePart<StaffPanelTexts> = { de: staffPanelTextsDe };
