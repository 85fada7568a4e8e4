/** German texts of the branding page (spec §2 "Branding page", §9 fonts and languages). */
export const brandingTexts = {
  pageTitle: 'Branding Verwaltung',
  intro:
    'So sehen Gäste Ihre Trinkgeldseite, die Dankeseite und die Fehlerseiten Ihrer QR-Codes. Änderungen gelten nach dem Speichern sofort.',
  tabsLabel: 'Branding-Bereiche',
  tabs: { colors: 'Farben', text: 'Text', content: 'Inhalt', media: 'Medien' },
  colors: {
    hint: 'Farbpaare unter dem Kontrast 4,5:1 (WCAG AA) werden nicht gespeichert, damit jeder Gast die Seite lesen kann.',
    picker: (label: string) => `${label} auswählen`,
    reset: 'Standardfarben',
  },
  text: {
    companyNameHint: 'Leer: der Name des Betriebs.',
    thankYouPlaceholder: 'Vielen Dank für Ihr Trinkgeld!',
    thankYouHint: 'Für Team- und Tischcodes; Mitarbeiter haben ihre eigene Dankesnachricht.',
    tonality: 'Tonalität',
    tonalityHint:
      'Bestimmt die Ansprache der Gäste in allen Sprachen: Begrüßung, Dankesworte und Bestätigung.',
  },
  content: {
    fontHint: 'Schriften werden von unserem Server geladen, nie von Dritten.',
    languageHint: 'Standardsprache der Gästeseiten.',
  },
  media: {
    logoHint:
      'PNG, JPEG oder WebP, höchstens 1 MB. SVG wird aus Sicherheitsgründen nicht angenommen.',
    choose: 'Logo auswählen',
    uploading: 'Logo wird hochgeladen...',
    remove: 'Logo entfernen',
    none: 'Kein Logo',
    current: 'Aktuelles Logo',
    uploaded: 'Logo hochgeladen',
    uploadedHint: 'Speichern Sie, damit Gäste es sehen.',
  },
  preview: {
    title: 'Live-Vorschau',
    description:
      'Die Trinkgeldseite, wie Gäste sie sehen: mit einer Person Ihres Betriebs und den noch nicht gespeicherten Änderungen.',
    loading: 'Vorschau wird geladen...',
    /** Which moment of a guest's visit the preview shows (decision 0412). */
    momentLegend: 'Vorschau für',
    firstScan: 'Erster Scan',
    later: 'Ab dem Bezahlschritt',
    firstScanNote: (font: string) =>
      `Beim ersten Scan zeigt das Handy die Startseite in seiner eigenen Schrift, damit sie ohne Wartezeit erscheint; ab dem Bezahlschritt und bei jedem weiteren Besuch sehen Gäste ${font}.`,
    laterNote: (font: string) =>
      `So sehen Gäste die Seite ab dem Bezahlschritt und bei jedem weiteren Besuch: in ${font}.`,
  },
  save: 'Speichern',
  saving: 'Wird gespeichert...',
  unsaved: 'Ungespeicherte Änderungen',
  lastSaved: (when: string) => `Zuletzt gespeichert: ${when}`,
  neverSaved: 'Noch nie gespeichert: es gelten die Standardwerte.',
  toasts: {
    saved: { title: 'Branding gespeichert', description: 'Die Gästeseiten zeigen es ab sofort.' },
    saveFailed: 'Speichern fehlgeschlagen',
    loadFailed: 'Daten konnten nicht geladen werden.',
    invalid: 'Bitte prüfen Sie die markierten Felder.',
  },
  retry: 'Erneut versuchen',
} as const;
