import { counted } from '../domain/counted';
import { type PageRange, pageRangeText } from '../domain/page-range';
/** German texts of the admin console (spec §2 admin screens, §8 admin toasts). */
export const adminTexts = {
  shell: {
    productName: 'Trinkgeld',
    consoleName: 'Admin-Konsole',
    navLabel: 'Admin-Navigation',
    menu: 'Menü',
    closeMenu: 'Menü schließen',
    /** The first link for keyboard users, over the header to the page. */
    skipToContent: 'Zum Inhalt springen',
    business: 'Betrieb',
    chooseBusiness: 'Betrieb wählen',
    chooseBusinessHint: 'Bitte wählen Sie einen Betrieb aus, um fortzufahren.',
    noBusinessYet:
      'Es gibt noch keinen Betrieb. Legen Sie unter „Betriebe“ den ersten Betrieb an und laden Sie seinen Inhaber ein.',
    toOperatorConsole: 'Zu den Betrieben',
    /**
     * The banner while the platform admin works inside a business (decision
     * 0511), with the way back to the platform view.
     */
    actingIn: (business: string) =>
      `Sie arbeiten als Plattform-Betreiber im Betrieb „${business}“.`,
    actingInLabel: 'Arbeit in einem Betrieb',
    backToPlatform: 'Zur Plattform-Ansicht',
    employeeView: 'Mitarbeiter-Ansicht',
    soon: 'Demnächst',
    backToDashboard: 'Zurück zum Dashboard',
    /** Names of page regions for screen readers. */
    figures: 'Kennzahlen',
    notes: 'Hinweise',
  },
  /** Toast titles and the spec's admin messages (§8). */
  toasts: {
    errorTitle: 'Fehler',
    loadFailed: 'Daten konnten nicht geladen werden.',
    statusFailed: 'Status konnte nicht geändert werden.',
    regenerateFailed: 'UID konnte nicht regeneriert werden.',
    deleteFailed: 'UID konnte nicht gelöscht werden.',
    createFailed: 'Bezahlpunkt konnte nicht erstellt werden.',
    updateFailed: 'Bezahlpunkt konnte nicht gespeichert werden.',
    demoFailed: 'Demo-Daten konnten nicht generiert werden.',
    qrFailed: 'QR-Code konnte nicht generiert werden.',
    staffFailed: 'Mitarbeiter konnten nicht geladen werden.',
    qrDataFailed: 'QR-Code Daten konnten nicht geladen werden.',
    downloadFailed: {
      title: 'Download fehlgeschlagen',
      description: 'QR-Code konnte nicht heruntergeladen werden.',
    },
    downloaded: {
      title: 'Download erfolgreich',
      description: 'QR-Code wurde als PNG gespeichert.',
    },
    svgDownloaded: {
      title: 'Download erfolgreich',
      description: 'QR-Code wurde als SVG gespeichert.',
    },
    pdfDownloaded: {
      title: 'Download erfolgreich',
      description: 'Druckvorlage wurde als PDF gespeichert.',
    },
    copyFailed: {
      title: 'Kopieren fehlgeschlagen',
      description: 'Link konnte nicht kopiert werden.',
    },
    copied: 'Link kopiert',
    exportFailed: {
      title: 'Export fehlgeschlagen',
      description: 'Der QR-Code konnte nicht exportiert werden.',
    },
    created: 'Bezahlpunkt erstellt',
    updated: 'Bezahlpunkt gespeichert',
    activated: 'Bezahlpunkt aktiviert',
    deactivated: 'Bezahlpunkt deaktiviert',
    regenerated: 'UID regeneriert',
    primary: 'Haupt-QR-Code festgelegt',
    primaryText: (label: string, person: string | null) =>
      `„${label}“ ist jetzt der QR-Code${person ? ` von ${person}` : ''} in „Mein QR-Code“.`,
    primaryFailed: 'Der Haupt-QR-Code konnte nicht festgelegt werden.',
    regeneratedText: (uid: string) => `Neue UID: ${uid}. Die alte UID funktioniert nicht mehr.`,
    deleted: 'UID gelöscht',
    demoGenerated: 'Demo-Daten generiert',
    demoGeneratedText: (created: number, deleted: number) =>
      `${counted(created, 'Demo-Bezahlpunkt', 'Demo-Bezahlpunkte')} angelegt, ${counted(deleted, 'alter', 'alte')} ersetzt.`,
    auditLoadFailed: {
      title: 'Fehler beim Laden',
      description: 'Audit-Logs konnten nicht geladen werden.',
    },
  },
  dashboard: {
    title: 'Admin Dashboard',
    welcome: (name: string) => `Willkommen zurück, ${name}!`,
    /** The session of a person's first sign-in (decision 0510): nobody is welcomed back yet. */
    welcomeFirst: (name: string) => `Willkommen bei Trinkgeld, ${name}!`,
    welcomeText:
      'Hier verwalten Sie Bezahlpunkte, QR-Codes, Branding und die AiO-Integration Ihres Betriebs.',
    tiles: {
      employees: 'Aktive Mitarbeiter',
      employeesHint: 'mit eigenem Zugang',
      qrCodes: 'QR-Codes',
      qrCodesHint: 'aktive Bezahlpunkte und QR-Codes',
      tips: 'Monatliche Tipps',
      tipsHint: (count: number, since: string) =>
        `${counted(count, 'Trinkgeld', 'Trinkgelder')} seit ${since}`,
    },
    menuTitle: 'Verwaltung',
    open: 'Öffnen',
    securityTitle: 'Sicherheitshinweis',
    securityText:
      'Halten Sie Ihre Zugangsdaten vertraulich und geben Sie sie nicht weiter. Melden Sie sich nach der Arbeit immer ab, besonders an gemeinsam genutzten Geräten. Jede Aktion in der Admin-Konsole wird im Audit-Log protokolliert.',
  },
  /** Menu cards and the header navigation (navLabel: its short name). */
  menu: {
    qrCodes: {
      navLabel: 'QR-Codes',
      title: 'QR-Code Verwaltung',
      description: 'QR-Codes erzeugen, als PNG exportieren und drucken.',
    },
    qrView: {
      navLabel: 'QR-Ansicht',
      title: 'QR-Code Ansicht',
      description: 'Den aktiven QR-Code jedes Mitarbeiters ansehen.',
    },
    uid: {
      navLabel: 'UID-Verwaltung',
      title: 'UID-Verwaltung',
      description: 'Bezahlpunkte anlegen, filtern, aktivieren und löschen.',
    },
    aio: {
      navLabel: 'AiO',
      title: 'AiO Integration',
      description: 'Verbindung zum NFC/QR-Formatierungsdienst.',
    },
    branding: {
      navLabel: 'Branding',
      title: 'Branding Verwaltung',
      description: 'Farben, Logo und Texte der Gästeseiten.',
    },
    reports: {
      navLabel: 'Berichte',
      title: 'Berichte & Statistiken',
      description: 'Auswertungen und CSV-Export.',
    },
    users: {
      navLabel: 'Benutzer',
      title: 'Benutzerverwaltung',
      description: 'Mitarbeitende, Teams und Rollen.',
    },
    dashboard: {
      navLabel: 'Dashboard',
      title: 'Dashboard',
      description: 'Kennzahlen und Audit-Log.',
    },
  },
  audit: {
    title: 'Audit-Log',
    description: 'Alle Admin-Aktionen dieses Betriebs, neueste zuerst.',
    refresh: 'Aktualisieren',
    empty: 'Keine Audit-Logs vorhanden',
    columns: {
      at: 'Zeitpunkt',
      admin: 'Admin',
      action: 'Aktion',
      target: 'Ziel',
      details: 'Details',
    },
    filterAction: 'Aktion',
    allActions: 'Alle Aktionen',
    from: 'Von',
    to: 'Bis',
    newer: 'Neuere',
    older: 'Ältere',
    /** The rows this page shows, "11–20 von 27" (as every paginated list). */
    shownRange: (range: PageRange) => pageRangeText(range, 'von'),
    /** Rows of the inbound AiO sync (decision 0104). */
    aioSync: 'AiO-Sync',
    /** Rows written without a person, e.g. settlement refunding a tip paid twice. */
    system: 'System',
    /** Rows the hourly retention job writes (a closed business's erasure). */
    retentionJob: 'Aufbewahrungsfrist (System)',
    /** Rows an API key wrote through the business API (decision 0640). */
    apiKey: (name: string) => `API-Schlüssel „${name}“`,
    /** The audit log as CSV: every row of the business. */
    exportCsv: 'Als CSV exportieren',
    /** Ids are references to copy, never part of the sentence. */
    reference: 'Referenz',
    copy: 'Kopieren',
    copyReference: (label: string, id: string) => `Referenz ${label} ${id} kopieren`,
    referenceCopied: 'Referenz kopiert',
    referenceCopyFailed: {
      title: 'Kopieren fehlgeschlagen',
      description: 'Die Referenz konnte nicht kopiert werden.',
    },
  },
} as const;
