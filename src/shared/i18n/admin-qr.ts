/** German texts of the admin QR pages (spec §2 "QR-code admin page", "QR overview", §8). */
export const qrAdminTexts = {
  backToDashboard: 'Zurück zum Dashboard',
  overview: {
    title: 'QR-Code Verwaltung',
    intro: 'Der aktive QR-Code jeder Person Ihres Betriebs, wie sie ihn selbst sieht.',
    employee: 'Mitarbeiter auswählen',
    choose: 'Bitte wählen …',
    option: (name: string, jobTitle: string | null) => (jobTitle ? `${name} - ${jobTitle}` : name),
    noEmployees: 'In diesem Betrieb gibt es noch keine Mitarbeiter.',
    email: 'E-Mail',
    jobTitle: 'Position',
    noJobTitle: 'Keine Angabe',
    refresh: 'Aktualisieren',
    emptyTitle: 'Kein QR-Code vorhanden',
    emptyHint:
      'Erstellen Sie einen persönlichen QR-Code, damit Gäste dieser Person Trinkgeld geben können.',
    create: 'QR-Code erstellen',
    creating: 'Wird erstellt...',
    toasts: {
      staffFailed: 'Mitarbeiter konnten nicht geladen werden.',
      qrFailed: 'QR-Code Daten konnten nicht geladen werden.',
      created: { title: 'QR-Code erstellt', description: 'Der neue QR-Code ist sofort gültig.' },
      createFailed: 'QR-Code konnte nicht generiert werden.',
    },
  },
  generator: {
    title: 'QR-Code Generator',
    intro: 'QR-Codes für Tische, Bereiche oder Mitarbeiter erstellen, ansehen und ausdrucken.',
    integrationTitle: 'Hinweis zur Integration',
    /** `origin` is where guests open the link, e.g. https://trinkgeld.example. */
    integration: (origin: string) =>
      `Jeder Code führt auf einen echten Bezahlpunkt Ihres Betriebs, einen Link der Form ${origin}/t/ und dahinter dessen UID: allgemeine und Objekt-Codes auf den Trinkgeld-Topf des Betriebs, persönliche Codes auf den QR-Code des Mitarbeiters. Neue Bezahlpunkte erscheinen in der UID-Verwaltung und lassen sich dort deaktivieren oder über die AiO-Integration auf NFC-Tags übertragen.`,
    formTitle: 'Generator',
    type: 'Typ',
    chooseType: 'Typ wählen …',
    designation: 'Bezeichnung',
    designationPlaceholder: 'z. B. Tisch 7, Terrasse, Rezeption',
    designationHint: 'Wird Teil des Links und steht unter dem gedruckten Code.',
    employee: 'Mitarbeiter',
    chooseEmployee: 'Bitte wählen …',
    preview: 'Vorschau erstellen',
    previewing: 'Vorschau wird erstellt...',
    exportPng: 'Als PNG exportieren',
    copyLink: 'Link kopieren',
    previewTitle: 'Vorschau',
    previewEmpty:
      'Noch keine Vorschau. Wählen Sie einen Typ, geben Sie eine Bezeichnung ein und erstellen Sie die Vorschau.',
    created: 'Neuer Bezahlpunkt angelegt',
    existing: 'Bestehender Bezahlpunkt',
    open: 'Link öffnen',
    usageTitle: 'Verwendungshinweise',
    usage: [
      'Allgemein: ein Code für den ganzen Betrieb, z. B. am Eingang oder auf der Rechnung.',
      'Persönlich: der Code eines Mitarbeiters, z. B. auf dem Namensschild.',
      'Objekt: ein Code pro Tisch, Zimmer oder Bar; gleiche Bezeichnung ergibt denselben Code.',
      'Testen Sie jeden Code vor dem Aushang mit dem eigenen Handy.',
    ],
    printTitle: 'Druckempfehlungen',
    print: [
      'Mindestgröße 2 x 2 cm.',
      'Empfohlen 3 x 3 cm oder größer.',
      'Schwarz auf Weiß, mit weißem Rand rund um den Code; nicht spiegelnd laminieren.',
    ],
    toasts: {
      exported: {
        title: 'Download erfolgreich',
        description: 'QR-Code wurde als PNG gespeichert.',
      },
      exportFailed: {
        title: 'Export fehlgeschlagen',
        description: 'Der QR-Code konnte nicht exportiert werden.',
      },
      copied: 'Link kopiert',
      copyFailed: {
        title: 'Kopieren fehlgeschlagen',
        description: 'Link konnte nicht kopiert werden.',
      },
      previewFailed: 'QR-Code konnte nicht generiert werden.',
    },
  },
} as const;
