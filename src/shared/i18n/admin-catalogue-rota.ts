import type { AdminCataloguePart } from './admin-catalogue';
import type { Translation } from './translation';

/** The texts of 'Dienstplan importieren' (decision 0670), loaded with the shift plan. */
const de = {
  rotaImport: {
    title: 'Dienstplan importieren',
    description:
      'CSV-Datei aus Ihrem Dienstplanprogramm (Semikolon oder Komma, UTF-8 oder Windows-1252, höchstens 1 MB): E-Mail oder Mitarbeiter-ID, Datum, Beginn, Ende und optional Team oder Bezahlpunkt. Eine Schicht über Mitternacht zählt zum Tag ihres Beginns.',
    file: 'CSV-Datei',
    reading: 'Datei wird gelesen...',
    readFailed: 'Die Datei konnte nicht gelesen werden.',
    mapping: 'Spalten zuordnen',
    mappingHint: 'Welche Spalte enthält was? Die Zuordnung wird für die nächste Datei gemerkt.',
    fields: {
      person: 'E-Mail oder Mitarbeiter-ID',
      day: 'Datum',
      start: 'Beginn',
      end: 'Ende',
      target: 'Team oder Bezahlpunkt',
      defaultTarget: 'Ziel für Zeilen ohne Team oder Bezahlpunkt',
    },
    chooseColumn: 'Spalte wählen',
    noColumn: 'Keine Spalte',
    noDefault: 'Keins (solche Zeilen überspringen)',
    showPreview: 'Vorschau anzeigen',
    previewing: 'Vorschau wird berechnet...',
    counts: (fresh: number, unchanged: number, problems: number) =>
      `${fresh} neu · ${unchanged} schon geplant · ${problems} mit Problemen`,
    line: (n: number) => `Zeile ${n}`,
    states: { new: 'neu', unchanged: 'schon geplant', problem: 'Problem' },
    nextDay: '(bis Folgetag)',
    import: 'Importieren',
    importing: 'Wird importiert...',
    imported: (created: number, unchanged: number, skipped: number) =>
      `${created} ${created === 1 ? 'Dienst' : 'Dienste'} eingeteilt, ${unchanged} schon geplant, ${skipped} übersprungen.`,
    nothingToImport: 'Keine neue gültige Zeile.',
    failed: 'Der Dienstplan konnte nicht importiert werden.',
  },
  payroll: {
    title: 'Trinkgeld-Übersicht für die Lohnbuchhaltung',
    description:
      'Je Person eines Monats: direkte Trinkgelder, Team- und Poolanteile (Anzahl und Summe), Auszahlungen, der Hinweis nach § 3 Nr. 51 EStG und die geltenden Verteilregeln – mit den Zahlen dieses Berichts.',
    month: 'Monat',
    csv: 'CSV herunterladen',
    pdf: 'PDF herunterladen',
  },
} as const;

export const adminRotaPart: AdminCataloguePart<Translation<typeof de>> = { de };
